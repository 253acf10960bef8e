// A warm start skips the walk: each root's walk result is kept with the modification time of every
// folder it listed and the state of every `.gitignore` it consulted. A folder's mtime changes when an
// entry is added, removed or renamed in it, so when all of them match, the walk would find the same.
// Walks that met a linked folder are not kept (a link's target can change without its folder).
// Kept for the real file system only (scan-root.ts), so it reads and writes node:fs synchronously.

import nodeFs from 'node:fs';
import path from 'node:path';
import { isDiagnosticList } from '../diagnostics/diagnostic.js';
import { statMatches, statPath } from '../files/stat-path.js';
import { cacheFile, makeDirs, RACY_MS, writeFileAtomically } from '../util/dirs.js';
import type { FoundSkill, WalkResult } from './walk.js';

/** Bump when the walk's result or this file's shape changes. */
const WALK_CACHE_VERSION = 1;

/** What a walk tells its watcher as it goes. */
export interface WalkWatch {
  /** About to list this folder. */
  folder(dir: string): void;
  /** Consulted this `.gitignore` (it may be missing). */
  gitignore(file: string): void;
  /** Met a linked folder or file: the result cannot be kept. */
  link(): void;
}

/** What a walk's result depends on: each folder listed and each `.gitignore` consulted, with its state. */
export interface WalkDeps {
  /** [folder, mtimeMs] for every folder listed. */
  folders: Array<[string, number]>;
  /** [file, size, mtimeMs], or [file, -1, -1] when it did not exist. */
  files: Array<[string, number, number]>;
}

interface Snapshot {
  version: number;
  writtenAt: number;
  /** [folder, mtimeMs] for every folder listed. */
  folders: Array<[string, number]>;
  /** [file, size, mtimeMs], or [file, -1, -1] when it did not exist. */
  files: Array<[string, number, number]>;
  result: WalkResult;
}

/** Stat without throwing: [size, mtimeMs] or undefined. */
function stat(p: string): [number, number] | undefined {
  try {
    const s = statPath(p);
    return s && [s.size, s.mtimeMs];
  } catch {
    return undefined;
  }
}

/**
 * Is every file a walk read (`WalkDeps.files`) as it was: the same size and mtime, or still missing?
 * Read back from a cache file: an entry of another shape (damage) does not hold, nor does a path that
 * cannot be looked at.
 */
export function filesHold(files: unknown): boolean {
  if (!Array.isArray(files)) return false;
  for (const entry of files) {
    if (!Array.isArray(entry)) return false;
    const [f, size, mtime] = entry;
    if (typeof f !== 'string' || typeof size !== 'number' || typeof mtime !== 'number')
      return false;
    if (size < 0) {
      try {
        if (statPath(f) !== undefined) return false;
      } catch {
        return false;
      }
    } else if (!statMatches(f, 'file', size, mtime)) return false;
  }
  return true;
}

/** Is every folder a walk listed (`WalkDeps.folders`) still a folder of that mtime? */
function foldersHold(folders: unknown): boolean {
  return (
    Array.isArray(folders) &&
    folders.every(
      (e) =>
        Array.isArray(e) &&
        typeof e[0] === 'string' &&
        typeof e[1] === 'number' &&
        statMatches(e[0], 'dir', -1, e[1]),
    )
  );
}

const KINDS: ReadonlySet<unknown> = new Set<FoundSkill['kind']>([
  'file',
  'dir',
  'symlink',
  'other',
]);

/** Is `r` a walk's result as a walk makes it (read back from a cache file, it may be damaged)? */
function isWalkResult(r: unknown): r is WalkResult {
  if (typeof r !== 'object' || r === null) return false;
  const w = r as WalkResult;
  return (
    typeof w.folders === 'number' &&
    isDiagnosticList(w.diagnostics) &&
    Array.isArray(w.found) &&
    w.found.every(
      (f: FoundSkill) =>
        typeof f === 'object' &&
        f !== null &&
        typeof f.file === 'string' &&
        typeof f.dir === 'string' &&
        typeof f.rel === 'string' &&
        typeof f.realDir === 'string' &&
        KINDS.has(f.kind),
    )
  );
}

/** One root's walk cache: a kept result if it still holds, and a watcher to record a fresh walk. */
export class WalkCache {
  private readonly folders: Array<[string, number]> = [];
  private readonly files: Array<[string, number, number]> = [];
  private linked = false;
  private loaded: WalkDeps | undefined;

  private constructor(private readonly file: string) {}

  /** The cache for one root walked with one set of options (`key` names them). */
  static open(cacheDir: string, key: string): WalkCache {
    return new WalkCache(cacheFile(cacheDir, 'walk', `${WALK_CACHE_VERSION}\0${key}`));
  }

  /** The kept result, if every folder and `.gitignore` it depends on is as it was. */
  load(): WalkResult | undefined {
    let s: Snapshot;
    try {
      s = JSON.parse(nodeFs.readFileSync(this.file, 'utf8')) as Snapshot;
    } catch {
      return undefined;
    }
    if (
      s?.version !== WALK_CACHE_VERSION ||
      !isWalkResult(s.result) ||
      !foldersHold(s.folders) ||
      !filesHold(s.files)
    )
      return undefined;
    this.loaded = { folders: s.folders, files: s.files };
    return s.result;
  }

  /**
   * What the result this cache gave (`load`) or watched being made depends on, as this run found it;
   * undefined when it met a link (a link's target can change without its folder).
   */
  deps(): WalkDeps | undefined {
    if (this.loaded) return this.loaded;
    return this.linked ? undefined : { folders: this.folders, files: this.files };
  }

  /** The watcher for a fresh walk: it stats each folder before it is listed. */
  readonly watch: WalkWatch = {
    folder: (dir) => {
      const st = stat(dir);
      if (st) this.folders.push([dir, st[1]]);
      else this.linked = true; // gone mid-walk: do not keep this result
    },
    gitignore: (file) => {
      const st = stat(file);
      this.files.push(st ? [file, st[0], st[1]] : [file, -1, -1]);
    },
    link: () => {
      this.linked = true;
    },
  };

  /** Keep a fresh walk's result, unless it met a link or something changed too recently to trust. */
  save(result: WalkResult): void {
    if (this.linked) return;
    const writtenAt = Date.now();
    const recent = (mtime: number): boolean => mtime >= writtenAt - RACY_MS;
    if (this.folders.some(([, m]) => recent(m)) || this.files.some(([, , m]) => recent(m))) return;
    const snapshot: Snapshot = {
      version: WALK_CACHE_VERSION,
      writtenAt,
      folders: this.folders,
      files: this.files,
      result,
    };
    try {
      makeDirs(path.dirname(this.file));
      writeFileAtomically(this.file, JSON.stringify(snapshot));
    } catch {
      // A cache is an optimisation: failing to write one is not an error.
    }
  }
}
