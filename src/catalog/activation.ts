// Conditional skills: a skill with `paths` stays out of the listing until a touched file matches one
// of its patterns, gitignore-style, relative to the project root. Once activated it stays active for
// the session (the caller keeps the set).

import path from 'node:path';
import ignore from 'ignore';

/** A skill that may activate: its id and its `paths` patterns. */
export interface ConditionalSkill {
  id: string;
  paths: readonly string[];
}

/** The conditional skills of a catalog: those with `paths`, as activation needs them. */
export function conditionalSkills(
  skills: ReadonlyArray<{ id: string; frontmatter: { paths?: readonly string[] } }>,
): ConditionalSkill[] {
  return skills
    .filter((s) => (s.frontmatter.paths ?? []).length > 0)
    .map((s) => ({ id: s.id, paths: s.frontmatter.paths ?? [] }));
}

/** The ids of `skills` that `touched` files activate, sorted. Files outside `root` match nothing. */
export function activatedBy(
  skills: readonly ConditionalSkill[],
  touched: readonly string[],
  root: string,
): string[] {
  const files = touched
    .map((f) => path.relative(root, path.resolve(root, f)).split(path.sep).join('/'))
    .filter((f) => f !== '' && !f.startsWith('../') && f !== '..' && !path.isAbsolute(f));
  if (files.length === 0) return [];
  const out: string[] = [];
  for (const s of skills) {
    const patterns = s.paths.filter((p) => p.trim() !== '');
    if (patterns.length === 0) continue;
    const matcher = ignore().add(patterns);
    if (files.some((f) => matcher.ignores(f))) out.push(s.id);
  }
  return out.sort();
}
