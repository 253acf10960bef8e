// The parse cache: parsed SKILL.md records keyed by path, size and mtime, one JSON file per root.

import { createHash } from 'node:crypto';
import nodeFs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Position } from '../diagnostics/diagnostic.js';
import { normalizeFrontmatter } from '../skill/normalize.js';
import { parseSkillFile } from '../skill/parse.js';
import type { ParsedSkillFile } from '../skill/types.js';
import { makeDirs } from '../util/dirs.js';
import type { FileSystem } from './fs.js';

/** Bump when parsing changes what it produces, so old caches are ignored. */
export const PARSER_VERSION = 5;

/** An entry is trusted only if the file's mtime is this much older than the cache write (racy-git guard). */
const RACY_MS = 2000;

/** The fields every command needs, stored as JSON; the rest waits in a string until asked for. */
type Head = Omit<ParsedSkillFile, 'frontmatter' | 'raw' | 'positions' | 'scalarSources'>;
type Lazy = Pick<ParsedSkillFile, 'frontmatter' | 'raw' | 'positions' | 'scalarSources'>;

/** Stored: raw values and positions as `[line, column]`; the typed front matter is derived again. */
interface Rest {
  raw: Record<string, unknown>;
  positions: Record<string, [number, number]>;
  sources: Record<string, string>;
  /** `raw.description` is the head's description (stored once). */
  headDescription?: true;
}

interface Entry {
  size: number;
  mtimeMs: number;
  head: Head;
}

/**
 * How many records keep their decoded front matter: every record of a library up to this size, so it
 * is decoded once; past it, memory stays bounded (lint and indexing read one skill at a time).
 */
const DECODED_KEPT = 4096;

/** The records holding decoded front matter, oldest first. */
const recent = new Set<LazyParsed>();

/** A ParsedSkillFile whose front matter is decoded on first access, from the cache's second file. */
class LazyParsed {
  #rest: () => string | Buffer | undefined;
  #file: string;
  // A large library keeps only the compact JSON of each record: the decoded objects of the most recently
  // used records are kept (DECODED_KEPT of them), the others are dropped and decoded again on need.
  #decoded: Lazy | undefined;

  constructor(head: Head, rest: () => string | Buffer | undefined, file: string, decoded?: Lazy) {
    Object.assign(this, head);
    this.#rest = rest;
    this.#file = file;
    if (decoded) this.#keep(decoded);
  }

  /** Hold decoded front matter, dropping that of the least recently decoded record past DECODED_KEPT. */
  #keep(decoded: Lazy): Lazy {
    this.#decoded = decoded;
    recent.add(this);
    if (recent.size > DECODED_KEPT) {
      const oldest = recent.values().next().value as LazyParsed;
      recent.delete(oldest);
      oldest.#decoded = undefined;
    }
    return decoded;
  }

  #get(): Lazy {
    return this.#decoded ?? this.#keep(this.#decode());
  }

  #decode(): Lazy {
    const text = this.#rest();
    if (text === undefined) {
      // The second file is gone or from another write: parse the file again.
      const { frontmatter, raw, positions, scalarSources } = parseSkillFile(
        nodeFs.readFileSync(this.#file),
        this.#file,
      );
      return { frontmatter, raw, positions, scalarSources };
    }
    const r = JSON.parse(typeof text === 'string' ? text : text.toString('utf8')) as Rest;
    // A description equal to the head's is kept once, in the head (its key keeps its place in raw).
    if (r.headDescription) r.raw.description = (this as unknown as Head).description;
    const positions: Record<string, Position> = {};
    for (const [k, [line, column]] of Object.entries(r.positions)) positions[k] = { line, column };
    // The diagnostics are already in the head: only the typed values are wanted here.
    const { frontmatter } = normalizeFrontmatter(r.raw, positions, this.#file, r.sources);
    return { raw: r.raw, positions, frontmatter, scalarSources: r.sources };
  }

  get frontmatter(): ParsedSkillFile['frontmatter'] {
    return this.#get().frontmatter;
  }

  get raw(): ParsedSkillFile['raw'] {
    return this.#get().raw;
  }

  get positions(): ParsedSkillFile['positions'] {
    return this.#get().positions;
  }

  get scalarSources(): ParsedSkillFile['scalarSources'] {
    return this.#get().scalarSources;
  }
}

/** A parsed record split in two: the fields every command reads, and the front matter as UTF-8 JSON. */
export interface CompactRecord {
  head: Head;
  /** UTF-8 JSON. */
  rest: Buffer;
}

/** Split a parsed record for storage; undefined when JSON would not give its front matter back exactly. */
export function compactRecord(parsed: ParsedSkillFile): CompactRecord | undefined {
  if (!jsonSafe(parsed.raw)) return undefined;
  const { frontmatter: _typed, raw, positions, scalarSources, ...head } = parsed;
  // The description is cut from the front matter's text; a copy lets that text go.
  head.description = Buffer.from(head.description, 'utf8').toString('utf8');
  const compact: Rest['positions'] = {};
  for (const [k, p] of Object.entries(positions)) compact[k] = [p.line, p.column];
  const rest: Rest = { raw, positions: compact, sources: scalarSources };
  if (typeof raw.description === 'string' && raw.description === head.description) {
    rest.raw = { ...raw, description: null };
    rest.headDescription = true;
  }
  // Outside the JavaScript heap: a large library's front matter costs the collector nothing.
  // (Deflating it, tried, made memory worse: each zlib call holds native buffers until collected.)
  return { head, rest: Buffer.from(JSON.stringify(rest), 'utf8') };
}

