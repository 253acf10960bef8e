// lintSkills: discover, run every enabled rule, apply config and inline disables, count.

import path from 'node:path';
import type { RuleSetting } from '../config/config.js';
import { compareDiagnostics, type Diagnostic, diagnostic } from '../diagnostics/diagnostic.js';
import { type DiscoverOptions, type DiscoverResult, discoverSkills } from '../discover/discover.js';
import { SkillsetError } from '../errors.js';
import { type FileSystem, nodeFileSystem, pathExists } from '../files/fs.js';
import { closest } from '../text/did-you-mean.js';
import { BUILTIN_CODES, builtinSeverity } from './builtin.js';
import {
  formatMessage,
  type Profile,
  type Report,
  type Rule,
  type RuleSeverity,
  type SkillContext,
  type SkillInput,
} from './define-rule.js';
import { disabledCodes, namedCodes } from './disable.js';
import { readInput } from './input.js';
import { RULES } from './rules/index.js';

/** Options for lintSkills: discovery options plus the profile and per-rule settings. */
export interface LintOptions extends DiscoverOptions {
  /** `recommended` (default), `spec` or `security`. */
  profile?: Profile;
  /** Per-rule settings, as in the config file: `off`, `warn`, `error`, or `[level, options]`. */
  rules?: Record<string, RuleSetting>;
  /** Rules to run after the built-in ones (a project's own rules), each with its own code. */
  extraRules?: readonly Rule<unknown>[];
}

/** The outcome of a lint run. */
export interface LintResult {
  /** Skills linted (shadowed ones included). */
  skills: number;
  errors: number;
  warnings: number;
  /** Every diagnostic, sorted by file and position. */
  diagnostics: Diagnostic[];
}

interface Enabled {
  rule: Rule<unknown>;
  severity: Exclude<RuleSeverity, 'off'>;
  options: unknown;
}

function toSeverity(level: string): RuleSeverity {
  return level === 'warn' ? 'warning' : (level as RuleSeverity);
}

const ALL_RULES = RULES as unknown as readonly Rule<unknown>[];

/** Resolve which rules run, at what severity and with what options; a bad setting is a SkillsetError. */
export function resolveRules(
  profile: Profile,
  settings: Record<string, RuleSetting> = {},
  extra: readonly Rule<unknown>[] = [],
): { enabled: Enabled[]; builtin: Map<string, RuleSeverity> } {
  const all = [...ALL_RULES, ...extra];
  const byCode = new Map(all.map((r) => [r.code, r]));
  const builtin = new Map<string, RuleSeverity>();
  for (const [code, setting] of Object.entries(settings)) {
    const level = typeof setting === 'string' ? setting : setting[0];
    if (byCode.has(code)) continue;
    if ((BUILTIN_CODES as readonly string[]).includes(code)) {
      builtin.set(code, toSeverity(level));
      continue;
    }
    const guess = closest(code, [...byCode.keys(), ...BUILTIN_CODES]);
    throw new SkillsetError('config/unknown-rule', `Unknown rule \`${code}\` in config`, {
      hint: guess
        ? `Did you mean \`${guess}\`?`
        : 'Run `skillset lint --list-rules` to see the rules.',
    });
  }
  const enabled: Enabled[] = [];
  for (const rule of all) {
    const setting = settings[rule.code];
    const severity =
      setting === undefined
        ? rule.severity[profile]
        : toSeverity(typeof setting === 'string' ? setting : setting[0]);
    if (severity === 'off') continue;
    const raw = typeof setting === 'object' && setting.length > 1 ? setting[1] : {};
    // Strict: an option name with a typo must not be dropped silently.
    const schema = rule.options as unknown as { strict?: () => typeof rule.options };
    const parsed = (schema.strict ? schema.strict() : rule.options).safeParse(raw ?? {});
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new SkillsetError(
        'config/invalid-rule-options',
        `Invalid options for \`${rule.code}\`${issue?.path.length ? ` at \`${issue.path.join('.')}\`` : ''}: ${issue?.message ?? 'invalid'}`,
      );
    }
    enabled.push({ rule, severity, options: parsed.data });
  }
  return { enabled, builtin };
}

/** A rule that threw: named, and the run goes on with the other rules. */
function ruleFailed(code: string, file: string, e: unknown): Diagnostic {
  const message = e instanceof Error ? e.message : String(e);
  return diagnostic(
    'lint/rule-failed',
    'error',
    file,
    `Rule \`${code}\` failed here (${message}); the other rules ran. This is a bug in the rule`,
    { data: { rule: code, error: message } },
  );
}

