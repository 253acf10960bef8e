// The parse cache: parsed SKILL.md records keyed by path, size and mtime, one JSON file per root.

import { createHash } from 'node:crypto';
import nodeFs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Position } from '../diagnostics/diagnostic.js';
import { normalizeFrontmatter } from '../skill/normalize.js';
import type { ParsedSkillFile } from '../skill/types.js';
import type { FileSystem } from './fs.js';

/** Bump when parsing changes what it produces, so old caches are ignored. */
export const PARSER_VERSION = 4;

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
}

interface Entry {
  size: number;
  mtimeMs: number;
  head: Head;
  /** JSON of a Rest: decoded on first access only. */
  rest: string;
}

/** A ParsedSkillFile whose front matter is decoded from `rest` on first access. */
class LazyParsed {
  #rest: string;
  #file: string;
  #decoded: Lazy | undefined;

  constructor(head: Head, rest: string, file: string) {
    Object.assign(this, head);
    this.#rest = rest;
    this.#file = file;
  }

  #get(): Lazy {
    if (!this.#decoded) {
      const r = JSON.parse(this.#rest) as Rest;
      const positions: Record<string, Position> = {};
      for (const [k, [line, column]] of Object.entries(r.positions))
        positions[k] = { line, column };
      // The diagnostics are already in the head: only the typed values are wanted here.
      const { frontmatter } = normalizeFrontmatter(r.raw, positions, this.#file, r.sources);
      this.#decoded = { raw: r.raw, positions, frontmatter, scalarSources: r.sources };
    }
    return this.#decoded;
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

/** Does JSON keep this value exactly? (NaN and ±Infinity it does not.) */
function jsonSafe(value: unknown): boolean {
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.every(jsonSafe);
  if (typeof value === 'object' && value !== null) return Object.values(value).every(jsonSafe);
  return true;
}

interface CacheFile {
  version: number;
  writtenAt: number;
  entries: Record<string, Entry>;
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
    return new LazyParsed(e.head, e.rest, file) as unknown as ParsedSkillFile;
  }

  /** Remember a freshly parsed record. */
  store(file: string, size: number, mtimeMs: number, parsed: ParsedSkillFile): void {
    if (!jsonSafe(parsed.raw)) return; // would not come back the same: always parse such a file
    const before = this.old[file];
    if (
      !before ||
      before.size !== size ||
      before.mtimeMs !== mtimeMs ||
      before.head.contentHash !== parsed.contentHash
    ) {
      this.dirty = true;
    }
    const { frontmatter: _typed, raw, positions, scalarSources, ...head } = parsed;
    const compact: Rest['positions'] = {};
    for (const [k, p] of Object.entries(positions)) compact[k] = [p.line, p.column];
    this.next[file] = {
      size,
      mtimeMs,
      head,
      rest: JSON.stringify({ raw, positions: compact, sources: scalarSources }),
    };
  }

  /** Write the cache if anything changed (records not seen this run are dropped). Failures are ignored: a cache is an optimisation. */
  save(): void {
    const removed = Object.keys(this.old).some((k) => !(k in this.next));
    if (!this.dirty && !this.refresh && !removed) return;
    const data: CacheFile = { version: PARSER_VERSION, writtenAt: Date.now(), entries: this.next };
    const tmp = `${this.file}.${process.pid}.tmp`;
    try {
      nodeFs.mkdirSync(path.dirname(this.file), { recursive: true });
      // Non-ASCII is written as \u escapes: an ASCII file decodes several times faster on load.
      nodeFs.writeFileSync(
        tmp,
        JSON.stringify(data).replace(
          /[\u007f-\uffff]/g,
          (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
        ),
      );
      nodeFs.renameSync(tmp, this.file);
    } catch {
      try {
        nodeFs.rmSync(tmp, { force: true });
      } catch {
        // nothing more to do
      }
    }
  }
}
