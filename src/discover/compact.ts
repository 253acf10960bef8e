// Compact parsed records: the fields every command reads, with the front matter kept as UTF-8 JSON and
// decoded on first access. A 100,000-skill library fits in memory this way.

import { createHash } from 'node:crypto';
import nodeFs from 'node:fs';
import { isDiagnosticList, type Position } from '../diagnostics/diagnostic.js';
import { normalizeFrontmatter } from '../skill/normalize.js';
import { parseSkillFile } from '../skill/parse.js';
import type { ParsedSkillFile } from '../skill/types.js';

/** The fields every command needs, stored as JSON; the rest waits in a string until asked for. */
export type Head = Omit<ParsedSkillFile, 'frontmatter' | 'raw' | 'positions' | 'scalarSources'>;

const SOURCES: ReadonlySet<unknown> = new Set<Head['descriptionSource']>([
  'frontmatter',
  'body',
  'none',
]);

/** Is `x` a head as `compactRecord` makes one? One read back from a cache file may be damaged. */
export function isHead(x: unknown): x is Head {
  if (typeof x !== 'object' || x === null) return false;
  const h = x as Head;
  return (
    typeof h.loadable === 'boolean' &&
    typeof h.description === 'string' &&
    SOURCES.has(h.descriptionSource) &&
    typeof h.contentHash === 'string' &&
    typeof h.bytes === 'number' &&
    typeof h.bodyOffset === 'number' &&
    typeof h.bodyLine === 'number' &&
    isDiagnosticList(h.diagnostics)
  );
}
type Lazy = Pick<ParsedSkillFile, 'frontmatter' | 'raw' | 'positions' | 'scalarSources'>;

/**
 * Stored: raw values, and positions either as line and column numbers in the order of the raw
 * value's own keys (`at`, when its keys are exactly those: the usual case) or keyed (`positions`).
 * The typed front matter is derived again.
 */
interface Rest {
  raw: Record<string, unknown>;
  /** [line, column, line, column, …] of positionKeys(raw), in order. */
  at?: number[];
  positions?: Record<string, [number, number]>;
  sources: Record<string, string>;
  /** `raw.description` is the head's description (stored once). */
  headDescription?: true;
}

const isObject = (x: unknown): x is Record<string, unknown> =>
  typeof x === 'object' && x !== null && !Array.isArray(x);

/** A record's stored front matter, from its JSON; undefined when it is not that (the cache damaged). */
function restOf(text: unknown): Rest | undefined {
  let r: Rest;
  try {
    if (typeof text !== 'string' && !Buffer.isBuffer(text)) return undefined;
    r = JSON.parse(typeof text === 'string' ? text : text.toString('utf8')) as Rest;
  } catch {
    return undefined;
  }
  const ok =
    isObject(r) &&
    isObject(r.raw) &&
    isObject(r.sources) &&
    Object.values(r.sources).every((v) => typeof v === 'string') &&
    (r.at === undefined ||
      (Array.isArray(r.at) &&
        r.at.length === 2 * positionKeys(r.raw).length &&
        r.at.every((n) => typeof n === 'number'))) &&
    (r.positions === undefined ||
      (isObject(r.positions) &&
        Object.values(r.positions).every(
          (p) => Array.isArray(p) && typeof p[0] === 'number' && typeof p[1] === 'number',
        )));
  return ok ? r : undefined;
}

/**
 * The position keys a raw front matter has, in order: each key, then its items (`key.0`) and
 * fields (`key.sub`), depth first. The parsers record positions in this order.
 */
function positionKeys(raw: Record<string, unknown>): string[] {
  const out: string[] = [];
  const visit = (value: unknown, key: string): void => {
    out.push(key);
    if (Array.isArray(value)) for (let i = 0; i < value.length; i++) visit(value[i], `${key}.${i}`);
    else if (typeof value === 'object' && value !== null)
      for (const [k, v] of Object.entries(value)) visit(v, `${key}.${k}`);
  };
  for (const [k, v] of Object.entries(raw)) visit(v, k);
  return out;
}

/**
 * How many records keep their decoded front matter: every record of a library up to this size, so it
 * is decoded once. A larger library keeps only the last few: lint and indexing read one skill at a
 * time, and decoded objects kept longer would outlive the young generation and be collected only in
 * the old one (at 100,000 skills that cost 130 MB of peak memory and 7 s of build).
 */