const RANK: Record<Exclude<RuleSeverity, 'off'>, number> = { info: 0, warning: 1, error: 2 };

/** The lesser of a rule's severity and a report's cap. */
function capped(
  severity: Exclude<RuleSeverity, 'off'>,
  cap: Exclude<RuleSeverity, 'off'> | undefined,
): Exclude<RuleSeverity, 'off'> {
  return cap !== undefined && RANK[cap] < RANK[severity] ? cap : severity;
}

function makeDiagnostic(
  rule: Rule<unknown>,
  severity: Exclude<RuleSeverity, 'off'>,
  file: string,
  report: Report,
): Diagnostic {
  const template = rule.messages[report.messageId];
  if (template === undefined)
    throw new Error(`Rule ${rule.code} has no message \`${report.messageId}\``);
  const extra: Parameters<typeof diagnostic>[4] = { start: report.start ?? { line: 1, column: 1 } };
  if (report.end) extra.end = report.end;
  if (report.data) extra.data = { ...report.data };
  if (report.related) extra.related = report.related;
  return diagnostic(
    rule.code,
    capped(severity, report.cap),
    report.file ?? file,
    formatMessage(template, report.data),
    extra,
  );
}

/** Lint skills: discovery and parse problems plus every enabled rule. Throws SkillsetError only for bad settings. */
export async function lintSkills(options: LintOptions = {}): Promise<LintResult> {
  const profile = options.profile ?? 'recommended';
  const { enabled, builtin } = resolveRules(profile, options.rules, options.extraRules);
  const fs = options.fs ?? nodeFileSystem;
  // Discovery hands over the bytes it reads (cache misses), so each file is read once.
  const seen = new Map<string, Buffer>();
  const found = await discoverSkills({
    ...options,
    acceptLowercaseSkillFile: options.acceptLowercaseSkillFile ?? profile === 'spec',
    onFileRead: (p, bytes) => seen.set(p, bytes),
  });
  const out: Diagnostic[] = [];
  for (const d of found.diagnostics) {
    const severity = builtin.get(d.code) ?? builtinSeverity(profile, d.code, d.severity);
    if (severity !== 'off') out.push(severity === d.severity ? d : { ...d, severity });
  }
  // An explicit root with no skill at all is a finding, as the reference validator says.
  if (options.roots) noteEmptyRoots(found, out);

  const skills = [...found.skills, ...found.shadowed];
  const inputs: SkillInput[] = [];
  for (const skill of skills) {
    const input = await readInput(fs, skill, seen);
    if ('code' in input) {
      out.push(input);
      continue;
    }
    inputs.push(input);
    await runSkillRules(input, enabled, profile, fs, out);
  }
  await runCatalogRules(inputs, enabled, profile, found.roots[0]?.path ?? '.', out);

  const known = new Set<string>([
    ...ALL_RULES.map((r) => r.code),
    ...(options.extraRules ?? []).map((r) => r.code),
    ...BUILTIN_CODES,
  ]);
  // An audit does not let the skill it audits turn its rules off: the disable is the skill's own text.
  const kept = profile === 'security' ? out : withoutDisabled(out, inputs, known);
  kept.sort(compareDiagnostics);
  return {
    skills: skills.length,
    errors: kept.filter((d) => d.severity === 'error').length,
    warnings: kept.filter((d) => d.severity === 'warning').length,
    diagnostics: kept,
  };
}

