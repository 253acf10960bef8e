// The skills an index is to hold, by SKILL.md path: taken from a catalog when the index opens, then
// moved on by each catalog change applied. The store is brought in line with them, and a document to
// (re)index is read from them, whichever path the store finds it lacks (another process sharing the
// file may have written another catalog).

import type { CatalogChanges } from '../catalog/diff.js';
import type { Skill } from '../skill/types.js';
import type { IndexContents } from './index-store.js';

/** The skills an index is to hold, by path; a value (a change makes a new one). */
export class IndexedSkills {
  private constructor(private readonly byPath: ReadonlyMap<string, Skill>) {}

  /** The skills of a catalog. */
  static of(catalog: { skills: readonly Skill[] }): IndexedSkills {
    return new IndexedSkills(new Map(catalog.skills.map((s) => [s.path, s])));
  }

  /** These skills with `changes` applied: the removed dropped, the added and changed (re)placed. */
  after(changes: CatalogChanges): IndexedSkills {
    const next = new Map(this.byPath);
    for (const s of changes.removed) next.delete(s.path);
    for (const s of changes.added) next.set(s.path, s);
    for (const c of changes.changed) {
      next.delete(c.before.path);
      next.set(c.after.path, c.after);
    }
    return new IndexedSkills(next);
  }

  /** What the store should hold: path → content hash and id. */
  contents(): IndexContents {
    return new Map([...this.byPath].map(([p, s]) => [p, { hash: s.contentHash, id: s.id }]));
  }

  /** The skill at `path`, if these skills hold one. */
  at(path: string): Skill | undefined {
    return this.byPath.get(path);
  }
}
