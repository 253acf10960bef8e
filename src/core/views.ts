// The plain JSON values the service returns: what `--json` prints and what the MCP server will send.

import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { LintResult } from '../lint/run.js';
import type { Skill } from '../skill/types.js';

/** One row of `list`. */
export interface SkillSummary {
  id: string;
  name: string;
  /** The SKILL.md, absolute. */
  path: string;
  scope: string;
  description: string;
}

/** `show`: where a skill is, its front matter as written, its diagnostics, and its body when asked. */
export interface ShowResult extends SkillSummary {
  dir: string;
  descriptionSource: Skill['descriptionSource'];
  frontmatter: Record<string, unknown>;
  contentHash: string;
  size: Skill['size'];
  diagnostics: Diagnostic[];
  body?: string;
}

/** `index`: what bringing the index up to date changed, and how long it took. */
export interface IndexReport {
  /** The index file, or `:memory:` when nothing was saved. */
  file: string;
  skills: number;
  added: number;
  changed: number;
  removed: number;
  unchanged: number;
  ms: number;
}

/** `lint`: counts, and every diagnostic whole (end positions, data and related locations kept). */
export interface LintReport {
  summary: { skills: number; errors: number; warnings: number };
  diagnostics: Diagnostic[];
}

export function skillSummary(s: Skill): SkillSummary {
  return {
    id: s.id,
    name: s.name,
    path: s.path,
    scope: s.source.scope,
    description: s.description,
  };
}

export function showResult(skill: Skill, body: string | undefined): ShowResult {
  return {
    ...skillSummary(skill),
    dir: skill.dir,
    descriptionSource: skill.descriptionSource,
    frontmatter: skill.raw,
    contentHash: skill.contentHash,
    size: skill.size,
    diagnostics: skill.diagnostics,
    ...(body !== undefined ? { body } : {}),
  };
}

export function lintReport(r: LintResult): LintReport {
  return {
    summary: { skills: r.skills, errors: r.errors, warnings: r.warnings },
    diagnostics: r.diagnostics,
  };
}