const KEPT_SMALL_LIBRARY = 4096;
const KEPT_LARGE_LIBRARY = 16;
let decodedKept = KEPT_SMALL_LIBRARY;

/** A discovery begins: the bound is set afresh by the roots it reads (expectRecords). */
export function resetDecodedBound(): void {
  decodedKept = KEPT_SMALL_LIBRARY;
}

/** Told how many records one root is about to make: a large library keeps few decoded. */
export function expectRecords(count: number): void {
  if (count > KEPT_SMALL_LIBRARY) decodedKept = KEPT_LARGE_LIBRARY;
}

/** The records holding decoded front matter, oldest first. */
const recent = new Set<LazyParsed>();

/** Where a record's front matter JSON is read from on first need: its own bytes, or a cache's file. */
export type RestSource =
  | (() => string | Buffer | undefined)
  | { rest(file: string): string | undefined };

/** A ParsedSkillFile whose front matter is decoded on first access, from the cache's second file. */
export class LazyParsed {
  #rest: RestSource;
  #file: string;
  // A large library keeps only the compact JSON of each record: the decoded objects of the most recently
  // used records are kept (`decodedKept` of them), the others are dropped and decoded again on need.
  #decoded: Lazy | undefined;

  constructor(head: Head, rest: RestSource, file: string, decoded?: Lazy) {
    Object.assign(this, head);
    this.#rest = rest;
    this.#file = file;
    if (decoded) this.#keep(decoded);
  }

  /** Hold decoded front matter, dropping that of the least recently decoded record past the bound. */
  #keep(decoded: Lazy): Lazy {
    this.#decoded = decoded;
    recent.add(this);
    while (recent.size > decodedKept) {
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
    const source = this.#rest;
    const text = typeof source === 'function' ? source() : source.rest(this.#file);
    const r = text === undefined ? undefined : restOf(text);
    if (r === undefined) {
      // The cache's second file lacks this record, or holds it damaged: parse the file again, and take
      // its front matter only if it is still the content this record was made from.
      const head = this as unknown as Head;
      let bytes: Buffer | undefined;
      try {
        bytes = nodeFs.readFileSync(this.#file);
      } catch {
        bytes = undefined;
      }
      const same =
        bytes !== undefined &&
        createHash('sha256').update(bytes).digest('hex') === head.contentHash;
      if (!same) return { frontmatter: { extra: {} }, raw: {}, positions: {}, scalarSources: {} };
      const { frontmatter, raw, positions, scalarSources } = parseSkillFile(
        bytes as Buffer,
        this.#file,
      );
      return { frontmatter, raw, positions, scalarSources };
    }
    // A description equal to the head's is kept once, in the head (its key keeps its place in raw).
    if (r.headDescription) r.raw.description = (this as unknown as Head).description;
    const positions: Record<string, Position> = {};
    if (r.at) {
      const at = r.at;
      positionKeys(r.raw).forEach((k, i) => {
        positions[k] = { line: at[2 * i] as number, column: at[2 * i + 1] as number };
      });
    } else
      for (const [k, [line, column]] of Object.entries(r.positions ?? {}))
        positions[k] = { line, column };
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
  const keys = Object.keys(positions);
  const derived = positionKeys(raw);
  const rest: Rest = { raw, sources: scalarSources };
  if (keys.length === derived.length && keys.every((k, i) => k === derived[i])) {
    rest.at = keys.flatMap((k) => {
      const p = positions[k] as Position;
      return [p.line, p.column];
    });
  } else {
    const keyed: Record<string, [number, number]> = {};
    for (const [k, p] of Object.entries(positions)) keyed[k] = [p.line, p.column];
    rest.positions = keyed;
  }
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
  // Only the bytes are kept (the head is copied into the record).
  const rest = record.rest;
  // A large library keeps none of its parses decoded: they are read again only after the whole
  // library is, so keeping the last few saves nothing, and parse objects that outlive a young-
  // generation collection teach V8 to allocate every later parse in the old generation.
  if (decodedKept === KEPT_LARGE_LIBRARY)
    return new LazyParsed(record.head, () => rest, file) as unknown as ParsedSkillFile;
  const { frontmatter, raw, positions, scalarSources } = parsed;
  return new LazyParsed(record.head, () => rest, file, {
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
