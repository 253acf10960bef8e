// What a watcher may watch (S12): the folders it was given, each to a depth, never a link's target,
// never `.git`, `node_modules`, a folder a `.gitignore` ignores or the operating system's folders,
// and at most a bounded number of paths; past the bound it says so once and watches nothing more.

import { realpath } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Ignore } from 'ignore';
import type { RootSpec } from '../discover/scopes.js';
import { SKILL_FILE_LEVELS, SKIPPED_FOLDERS, systemFolder } from '../files/folders.js';
import { readRegularFile } from '../util/read-regular.js';

/** A folder watched, and the deepest folder level below it whose entries are watched (it being 0). */
export interface WatchBase {
  dir: string;
  depth: number;
}

let ignoreFactory: ((options?: object) => Ignore) | undefined;

/** The paths a watcher takes in: chokidar asks `ignored(p)` of every path before it watches it. */
export class WatchScope {
  private readonly bases = new Map<string, number>();
  private readonly admitted = new Set<string>();
  /** Each folder's own `.gitignore` rules (`null`: it has none), read on first need. */
  private readonly gitignores = new Map<string, Ignore | null>();
  private full = false;

  constructor(
    private readonly maxPaths: number,
    /** Told once, when a path is refused for the bound. */
    private readonly onFull: () => void,
  ) {}

  /** The number of paths taken in. */
  get size(): number {
    return this.admitted.size;
  }

  /** Watch `base.dir` to `base.depth` (a deeper base for the same folder wins). */
  addBase(base: WatchBase): void {
    this.bases.set(base.dir, Math.max(base.depth, this.bases.get(base.dir) ?? -1));
  }

  removeBase(dir: string): void {
    this.bases.delete(dir);
  }

  /** True for a path not to watch (`stats` when chokidar has them); a path taken in counts toward the bound until `forget`. */
  readonly ignored = (p: string, stats?: { isDirectory(): boolean }): boolean => {
    if (this.admitted.has(p)) return false;
    if (SKIPPED_FOLDERS.has(path.basename(p)) || systemFolder(p) !== undefined) return true;
    let within = false;
    let shallow = false;
    for (const [base, depth] of this.bases) {
      const rel = inside(base, p);
      if (rel === undefined) continue;
      within = true;
      shallow = rel === '' || rel.split(path.sep).length <= depth + 1;
      if (shallow) break;
    }
    // Outside every base: chokidar looking at a missing root's parent, for the root to appear.
    if (!within) return false;
    if (!shallow) return true;
    // As discovery does, a `.gitignore` keeps the watcher out of folders, never away from a file.
    if (stats?.isDirectory() && this.gitignored(p)) return true;
    if (this.admitted.size >= this.maxPaths) {
      if (!this.full) {
        this.full = true;
        this.onFull();
      }
      return true;
    }
    this.admitted.add(p);
    return false;
  };

  /** `p` is gone (with what was below it): it no longer counts. */
  forget(p: string): void {
    this.admitted.delete(p);
    const below = `${p}${path.sep}`;
    for (const q of this.admitted) if (q.startsWith(below)) this.admitted.delete(q);
    this.gitignores.delete(p);
  }

  /** `dir/.gitignore` changed: its rules are read again on next need. */
  gitignoreChanged(dir: string): void {
    this.gitignores.delete(dir);
  }

  /** Does a `.gitignore` in a folder from `p`'s base down to its parent ignore the folder `p`? */
  private gitignored(p: string): boolean {
    for (let dir = path.dirname(p); ; dir = path.dirname(dir)) {
      const rules = this.rulesOf(dir);
      if (rules?.ignores(`${path.relative(dir, p).split(path.sep).join('/')}/`)) return true;
      if (this.bases.has(dir) || path.dirname(dir) === dir) return false;
    }
  }

  private rulesOf(dir: string): Ignore | null {
    let rules = this.gitignores.get(dir);
    if (rules === undefined) {
      rules = null;
      try {
        // A FIFO in a `.gitignore`'s place never blocks the watcher; a file over 1 MiB is not read,
        // as discovery reads none (src/discover/gitignore.ts).
        const r = readRegularFile(path.join(dir, '.gitignore'), 1024 * 1024);
        if (r.ok) {
          ignoreFactory ??= createRequire(import.meta.url)('ignore') as (
            options?: object,
          ) => Ignore;
          rules = ignoreFactory().add(r.text);
        }
      } catch {
        // No `.gitignore` here (the usual case), or one that cannot be read: it ignores nothing.
      }
      this.gitignores.set(dir, rules);
    }
    return rules;
  }
}

/** `p` relative to `dir` when it is `dir` or below it. */
function inside(dir: string, p: string): string | undefined {
  if (p === dir) return '';
  return p.startsWith(dir.endsWith(path.sep) ? dir : `${dir}${path.sep}`)
    ? p.slice(dir.length + (dir.endsWith(path.sep) ? 0 : 1))
    : undefined;
}

/** Is the skill folder `dir` inside a root, to the depth its files can be at, and out of the folders no watch enters? */
export function covered(roots: readonly WatchBase[], dir: string): boolean {
  return roots.some((r) => {
    const rel = inside(r.dir, dir);
    if (rel === undefined) return false;
    const parts = rel === '' ? [] : rel.split(path.sep);
    return (
      parts.length + SKILL_FILE_LEVELS <= r.depth && !parts.some((s) => SKIPPED_FOLDERS.has(s))
    );
  });
}

/** Each root by its real path (as it is named when it does not exist yet), to the depth its skills' files can be at; none in the system's folders. */
export async function watchedRoots(
  specs: readonly RootSpec[],
  levels: number,
): Promise<WatchBase[]> {
  const out: WatchBase[] = [];
  for (const spec of specs) {
    const dir = await realpath(spec.path).catch(() => path.resolve(spec.path));
    if (systemFolder(dir) !== undefined) continue;
    out.push({ dir, depth: (spec.recursive ? levels : 1) + SKILL_FILE_LEVELS });
  }
  return out;
}
