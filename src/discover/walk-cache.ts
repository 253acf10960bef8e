// A warm start skips the walk: each root's walk result is kept with the modification time of every
// folder it listed and the state of every `.gitignore` it consulted. A folder's mtime changes when an
// entry is added, removed or renamed in it, so when all of them match, the walk would find the same.
// Walks that met a linked folder are not kept (a link's target can change without its folder).

import nodeFs from 'node:fs';
import path from 'node:path';
import { cacheFile, makeDirs, RACY_MS, writeFileAtomically } from '../util/dirs.js';
import { statPath } from './stat-path.js';
import type { WalkResult } from './walk.js';

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

/** Stat without throwing: [size, mtimeMs, isDirectory] or undefined. */
function stat(p: string): [number, number, boolean] | undefined {
  try {
    const s = statPath(p);
    return s && [s.size, s.mtimeMs, s.kind === 'dir'];
  } catch {
    return undefined;
  }
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
    if (s.version !== WALK_CACHE_VERSION || !Array.isArray(s.folders) || !Array.isArray(s.files))
      return undefined;
    for (const [dir, mtime] of s.folders) {
      const st = stat(dir);
      if (!st?.[2] || st[1] !== mtime) return undefined;
    }
    for (const [f, size, mtime] of s.files) {
      const st = stat(f);
      if (size < 0 ? st !== undefined : !st || st[0] !== size || st[1] !== mtime) return undefined;
    }
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
