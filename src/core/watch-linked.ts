// Skill folders that discovery reached through a link out of a watch's roots: the watch does not
// follow links, so each such folder is watched as a base of its own, and followed as the catalog changes.

import path from 'node:path';
import type { FSWatcher } from 'chokidar';
import { SKILL_FILE_LEVELS, systemFolder } from '../files/folders.js';
import type { Skill } from '../skill/types.js';
import { covered, type WatchBase, type WatchScope } from './watch-scope.js';

/** The skill folders out of a watch's roots that it watches, kept in step with its scope and watcher. */
export class LinkedFolders {
  /** The folders watched now. */
  readonly folders = new Set<string>();

  /** Folders out of `roots` are linked; each one is added to (and removed from) `scope`. */
  constructor(
    private readonly roots: readonly WatchBase[],
    private readonly scope: WatchScope,
  ) {}

  /** Start with the linked folders of `skills` (before the watcher starts, which then watches them). */
  start(skills: readonly Skill[]): void {
    for (const d of this.wanted(skills)) this.watch(d);
  }

  /** Watch the folders of `skills` now out of the roots, and no longer the others; returns those added. */
  follow(skills: readonly Skill[], watcher: FSWatcher): string[] {
    const wanted = this.wanted(skills);
    const added = [...wanted].filter((d) => !this.folders.has(d));
    for (const d of this.folders)
      if (!wanted.has(d)) {
        this.folders.delete(d);
        this.scope.removeBase(d);
        this.scope.forget(d);
        watcher.unwatch(d);
      }
    for (const d of added) this.watch(d);
    if (added.length > 0) watcher.add(added);
    return added;
  }

  /** The folders of `skills` that are out of the roots (system folders aside). */
  private wanted(skills: readonly Skill[]): Set<string> {
    return new Set(
      skills
        .map((s) => path.dirname(s.realPath))
        .filter((d) => systemFolder(d) === undefined && !covered(this.roots, d)),
    );
  }

  /** Add one folder, to the depth a skill's files can be at. */
  private watch(d: string): void {
    this.folders.add(d);
    this.scope.addBase({ dir: d, depth: SKILL_FILE_LEVELS });
  }
}
