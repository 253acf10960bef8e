// The posting lists BM25 ranks over in the PostgreSQL index (pg-bm25.ts). A term's list in a space is
// read once as one packed value (from a covering index, in ref order) and kept, shared by every
// store on the pool: a list is fixed for a space's generation, so it is kept under that generation
// and never goes stale, only out of use. Common terms, the ones whose lists are long, are the ones
// queries repeat, so what a registry server reads per query shrinks to its rare terms.

import type pg from 'pg';
import type { Phrase } from './pg-read.js';

/** Entries of one packed list: ref, column, term count, row length. */
export const WIDTH = 4;

/** Int32s kept across lists per pool (64 MB): a 100,000-skill library's commonest list is 1.6 MB. */
const CACHE_INTS = 16 * 1024 * 1024;

/** One space's list of one phrase: entries sorted by ref, then column. */
export type List = Int32Array;

/** Lists by space, generation, table and phrase; least recently used first. */
class ListCache {
  private readonly lists = new Map<string, List>();
  private ints = 0;

  get(key: string): List | undefined {
    const hit = this.lists.get(key);
    if (hit) {
      this.lists.delete(key);
      this.lists.set(key, hit);
    }
    return hit;
  }

  set(key: string, list: List): void {
    if (list.length > CACHE_INTS) return;
    const old = this.lists.get(key);
    if (old) this.ints -= old.length;
    this.lists.delete(key);
    this.lists.set(key, list);
    this.ints += list.length;
    for (const [k, v] of this.lists) {
      if (this.ints <= CACHE_INTS) break;
      this.lists.delete(k);
      this.ints -= v.length;
    }
  }
}

const caches = new WeakMap<pg.Pool, ListCache>();

/** The list cache shared by every store on `pool`. */
function cacheOf(pool: pg.Pool): ListCache {
  let c = caches.get(pool);
  if (!c) {
    c = new ListCache();
    caches.set(pool, c);
  }
  return c;
}

/** What reading lists needs of a store: its pool, schema, the spaces it sees, and a query. */
export interface ListReader {
  pool: pg.Pool;
  s: string;
  scope: readonly string[];
  query<R extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<R[]>;
}

/** A space the store sees, at its current generation. */
export interface SpaceAt {
  id: number;
  gen: number;
}

/** The key of a phrase's list in a space at a generation. */
const keyOf = (sp: SpaceAt, tbl: number, p: NonNullable<Phrase>) =>
  `${sp.id}\0${sp.gen}\0${tbl}\0${p.prefix ? 'p' : 't'}\0${p.token}`;

/**
 * The least string above every term starting with `prefix`, in byte order (the index's): the prefix
 * with its last code point moved on one (UTF-8 keeps code point order). A range on the index finds a
 * prefix's terms; a LIKE with a pattern known only at run time would read the whole table.
 */
export function prefixEnd(prefix: string): string {
  const points = [...prefix];
  while (points.length > 0) {
    const last = (points.pop() as string).codePointAt(0) as number;
    let next = last + 1;
    if (next >= 0xd800 && next <= 0xdfff) next = 0xe000;
    if (next <= 0x10ffff) return points.join('') + String.fromCodePoint(next);
  }
  return String.fromCodePoint(0x10ffff).repeat(prefix.length + 64);
}

/** A packed list as PostgreSQL sends it (int4send, big-endian) made an Int32Array. */
function decode(bytes: Buffer | null): List {
  if (!bytes) return new Int32Array(0);
  const out = new Int32Array(bytes.length >> 2);
  for (let i = 0; i < out.length; i++) out[i] = bytes.readInt32BE(i << 2);
  return out;
}

/** The key of a phrase's list in a space, whatever the generation. */
const spaceKeyOf = (space: number, tbl: number, p: NonNullable<Phrase>) =>
  `${space}\0${tbl}\0${p.prefix ? 'p' : 't'}\0${p.token}`;

/**
 * Read the lists of `missing` in table `tbl` for the spaces seen, one query per kind (whole terms,
 * prefixes), and keep each under the generation it was read at, in the same snapshot: a list read
 * just after a publish is kept under the new generation, never the old one.
 */
async function readMissing(
  store: ListReader,
  cache: ListCache,
  tbl: number,
  missing: ReadonlyArray<NonNullable<Phrase>>,
): Promise<Map<string, List>> {
  const read = new Map<string, List>();
  for (const prefix of [false, true]) {
    const asked = [...new Set(missing.filter((p) => p.prefix === prefix).map((p) => p.token))];
    if (asked.length === 0) continue;
    const rows = await store.query<{ k: string; id: number; gen: number; data: Buffer | null }>(
      `WITH vis AS (SELECT id, gen FROM ${store.s}.spaces WHERE name = ANY($3))
      SELECT a.k, vis.id, vis.gen, (SELECT string_agg(int4send(q.ref) || int4send(q.col::int) || int4send(q.tf) || int4send(q.len), ''::bytea)
        FROM (SELECT p.ref, p.col, p.tf, p.len FROM ${store.s}.postings AS p
          WHERE p.tbl = $1 AND ${prefix ? 'p.term >= a.k AND p.term < a.upper' : 'p.term = a.k'} AND p.space = vis.id AND p.gen <= vis.gen
          ORDER BY p.ref, p.col${prefix ? ', p.term' : ''}) AS q) AS data
      FROM unnest($2::text[], $4::text[]) AS a(k, upper) CROSS JOIN vis`,
      [tbl, asked, store.scope, asked.map(prefixEnd)],
    );
    for (const r of rows) {
      const phrase = { token: r.k, prefix };
      const list = decode(r.data);
      read.set(spaceKeyOf(r.id, tbl, phrase), list);
      cache.set(keyOf(r, tbl, phrase), list);
    }
  }
  return read;
}

/**
 * Each phrase's lists, one per space seen (`undefined` for a phrase that matches nothing), read
 * where they are not kept. `spaces` are the spaces seen at their current generations.
 */
export async function listsOf(
  store: ListReader,
  spaces: readonly SpaceAt[],
  tbl: number,
  phrases: readonly Phrase[],
): Promise<Array<List[] | undefined>> {
  const cache = cacheOf(store.pool);
  const missing = phrases.filter(
    (p): p is NonNullable<Phrase> =>
      p !== undefined && spaces.some((sp) => cache.get(keyOf(sp, tbl, p)) === undefined),
  );
  // What was read is used as read (a cache too small for this query's lists must not lose them).
  const read = missing.length > 0 ? await readMissing(store, cache, tbl, missing) : new Map();
  return phrases.map((p) => {
    if (!p) return undefined;
    return spaces.map(
      (sp) =>
        read.get(spaceKeyOf(sp.id, tbl, p)) ?? cache.get(keyOf(sp, tbl, p)) ?? new Int32Array(0),
    );
  });
}
