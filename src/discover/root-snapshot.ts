// A warm start's shortcut: one root's last scan, kept whole in one compact file. While no folder the
// walk listed, no `.gitignore` it read and no SKILL.md it found has changed (size and mtime), the scan
// is rebuilt from that file alone: the walk cache, the parse cache and its records are not read. When
// anything changed, the scan runs as usual (walk cache, parse cache) and is kept again. Kept for the
// real file system only (scan-root.ts), so it reads and writes node:fs synchronously.

import nodeFs from 'node:fs';
import path from 'node:path';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { DescriptionSource } from '../skill/types.js';
import { cacheFile, makeDirs, RACY_MS, writeFileAtomically } from '../util/dirs.js';
import { readRests } from './cache.js';
import {
  addFound,
  dependenciesHold,
  type KeptFile,
  listedFolders,
  rebuilt,
} from './snapshot-columns.js';
import {
  asciiJson,
  type ParseFiles,
  SNAPSHOT_VERSION,
  type SnapshotFile,
  typed,
  wellFormed,
} from './snapshot-file.js';
import type { FoundSkill, WalkResult } from './walk.js';
import type { WalkDeps } from './walk-cache.js';

/** A snapshot that still holds: its walk's found files by column, and their records' heads. */
export interface SnapshotHit {
  /** Which snapshot this is: its file, and the write that made it (unique to that write). */
  file: string;
  nonce: string;
  /** Does every found file have its record kept (or is not a file)? Then nothing is read again. */
  whole: boolean;
  /** The root as given, and its real path. */
  root: string;
  realRoot: string;
  /** The walk's own diagnostics and folder count. */
  diagnostics: Diagnostic[];
  count: number;
  /** Folders (the root, or paths below it); per found file, its folder (an index), path and kind. */
  folders: readonly string[];
  dir: readonly number[];
  path: readonly string[];
  kind: readonly FoundSkill['kind'][];
  /** Per found file, its record's head (hash null: none kept, the file is read). */
  hash: ReadonlyArray<string | null>;
  /** The kept record `i`'s description (undefined: not at hand, parse the file). */
  describe(i: number): string | undefined;
  source: readonly DescriptionSource[];
  bytes: readonly number[];
  bodyOffset: readonly number[];
  bodyLine: readonly number[];
  headDiagnostics: Readonly<Record<string, Diagnostic[]>>;
  /** A kept record's front matter as JSON (undefined: not at hand, parse the file). */
  rest(file: string): string | undefined;
}

/** One root's snapshot: its last scan if nothing it depends on changed, and the writing of a new one. */
export class RootSnapshot {
  private constructor(
    private readonly file: string,
    private readonly root: string,
    private readonly realRoot: string,
  ) {}

  /** The snapshot of `root` (real path `realRoot`) scanned with the options `key` names. */
  static open(cacheDir: string, key: string, root: string, realRoot: string): RootSnapshot {
    return new RootSnapshot(
      cacheFile(cacheDir, 'scan', `${SNAPSHOT_VERSION}\0${key}`),
      root,
      realRoot,
    );
  }

  /** The last scan, if every folder, `.gitignore` and SKILL.md it depends on is as it was. */
  load(): SnapshotHit | undefined {
    const read = this.read();
    if (!read || !dependenciesHold(read.s)) return undefined;
    return this.hit(read.s, read.bytes, read.end);
  }

  /** The snapshot file, parsed up to its descriptions, if it is whole and of this root. */
  private read(): { s: SnapshotFile; bytes: Buffer; end: number } | undefined {
    let s: SnapshotFile;
    let bytes: Buffer;
    let end: number;
    try {
      bytes = nodeFs.readFileSync(this.file);
      end = bytes.indexOf(10);
      s = JSON.parse(bytes.toString('latin1', 0, end < 0 ? bytes.length : end)) as SnapshotFile;
    } catch {
      return undefined;
    }
    if (
      !s ||
      !wellFormed(s) ||
      bytes.length - end - 1 !== s.descriptions ||
      s.root !== this.root ||
      s.realRoot !== this.realRoot ||
      !typed(s, this.root)
    )
      return undefined;
    return { s, bytes, end };
  }

