// Table-driven rule tests: lint an in-memory library under /lib and compare one rule's diagnostics.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { RuleSetting } from '../../config/config.js';
import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import { createMemoryFileSystem, type MemoryTree } from '../../files/memory-fs.js';
import { formatMessage, type Profile, type Rule } from '../define-rule.js';
import { lintSkills } from '../run.js';

/** What a case expects of one diagnostic: its message (by id, or a substring) and, if given, where. */
export interface Expected {
  messageId?: string;
  /** A substring of the message. */
  message?: string;
  line?: number;
  column?: number;
  endLine?: number;
  endColumn?: number;
  /** Entries the diagnostic's data must have. */
  data?: Record<string, string | number>;
  /** The file, relative to the library root (`x/SKILL.md`). */
  file?: string;
  /** The severity, when a finding is capped below the rule's (else the rule's in the profile). */
  severity?: Diagnostic['severity'];
}

/** One row of a rule's table. */
export interface RuleCase {
  title: string;
  /** Files by path under the library root: `{ 'x/SKILL.md': '---\n…' }`. */
  files: Record<string, string | Buffer>;
  /** Defaults to `recommended` when the rule runs there, else `spec`. */
  profile?: Profile;
  /** Rule options; the rule then runs at its profile severity (or `warning` where it is off). */
  options?: Record<string, unknown>;
  /** The rule's diagnostics, in file and position order; `[]` for none. */
  expect: Expected[];
}

/** The library root the harness lints. */
export const LIB = '/lib';

/** Files by relative path → a memory tree. */
export function toTree(files: Record<string, string | Buffer>): MemoryTree {
  const tree: MemoryTree = {};
  for (const [p, text] of Object.entries(files)) {
    const parts = p.split('/');
    let node = tree;
    for (const part of parts.slice(0, -1)) {
      node[part] ??= {};
      node = node[part] as MemoryTree;
    }
    node[parts[parts.length - 1] as string] = text;
  }
  return tree;
}

/** The profile a rule is tested in by default: `recommended` if it runs there, else `spec`, else `security`. */
export function defaultProfile<O>(rule: Rule<O>): Profile {
  if (rule.severity.recommended !== 'off') return 'recommended';
  return rule.severity.spec !== 'off' ? 'spec' : 'security';
}

/** Lint `files` under /lib and return the diagnostics of `rule` only. */
export async function lintWithRule<O>(
  rule: Rule<O>,
  files: Record<string, string | Buffer>,
  options: { profile?: Profile; options?: Record<string, unknown> } = {},
): Promise<Diagnostic[]> {
  const profile = options.profile ?? defaultProfile(rule);
  const rules: Record<string, RuleSetting> = {};
  if (options.options) {
    const level = rule.severity[profile];
    rules[rule.code] = [level === 'off' ? 'warning' : level, options.options];
  }
  const fs = createMemoryFileSystem({ lib: toTree(files) });
  const r = await lintSkills({ fs, roots: [LIB], profile, rules });
  return r.diagnostics.filter((d) => d.code === rule.code);
}

function matches<O>(rule: Rule<O>, d: Diagnostic, e: Expected): string | undefined {
  if (e.messageId !== undefined) {
    const template = rule.messages[e.messageId];
    if (template === undefined) return `no message \`${e.messageId}\``;
    const data = (d.data ?? {}) as Record<string, string | number>;
    if (formatMessage(template, data) !== d.message) return `not message \`${e.messageId}\``;
  }
  if (e.message !== undefined && !d.message.includes(e.message))
    return `message lacks "${e.message}"`;
  if (e.line !== undefined && d.start.line !== e.line)
    return `line ${d.start.line}, expected ${e.line}`;
  if (e.column !== undefined && d.start.column !== e.column) {
    return `column ${d.start.column}, expected ${e.column}`;
  }
  if (e.endLine !== undefined && d.end?.line !== e.endLine) {
    return `end line ${d.end?.line}, expected ${e.endLine}`;
  }
  if (e.endColumn !== undefined && d.end?.column !== e.endColumn) {
    return `end column ${d.end?.column}, expected ${e.endColumn}`;
  }
  if (e.file !== undefined && d.file !== `${LIB}/${e.file}`)
    return `file ${d.file}, expected ${e.file}`;
  for (const [k, v] of Object.entries(e.data ?? {})) {
    if (d.data?.[k] !== v) return `data.${k} ${String(d.data?.[k])}, expected ${String(v)}`;
  }
  return undefined;
}

/** Run a rule's table: one `it` per case, each comparing the rule's diagnostics with `expect`. */
export function testRule<O>(rule: Rule<O>, cases: readonly RuleCase[]): void {
  describe(rule.code, () => {
    for (const c of cases) {
      it(c.title, async () => {
        const profile = c.profile ?? defaultProfile(rule);
        const opts: { profile: Profile; options?: Record<string, unknown> } = { profile };
        if (c.options) opts.options = c.options;
        const got = await lintWithRule(rule, c.files, opts);
        const shown = JSON.stringify(
          got.map((d) => `${d.start.line}:${d.start.column} ${d.message}`),
        );
        assert.equal(got.length, c.expect.length, `diagnostics: ${shown}`);
        const severity = rule.severity[profile];
        c.expect.forEach((e, i) => {
          const d = got[i] as Diagnostic;
          const problem = matches(rule, d, e);
          assert.equal(problem, undefined, `diagnostic ${i}: ${problem}; got ${shown}`);
          if (e.severity !== undefined) assert.equal(d.severity, e.severity);
          else if (severity !== 'off' && !c.options) assert.equal(d.severity, severity);
        });
      });
    }
  });
}
