// lintSkills: discover, run every enabled rule, apply config and inline disables, count.

import path from 'node:path';
import type { RuleSetting } from '../config/config.js';
import {
  compareDiagnostics,
  type Diagnostic,
  diagnostic,
  type Position,
} from '../diagnostics/diagnostic.js';
import { type DiscoverOptions, discoverSkills } from '../discover/discover.js';
import { type FileSystem, nodeFileSystem, pathExists } from '../discover/fs.js';
import { SkillsetError } from '../errors.js';
import { repairUtf8 } from '../skill/parse.js';
import type { Skill } from '../skill/types.js';
import { closest } from '../text/did-you-mean.js';
import { BUILTIN_CODES, builtinSeverity } from './builtin.js';
import {
  type BodyStats,
  formatMessage,
  type Profile,
  type Report,
  type Rule,
  type RuleSeverity,
  type SkillContext,
  type SkillInput,
} from './define-rule.js';
import { disabledCodes, namedCodes } from './disable.js';
import { RULES } from './rules/index.js';

/** Options for lintSkills: discovery options plus the profile and per-rule settings. */
export interface LintOptions extends DiscoverOptions {
  /** `recommended` (default) or `spec`. */
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

const isSpace = (b: number): boolean =>
  b === 32 || b === 10 || b === 13 || b === 9 || b === 12 || b === 11;

/** Sizes of `bytes[from..]`: lines, bytes, and bytes without surrounding white space. */
export function measureBody(bytes: Buffer, from: number): BodyStats {
  const to = bytes.length;
  let lines = 0;
  for (let i = bytes.indexOf(10, from); i !== -1; i = bytes.indexOf(10, i + 1)) lines++;
  if (to > from && bytes[to - 1] !== 10) lines++;
  let lead = from;
  while (lead < to && isSpace(bytes[lead] as number)) lead++;
  let trail = to;
  while (trail > lead && isSpace(bytes[trail - 1] as number)) trail--;
  return { lines, bytes: to - from, trimmedBytes: trail - lead };
}

/** A skill that could not be read again for its rules (gone or changed since discovery). */
function unreadable(skill: Skill, why: string): Diagnostic {
  return diagnostic(
    'lint/unreadable-skill',
    'warning',
    skill.path,
    `This file could not be read again for the rules (${why}); only discovery's checks apply to it`,
  );
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

async function readInput(
  fs: FileSystem,
  skill: Skill,
  seen: Map<string, Buffer>,
): Promise<SkillInput | Diagnostic> {
  let raw = seen.get(skill.realPath);
  if (!raw) {
    let r: Awaited<ReturnType<FileSystem['readFile']>>;
    try {
      r = await fs.readFile(skill.realPath || skill.path, Number.MAX_SAFE_INTEGER);
    } catch (e) {
      return unreadable(skill, (e as NodeJS.ErrnoException).code ?? (e as Error).message);
    }
    if (!r.ok) return unreadable(skill, r.reason);
    raw = r.bytes;
  }
  const bytes = repairUtf8(raw);
  // Decoding UTF-8 is most of what reading costs, and most rules never look at the body.
  let text: string | undefined;
  let body: string | undefined;
  const input = {
    skill,
    bodyStats: measureBody(bytes, skill.bodyOffset),
    bodyIncludes: (needle: string) => bytes.includes(needle, skill.bodyOffset),
    bodyBytePosition(offset: number): Position {
      const at = skill.bodyOffset + offset;
      const lineStart = bytes.lastIndexOf(10, at - 1) + 1;
      let line = skill.bodyLine;
      for (
        let i = bytes.indexOf(10, skill.bodyOffset);
        i !== -1 && i < lineStart;
        i = bytes.indexOf(10, i + 1)
      )
        line++;
      return {
        line,
        column: bytes.toString('utf8', Math.max(lineStart, skill.bodyOffset), at).length + 1,
      };
    },
  } as SkillInput & { bytes: Buffer };
  let latin1: string | undefined;
  Object.defineProperty(input, 'bodyBytes', {
    enumerable: false,
    get: () => {
      latin1 ??= bytes.toString('latin1', skill.bodyOffset);
      return latin1;
    },
  });
  Object.defineProperty(input, 'bytes', { value: bytes, enumerable: false });
  Object.defineProperty(input, 'text', {
    enumerable: true,
    get: () => {
      text ??= bytes.toString('utf8');
      return text;
    },
  });
  Object.defineProperty(input, 'body', {
    enumerable: true,
    get: () => {
      body ??=
        text !== undefined
          ? text.slice(bytes.toString('utf8', 0, skill.bodyOffset).length)
          : bytes.toString('utf8', skill.bodyOffset);
      return body;
    },
  });
  return input;
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
    const input = await readInput(fs, skill, seen);
    if ('code' in input) {
      out.push(input);
      continue;
    }
    inputs.push(input);
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
      out.push(ruleFailed(rule.code, found.roots[0]?.path ?? '.', e));
    }
  }

  // Inline disables apply to the diagnostics of their own file.
  const disabled = new Map<string, Set<string> | 'all'>();
  const known = new Set<string>([
    ...ALL_RULES.map((r) => r.code),
    ...(options.extraRules ?? []).map((r) => r.code),
    ...BUILTIN_CODES,
  ]);
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