/** Add to `out` a finding for each root where discovery found no skill and nothing in `out` is about it. */
function noteEmptyRoots(found: DiscoverResult, out: Diagnostic[]): void {
  for (const root of found.roots) {
    const prefix = root.path.endsWith(path.sep) ? root.path : `${root.path}${path.sep}`;
    const anything = out.some((d) => d.file === root.path || d.file.startsWith(prefix));
    const any = [...found.skills, ...found.shadowed].some((s) => s.path.startsWith(prefix));
    if (!any && !anything) {
      out.push(
        diagnostic(
          'lint/no-skills',
          'error',
          root.path,
          'Missing required file: SKILL.md (no skill found in this folder)',
        ),
      );
    }
  }
}

/** Run every enabled rule of scope `skill` on one skill's input, its findings added to `out`. */
export async function runSkillRules(
  input: SkillInput,
  enabled: readonly Enabled[],
  profile: Profile,
  fs: FileSystem,
  out: Diagnostic[],
): Promise<void> {
  const { skill } = input;
  // One context per skill (it inherits the input's lazy text and body); rules run one at a time.
  const ctx = Object.create(input) as SkillContext<unknown>;
  ctx.profile = profile;
  ctx.exists = (p: string) => pathExists(fs, p);
  ctx.fs = fs;
  for (const { rule, severity, options: ruleOptions } of enabled) {
    if (rule.scope !== 'skill') continue;
    ctx.options = ruleOptions;
    ctx.report = (r: Report) => out.push(makeDiagnostic(rule, severity, skill.path, r));
    try {
      await rule.check(ctx);
    } catch (e) {
      out.push(ruleFailed(rule.code, skill.path, e));
    }
  }
}

/** Run every enabled rule of scope `catalog` on all the inputs, their findings added to `out`. */
async function runCatalogRules(
  inputs: SkillInput[],
  enabled: readonly Enabled[],
  profile: Profile,
  firstRoot: string,
  out: Diagnostic[],
): Promise<void> {
  for (const { rule, severity, options: ruleOptions } of enabled) {
    if (rule.scope !== 'catalog') continue;
    try {
      await rule.check({
        skills: inputs,
        options: ruleOptions,
        profile,
        report: (r) => out.push(makeDiagnostic(rule, severity, r.file, r)),
      });
    } catch (e) {
      out.push(ruleFailed(rule.code, firstRoot, e));
    }
  }
}

/**
 * The diagnostics of `out` that no inline disable of their own file turns off, plus a warning for
 * each disable that names no `known` code (added to `out` first).
 */
function withoutDisabled(
  out: Diagnostic[],
  inputs: readonly SkillInput[],
  known: ReadonlySet<string>,
): Diagnostic[] {
  const disabled = new Map<string, Set<string> | 'all'>();
  for (const input of inputs) {
    const { bytes } = input as SkillInput & { bytes: Buffer };
    if (!bytes.includes('skillset-disable')) continue;
    disabled.set(input.skill.path, disabledCodes(input.text));
    // A code that does not exist disables nothing: a typo would hide nothing and say nothing.
    for (const n of namedCodes(input.text)) {
      if (known.has(n.code)) continue;
      const guess = closest(n.code, [...known]);
      out.push(
        diagnostic(
          'lint/unknown-disable',
          'warning',
          input.skill.path,
          `\`skillset-disable\` names \`${n.code}\`, which is not a diagnostic code${guess ? `; did you mean \`${guess}\`?` : ''}`,
          {
            start: { line: n.line, column: n.column },
            data: { code: n.code, ...(guess ? { didYouMean: guess } : {}) },
          },
        ),
      );
    }
  }
  return out.filter((d) => {
    const off = disabled.get(d.file);
    return !off || (off !== 'all' && !off.has(d.code));
  });
}