  /** The hit a holding snapshot gives; its descriptions (after byte `end`) and front matter are read on first use. */
  private hit(s: SnapshotFile, bytes: Buffer, end: number): SnapshotHit {
    const { root, realRoot } = this;
    let rests: Record<string, string> | undefined;
    let descriptions: unknown[] | undefined;
    const parse = s.parse;
    return {
      file: this.file,
      nonce: s.nonce,
      whole: s.hash.every((h, i) => h !== null || s.kind[i] !== 'file'),
      root,
      realRoot,
      diagnostics: s.diagnostics,
      count: s.count,
      folders: s.folders,
      dir: s.dir,
      path: s.path,
      kind: s.kind,
      hash: s.hash,
      describe: (i) => {
        if (!descriptions) {
          try {
            descriptions = JSON.parse(bytes.toString('latin1', end + 1)) as unknown[];
          } catch {
            descriptions = undefined;
          }
          // Damaged since its length was checked: each record's file is parsed instead.
          if (!Array.isArray(descriptions) || descriptions.length !== s.dir.length) {
            descriptions = [];
            this.remove();
          }
          bytes = Buffer.alloc(0);
        }
        const d = descriptions[i];
        return typeof d === 'string' ? d : undefined;
      },
      source: s.source,
      bytes: s.bytes,
      bodyOffset: s.bodyOffset,
      bodyLine: s.bodyLine,
      headDiagnostics: s.headDiagnostics,
      rest: (f) => {
        if (!rests) {
          // Beside this file: a cache folder moved or copied whole still finds its own.
          rests = parse
            ? readRests(path.join(path.dirname(this.file), parse.file), parse.writtenAt)
            : undefined;
          // The parse cache was written again since (by a scan with other options): the next scan
          // takes the usual way, which keeps a snapshot that points at its records again.
          if (rests === undefined) {
            rests = {};
            this.remove();
          }
        }
        return rests[f];
      },
    };
  }

  /**
   * Keep a scan: the walk, the state of what it depends on (`deps`), and per found file its state and
   * kept head (`files`, undefined for an entry that is not a file). Not kept when anything changed too
   * recently to be trusted, or when a path is not written as this file rebuilds it.
   */
  save(
    walk: WalkResult,
    deps: WalkDeps,
    files: ReadonlyArray<KeptFile | undefined>,
    parse: ParseFiles | undefined,
  ): void {
    const writtenAt = Date.now();
    const recent = (mtime: number): boolean => mtime >= writtenAt - RACY_MS;
    const { root, realRoot } = this;
    const listed = listedFolders(deps, root, recent);
    if (!listed) return;
    if (deps.files.some(([, , mtime]) => recent(mtime))) return;
    const s: SnapshotFile = {
      version: SNAPSHOT_VERSION,
      writtenAt,
      nonce: `${writtenAt.toString(36)}.${process.pid}.${Math.random().toString(36).slice(2)}`,
      root,
      realRoot,
      parse: parse ?? null,
      folders: listed.folders,
      mtimes: listed.mtimes,
      files: deps.files,
      diagnostics: walk.diagnostics,
      count: walk.folders,
      dir: [],
      path: [],
      kind: [],
      size: [],
      mtime: [],
      hash: [],
      descriptions: 0,
      source: [],
      bytes: [],
      bodyOffset: [],
      bodyLine: [],
      headDiagnostics: {},
    };
    const descriptions: string[] = [];
    for (const [i, f] of walk.found.entries()) {
      const at = listed.index.get(f.dir);
      const kept = files[i];
      if (at === undefined || !rebuilt(f, kept, root, realRoot) || (kept && recent(kept.mtimeMs)))
        return;
      if (kept?.head && !parse) return;
      addFound(s, descriptions, i, at, f, kept);
    }
    try {
      const second = asciiJson(descriptions);
      s.descriptions = second.length;
      makeDirs(path.dirname(this.file));
      writeFileAtomically(this.file, `${asciiJson(s)}\n${second}`);
    } catch {
      // A cache is an optimisation: failing to write one is not an error.
    }
  }

  /** Forget the snapshot (best effort): the next scan takes the usual way. */
  remove(): void {
    try {
      nodeFs.rmSync(this.file, { force: true });
    } catch {
      // Left as it is: it is checked before every use.
    }
  }
}
