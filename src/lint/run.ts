// lintSkills: discover, run every enabled rule, apply config and inline disables, count.

import { isUtf8 } from 'node:buffer';
import path from 'node:path';
import type { RuleSetting } from '../config/config.js';
import {
  compareDiagnostics,
  type Diagnostic,
  diagnostic,
  type Position,
} from '../diagnostics/diagnostic.js';
import { type DiscoverOptions, discoverSkills } from '../discover/discover.js';
import { errorCode, type FileSystem, nodeFileSystem } from '../discover/fs.js';
import { SkillsetError } from '../errors.js';
import type { Skill } from '../skill/types.js';
import { closest } from '../text/did-you-mean.js';
import { BUILTIN_CODES, builtinSeverity } from './builtin.js';
import {
  formatMessage,
  type Profile,
  type Report,
  type Rule,
  type RuleSeverity,
  type SkillInput,
} from './define-rule.js';
import { disabledCodes } from './disable.js';
import { RULES } from './rules/index.js';

/** Options for lintSkills: discovery options plus the profile and per-rule settings. */
export interface LintOptions extends DiscoverOptions {
  /** `recommended` (default) or `spec`. */
  profile?: Profile;
  /** Per-rule settings, as in the config file: `off`, `warn`, `error`, or `[level, options]`. */
  rules?: Record<string, RuleSetting>;
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
): { enabled: Enabled[]; builtin: Map<string, RuleSeverity> } {
  const byCode = new Map(ALL_RULES.map((r) => [r.code, r]));
  const builtin = new Map<string, RuleSeverity>();
  for (const [code, setting] of Object.entries(settings)) {
    const level = typeof setting === 'string' ? setting : setting[0];
    if (byCode.has(code)) continue;
    if (BUILTIN_CODES.includes(code)) {
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
  for (const rule of ALL_RULES) {
    const setting = settings[rule.code];
    const severity =
      setting === undefined
        ? rule.severity[profile]
        : toSeverity(typeof setting === 'string' ? setting : setting[0]);
    if (severity === 'off') continue;
    const raw = typeof setting === 'object' && setting.length > 1 ? setting[1] : {};
    const parsed = rule.options.safeParse(raw ?? {});
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

async function readInput(fs: FileSystem, skill: Skill): Promise<SkillInput | undefined> {
  let r: Awaited<ReturnType<FileSystem['readFile']>>;
  try {
    r = await fs.readFile(skill.realPath || skill.path, Number.MAX_SAFE_INTEGER);
  } catch {
    return undefined; // gone since discovery: discovery diagnostics already speak for it
  }
  if (!r.ok) return undefined;
  const bytes = isUtf8(r.bytes) ? r.bytes : Buffer.from(r.bytes.toString('utf8'));
  // One full decode (UTF-8 decoding is most of the cost); the body is the text after the front matter.
  const text = bytes.toString('utf8');
  const body = text.slice(bytes.toString('utf8', 0, skill.bodyOffset).length);
  let lineStarts: number[] | undefined;
  return {
    skill,
    text,
    body,
    bodyPosition(offset: number): Position {
      if (!lineStarts) {
        lineStarts = [0];
        for (let i = 0; i < body.length; i++) if (body.charCodeAt(i) === 10) lineStarts.push(i + 1);
      }
      let lo = 0;
      let hi = lineStarts.length - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if ((lineStarts[mid] as number) <= offset) lo = mid;
        else hi = mid - 1;
      }
      return { line: skill.bodyLine + lo, column: offset - (lineStarts[lo] as number) + 1 };
    },
  };
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
    severity,
    report.file ?? file,
    formatMessage(template, report.data),
    extra,
  );
}

async function exists(fs: FileSystem, p: string): Promise<boolean> {
  try {
    await fs.stat(p);
    return true;
  } catch (e) {
    return errorCode(e) !== 'ENOENT' && errorCode(e) !== 'ENOTDIR';
  }
}

/** Lint skills: discovery and parse problems plus every enabled rule. Throws SkillsetError only for bad settings. */
export async function lintSkills(options: LintOptions = {}): Promise<LintResult> {
  const profile = options.profile ?? 'recommended';
  const { enabled, builtin } = resolveRules(profile, options.rules);
  const fs = options.fs ?? nodeFileSystem;
  const found = await discoverSkills({
    ...options,
    acceptLowercaseSkillFile: options.acceptLowercaseSkillFile ?? profile === 'spec',
  });
  const out: Diagnostic[] = [];
  for (const d of found.diagnostics) {
    const severity = builtin.get(d.code) ?? builtinSeverity(profile, d.code, d.severity);
    if (severity !== 'off') out.push(severity === d.severity ? d : { ...d, severity });
  }
  // An explicit root with no skill at all is a finding, as the reference validator says.
  for (const root of found.roots) {
    if (!options.roots) break;
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

  const skills = [...found.skills, ...found.shadowed];
  const inputs: SkillInput[] = [];
  for (const skill of skills) {
    const input = await readInput(fs, skill);
    if (!input) continue;
    inputs.push(input);
    for (const { rule, severity, options: ruleOptions } of enabled) {
      if (rule.scope !== 'skill') continue;
      await rule.check({
        ...input,
        options: ruleOptions,
        profile,
        exists: (p) => exists(fs, p),
        report: (r) => out.push(makeDiagnostic(rule, severity, skill.path, r)),
      });
    }
  }
  for (const { rule, severity, options: ruleOptions } of enabled) {
    if (rule.scope !== 'catalog') continue;
    rule.check({
      skills: inputs,
      options: ruleOptions,
      profile,
      report: (r) => out.push(makeDiagnostic(rule, severity, r.file, r)),
    });
  }

  // Inline disables apply to the diagnostics of their own file.
  const disabled = new Map<string, Set<string> | 'all'>();
  for (const input of inputs) disabled.set(input.skill.path, disabledCodes(input.text));
  const kept = out.filter((d) => {
    const off = disabled.get(d.file);
    return !off || (off !== 'all' && !off.has(d.code));
  });
  kept.sort(compareDiagnostics);
  return {
    skills: skills.length,
    errors: kept.filter((d) => d.severity === 'error').length,
    warnings: kept.filter((d) => d.severity === 'warning').length,
    diagnostics: kept,
  };
}
