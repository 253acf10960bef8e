// The parse cache: parsed SKILL.md records keyed by path, size and mtime, one JSON file per root. It
// is the real file system's (discovery keeps none for an injected one), so it reads and writes node:fs.

import nodeFs from 'node:fs';
import path from 'node:path';
import { statPath } from '../files/stat-path.js';
import type { ParsedSkillFile } from '../skill/types.js';
import { cacheFile, makeDirs, RACY_MS, writeFileAtomically } from '../util/dirs.js';
import { type CompactRecord, type Head, isHead, LazyParsed } from './compact.js';
import { asciiJson } from './snapshot-file.js';

/** Bump when parsing changes what it produces, so old caches are ignored. */
export const PARSER_VERSION = 6;

interface Entry {
  size: number;
  mtimeMs: number;
  head: Head;
}

/** The first file: what every command needs, small enough to load on every run. */
interface CacheFile {
  version: number;
  writtenAt: number;
  entries: Record<string, Entry>;
}

/** The second file: each record's front matter as JSON text, read only when a command asks for it. */
interface RestFile {
  writtenAt: number;
  rests: Record<string, string>;
}

/** Parsed records for one root, reused while a file's size and mtime are unchanged. */
export class ParseCache {
  private readonly old: Record<string, Entry>;
  private readonly next: Record<string, Entry> = {};
  /** Front matter JSON of records stored this run (as UTF-8 until written). */
  private readonly nextRests: Record<string, Buffer> = {};
  private oldRests: Record<string, string> | undefined;
  private readonly writtenAt: number;
  private dirty = false;
  /** Set when a record was too fresh to trust: rewriting the cache makes it trustworthy next time. */
  private refresh = false;

  private constructor(
    private readonly file: string,
    data: CacheFile | undefined,
    private readonly restBytes: Buffer | undefined,
  ) {
    this.old = data?.entries ?? {};
    this.writtenAt = data?.writtenAt ?? 0;
  }

  /** Open the cache for `realRoot` under `dir` (a missing or corrupt file is an empty cache). */
  static open(dir: string, realRoot: string, maxBytes: number): ParseCache {
    const file = cacheFile(dir, 'parse', `${PARSER_VERSION}\0${maxBytes}\0${realRoot}`);
    let data: CacheFile | undefined;
    let restBytes: Buffer | undefined;
    try {
      const parsed = JSON.parse(nodeFs.readFileSync(file, 'latin1')) as CacheFile;
      if (parsed.version === PARSER_VERSION && typeof parsed.entries === 'object') data = parsed;
      // The second file is read now, decoded only when a record's front matter is asked for: records
      // never go back to the disk later. From another write (a race with another process), or gone,
      // it makes the whole cache a miss.
      restBytes = nodeFs.readFileSync(`${file}.rest`);
      const stamp = /^\{"writtenAt":(\d+),/.exec(restBytes.subarray(0, 64).toString('latin1'));
      if (!data || Number(stamp?.[1]) !== data.writtenAt) data = undefined;
    } catch {
      data = undefined;
    }
    return new ParseCache(file, data, data ? restBytes : undefined);
  }

  /**
   * The cached record for `file` if its size and mtime are unchanged (and old enough to trust), read
   * without a promise per file: a warm start checks a thousand files this way in a few milliseconds.
   */
  lookupNode(file: string): ParsedSkillFile | undefined {
    if (!this.old[file]) return undefined;
    const st = statPath(file);
    return st?.kind === 'file' ? this.check(file, st) : undefined;
  }

  private check(file: string, st: { size: number; mtimeMs: number }): ParsedSkillFile | undefined {
    const e = this.old[file];
    // An entry of another shape (the file damaged) is a miss: the SKILL.md is parsed again.
    if (!e || st.size !== e.size || st.mtimeMs !== e.mtimeMs || !isHead(e.head)) return undefined;
    if (e.mtimeMs >= this.writtenAt - RACY_MS) {
      this.refresh = true;
      return undefined;
    }
    this.next[file] = e;
    return new LazyParsed(e.head, this, file) as unknown as ParsedSkillFile;
  }

  /** Remember a freshly parsed record (its compact form: a record JSON would not keep exactly is never stored). */
  store(file: string, size: number, mtimeMs: number, record: CompactRecord): void {
    const before = this.old[file];
    if (
      !before ||
      before.size !== size ||
      before.mtimeMs !== mtimeMs ||
      before.head?.contentHash !== record.head.contentHash
    ) {
      this.dirty = true;
    }
    this.next[file] = { size, mtimeMs, head: record.head };
    this.nextRests[file] = record.rest;
  }

  /** The second file's records, decoded on first need from the bytes read at open. */
  private rests(): Record<string, string> {
    this.oldRests ??= restsOf(this.restBytes ?? Buffer.alloc(0), this.writtenAt) ?? {};
    return this.oldRests;
  }

  /** The front matter JSON of `file`'s record, if the second file has it. */
  rest(file: string): string | undefined {
    return this.rests()[file];
  }

  /** What this run kept of `file`: its size, mtime and head (a record reused or stored). */
  kept(file: string): Entry | undefined {
    return this.next[file];
  }

  /** The first file's path. */
  get path(): string {
    return this.file;
  }

  /**
   * Write the cache if anything changed (records not seen this run are dropped). Failures are ignored: a
   * cache is an optimisation. Returns the write the files on disk now hold (their `writtenAt`), if any.
   */
  save(): number | undefined {
    const removed = Object.keys(this.old).some((k) => !(k in this.next));
    if (!this.dirty && !this.refresh && !removed)
      return this.restBytes !== undefined ? this.writtenAt : undefined;
    const writtenAt = Date.now();
    // Carry over the front matter of records reused from the last write.
    const rests: Record<string, string> = {};
    for (const file of Object.keys(this.next)) {
      const next = this.nextRests[file];
      const rest = next ? next.toString('utf8') : this.rests()[file];
      if (rest !== undefined) rests[file] = rest;
    }
    try {
      makeDirs(path.dirname(this.file));
      // The second file first: a reader that sees the new first file finds a matching second one.
      writeFileAtomically(`${this.file}.rest`, asciiJson({ writtenAt, rests } satisfies RestFile));
      writeFileAtomically(
        this.file,
        asciiJson({ version: PARSER_VERSION, writtenAt, entries: this.next } satisfies CacheFile),
      );
      return writtenAt;
    } catch {
      // A cache is an optimisation: failing to write one is not an error.
      return undefined;
    }
  }
}

/** The records of a second file's bytes, if that file is from the write `writtenAt`. */
function restsOf(bytes: Buffer, writtenAt: number): Record<string, string> | undefined {
  try {
    const data = JSON.parse(bytes.toString('latin1')) as RestFile;
    return data.writtenAt === writtenAt && typeof data.rests === 'object' && data.rests !== null
      ? data.rests
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The front matter JSON of the records of the parse cache whose first file is `file`, from its second
 * file, if that is still the one written at `writtenAt`; undefined when it is not (or cannot be read).
 */
export function readRests(file: string, writtenAt: number): Record<string, string> | undefined {
  try {
    return restsOf(nodeFs.readFileSync(`${file}.rest`), writtenAt);
  } catch {
    return undefined;
  }
}