/**
 * A parsed record that keeps its front matter as JSON text and decodes it on access: a fraction of
 * the memory of the decoded objects, which matters for libraries of many thousand skills.
 */
export function lazyRecord(
  record: CompactRecord,
  file: string,
  parsed: ParsedSkillFile,
): ParsedSkillFile {
  const { frontmatter, raw, positions, scalarSources } = parsed;
  return new LazyParsed(record.head, () => record.rest, file, {
    frontmatter,
    raw,
    positions,
    scalarSources,
  }) as unknown as ParsedSkillFile;
}

/** Does JSON keep this value exactly? (NaN and ±Infinity it does not.) */
function jsonSafe(value: unknown): boolean {
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.every(jsonSafe);
  if (typeof value === 'object' && value !== null) return Object.values(value).every(jsonSafe);
  return true;
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

/** The default cache folder: `SKILLSET_CACHE_DIR`, else `$XDG_CACHE_HOME/skillset`, else `~/.cache/skillset`. */
export function defaultCacheDir(): string {
  if (process.env.SKILLSET_CACHE_DIR) return process.env.SKILLSET_CACHE_DIR;
  const base = process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
  return path.join(base, 'skillset');
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
  ) {
    this.old = data?.entries ?? {};
    this.writtenAt = data?.writtenAt ?? 0;
  }

  /** Open the cache for `realRoot` under `dir` (a missing or corrupt file is an empty cache). */
  static open(dir: string, realRoot: string, maxBytes: number): ParseCache {
    const key = createHash('sha256')
      .update(`${PARSER_VERSION}\0${maxBytes}\0${realRoot}`)
      .digest('hex')
      .slice(0, 20);
    const file = path.join(dir, `parse-${key}.json`);
    let data: CacheFile | undefined;
    try {
      const parsed = JSON.parse(nodeFs.readFileSync(file, 'latin1')) as CacheFile;
      if (parsed.version === PARSER_VERSION && typeof parsed.entries === 'object') data = parsed;
    } catch {
      data = undefined;
    }
    return new ParseCache(file, data);
  }

  /** The cached record for `file` if its size and mtime are unchanged (and old enough to trust). */
  async lookup(fs: FileSystem, file: string): Promise<ParsedSkillFile | undefined> {
    const e = this.old[file];
    if (!e) return undefined;
    let st: { size: number; mtimeMs: number };
    try {
      st = await fs.stat(file);
    } catch {
      return undefined;
    }
    if (st.size !== e.size || st.mtimeMs !== e.mtimeMs) return undefined;
    if (e.mtimeMs >= this.writtenAt - RACY_MS) {
      this.refresh = true;
      return undefined;
    }
    this.next[file] = e;
    return new LazyParsed(e.head, () => this.rests()[file], file) as unknown as ParsedSkillFile;
  }

  /** Remember a freshly parsed record (its compact form: a record JSON would not keep exactly is never stored). */
  store(file: string, size: number, mtimeMs: number, record: CompactRecord): void {
    const before = this.old[file];
    if (
      !before ||
      before.size !== size ||
      before.mtimeMs !== mtimeMs ||
      before.head.contentHash !== record.head.contentHash
    ) {
      this.dirty = true;
    }
    this.next[file] = { size, mtimeMs, head: record.head };
    this.nextRests[file] = record.rest;
  }

  /** The second file's records, loaded on first need; empty when it is missing or from another write. */
  private rests(): Record<string, string> {
    if (!this.oldRests) {
      try {
        const data = JSON.parse(nodeFs.readFileSync(`${this.file}.rest`, 'latin1')) as RestFile;
        this.oldRests =
          data.writtenAt === this.writtenAt && typeof data.rests === 'object' ? data.rests : {};
      } catch {
        this.oldRests = {};
      }
    }
    return this.oldRests;
  }

  /** Write the cache if anything changed (records not seen this run are dropped). Failures are ignored: a cache is an optimisation. */
  save(): void {
    const removed = Object.keys(this.old).some((k) => !(k in this.next));
    if (!this.dirty && !this.refresh && !removed) return;
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
      writeAtomically(`${this.file}.rest`, { writtenAt, rests } satisfies RestFile);
      writeAtomically(this.file, {
        version: PARSER_VERSION,
        writtenAt,
        entries: this.next,
      } satisfies CacheFile);
    } catch {
      // A cache is an optimisation: failing to write one is not an error.
    }
  }
}

/** Write JSON through a temporary file and a rename. Non-ASCII goes out as \u escapes: an ASCII file loads several times faster. */
function writeAtomically(file: string, data: unknown): void {
  const tmp = `${file}.${process.pid}.tmp`;
  try {
    nodeFs.writeFileSync(
      tmp,
      JSON.stringify(data).replace(
        /[\u007f-\uffff]/g,
        (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
      ),
    );
    nodeFs.renameSync(tmp, file);
  } finally {
    nodeFs.rmSync(tmp, { force: true });
  }
}
