// The shape of a lint rule: code, severities per profile, options schema, messages, check.

import type { z } from 'zod';
import type { Position, RelatedLocation, Severity } from '../diagnostics/diagnostic.js';
import type { FileSystem } from '../files/fs.js';
import type { Skill } from '../skill/types.js';

/**
 * A lint profile: `spec` is the open specification as its reference validator applies it;
 * `security` runs only the rules that look for a hostile skill (`skillset audit`).
 */
export type Profile = 'spec' | 'recommended' | 'security';

/** The profiles, in a stable order. */
export const PROFILES: readonly Profile[] = ['spec', 'recommended', 'security'];

/** A rule's severity in a profile, or `off`. */
export type RuleSeverity = Severity | 'off';

/** Sizes of a body, measured on its bytes (no decoding needed). */
export interface BodyStats {
  /** Lines, as an editor counts them (a final newline ends the last line). */
  lines: number;
  /** UTF-8 bytes: tokens are estimated as bytes / 4, as for `Skill.size`. */
  bytes: number;
  /** Bytes without leading and trailing white space. */
  trimmedBytes: number;
}

/** One skill as a rule sees it: the record, its body, and helpers for positions. */
export interface SkillInput {
  skill: Skill;
  /** The whole file as text (invalid UTF-8 repaired); decoded on first access. */
  readonly text: string;
  /** The Markdown body; decoded on first access. */
  readonly body: string;
  /** Sizes of the body, without decoding it. */
  bodyStats: BodyStats;
  /** Does the body contain `needle`? Answered on the bytes, without decoding the body. */
  bodyIncludes(needle: string): boolean;
  /**
   * The body's bytes as a Latin-1 string: one character per byte, so ASCII syntax (Markdown
   * delimiters) is found at byte offsets without the cost of decoding UTF-8. Non-ASCII text
   * reads as mojibake: decode a slice with `Buffer.from(s, 'latin1').toString('utf8')`.
   */
  readonly bodyBytes: string;
  /** The file position of a byte offset into the body (see `bodyBytes`). */
  bodyBytePosition(offset: number): Position;
}

/** What a report carries: a message id, its data, and where. */
export interface Report {
  messageId: string;
  data?: Record<string, string | number>;
  /** Defaults to the start of the file. */
  start?: Position;
  end?: Position;
  /** The file, for catalog rules (defaults to the skill's). */
  file?: string;
  /** Other places that explain the finding (the skill a description duplicates, say). */
  related?: RelatedLocation[];
  /** At most this severity (a command a SKILL.md documents weighs less than one a script runs). */
  cap?: Severity;
}

/** What a skill rule is given. */
export interface SkillContext<O> extends SkillInput {
  options: O;
  profile: Profile;
  /** File system access rules may need (does a linked file exist?). */
  exists(path: string): Promise<boolean>;
  /** The file system lint reads through, for rules that read other files (imports). */
  fs: FileSystem;
  report(report: Report): void;
}

/** What a catalog rule is given: every skill at once. */
export interface CatalogContext<O> {
  skills: readonly SkillInput[];
  options: O;
  profile: Profile;
  report(report: Report & { file: string }): void;
}

interface RuleBase<O> {
  /** Stable kebab-case code, `group/name`. */
  code: string;
  /** One line: what the rule checks. */
  description: string;
  /** Severity in each profile (`off`: not run). */
  severity: Record<Profile, RuleSeverity>;
  /** Options schema with defaults: `schema.parse({})` gives the defaults. */
  options: z.ZodType<O>;
  /** Message templates keyed by id; `{name}` is replaced by `data.name`. */
  messages: Record<string, string>;
}

/** A rule that looks at one skill at a time. */
export interface SkillRule<O = unknown> extends RuleBase<O> {
  scope: 'skill';
  check(ctx: SkillContext<O>): void | Promise<void>;
}

/** A rule that looks at the whole catalog (near-duplicates, say). */
export interface CatalogRule<O = unknown> extends RuleBase<O> {
  scope: 'catalog';
  check(ctx: CatalogContext<O>): void;
}

/** Any rule. */
export type Rule<O = unknown> = SkillRule<O> | CatalogRule<O>;

/** Define a rule (an identity function that checks the shape at compile time). */
export function defineRule<O>(rule: SkillRule<O>): SkillRule<O>;
export function defineRule<O>(rule: CatalogRule<O>): CatalogRule<O>;
export function defineRule<O>(rule: Rule<O>): Rule<O> {
  return rule;
}

/** Fill a message template: `{name}` → `data.name`. */
export function formatMessage(
  template: string,
  data: Record<string, string | number> = {},
): string {
  return template.replace(/\{(\w+)\}/g, (m, key: string) => (key in data ? String(data[key]) : m));
}
