// The change between two catalogs: what an index, a watcher or a session applies instead of starting again.

import type { Skill } from '../skill/types.js';

/** Skills added, removed and changed between two catalogs (by SKILL.md path), each sorted by path. */
export interface CatalogChanges {
  added: Skill[];
  removed: Skill[];
  /** Same path, other content or another id. */
  changed: Array<{ before: Skill; after: Skill }>;
  /** How many skills are the same in both. */
  unchanged: number;
}

const byPath = (a: { path: string }, b: { path: string }): number =>
  a.path < b.path ? -1 : a.path > b.path ? 1 : 0;

/** What changed from `before` to `after`; a skill is the same when its path, content hash and id are. */
export function diffCatalogs(
  before: { skills: readonly Skill[] },
  after: { skills: readonly Skill[] },
): CatalogChanges {
  const old = new Map(before.skills.map((s) => [s.path, s]));
  const changes: CatalogChanges = { added: [], removed: [], changed: [], unchanged: 0 };
  const seen = new Set<string>();
  for (const s of after.skills) {
    seen.add(s.path);
    const was = old.get(s.path);
    if (!was) changes.added.push(s);
    else if (was.contentHash !== s.contentHash || was.id !== s.id)
      changes.changed.push({ before: was, after: s });
    else changes.unchanged++;
  }
  for (const s of before.skills) if (!seen.has(s.path)) changes.removed.push(s);
  changes.added.sort(byPath);
  changes.removed.sort(byPath);
  changes.changed.sort((a, b) => byPath(a.after, b.after));
  return changes;
}

/** True when nothing changed. */
export function isUnchanged(c: CatalogChanges): boolean {
  return c.added.length === 0 && c.removed.length === 0 && c.changed.length === 0;
}
