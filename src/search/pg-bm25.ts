// BM25 over the PostgreSQL index's posting lists (pg-lists.ts), as FTS5's bm25() computes it and in
// its double arithmetic, so that the PostgreSQL index and the SQLite one give the same scores: the
// logarithm is the C library's, taken by the server; the rest is IEEE arithmetic in FTS5's order.

import type { Hit } from './index-store.js';
import { type List, type ListReader, listsOf, type SpaceAt, WIDTH } from './pg-lists.js';
import type { Phrase } from './pg-read.js';

/** One list grouped by ref: each ref's weighted frequency and row length. */
interface Groups {
  refs: Int32Array;
  f: Float64Array;
  d: Float64Array;
  size: number;
}

/** Group a list's entries by ref (they come sorted by ref): f sums weight × count over columns. */
function group(list: List, weights: readonly number[]): Groups {
  const n = list.length / WIDTH;
  const g: Groups = {
    refs: new Int32Array(n),
    f: new Float64Array(n),
    d: new Float64Array(n),
    size: 0,
  };
  for (let i = 0; i < list.length; i += WIDTH) {
    const ref = list[i] as number;
    const add = (weights[list[i + 1] as number] ?? 0) * (list[i + 2] as number);
    const len = list[i + 3] as number;
    const last = g.size - 1;
    if (last >= 0 && g.refs[last] === ref) {
      g.f[last] = (g.f[last] as number) + add;
      g.d[last] = Math.min(g.d[last] as number, len);
    } else {
      g.refs[g.size] = ref;
      g.f[g.size] = add;
      g.d[g.size] = len;
      g.size++;
    }
  }
  return g;
}

/** The table's size for BM25: rows N and mean row length avgdl, over the spaces seen. */
export interface TableStats {
  n: number;
  avgdl: number;
}

/** What ranking one table needs: the spaces seen, the table's statistics, the phrases and weights. */
export interface TableQuery {
  spaces: readonly SpaceAt[];
  st: TableStats;
  tbl: number;
  phrases: readonly Phrase[];
  weights: readonly number[];
}

/** The `limit` best candidates of one table by BM25, their lists read where they are not kept. */
export async function bm25Candidates(
  store: ListReader,
  q: TableQuery,
  limit: number,
): Promise<Hit[]> {
  const g = grouped(await listsOf(store, q.spaces, q.tbl, q.phrases), q.weights);
  return bm25Top(g, await lnOf(store, idfArguments(g, q.st)), q.st.avgdl, limit);
}

/** Each phrase's lists grouped by ref, and how many refs it matched (undefined: matches nothing). */
export type Grouped = Array<{ groups: Groups[]; matched: number } | undefined>;

/** Group every list of every phrase (f weighs each column by `weights`). */
export function grouped(
  lists: ReadonlyArray<List[] | undefined>,
  weights: readonly number[],
): Grouped {
  return lists.map((perSpace) => {
    if (!perSpace) return undefined;
    const groups = perSpace.map((l) => group(l, weights));
    return { groups, matched: groups.reduce((n, g) => n + g.size, 0) };
  });
}

/**
 * The argument of each phrase's IDF logarithm, (N − n + 0.5) / (n + 0.5), with n the refs it matched
 * (undefined for a phrase matching none). The logarithm itself is taken by the C library, as FTS5
 * takes it (`lnOf`): JavaScript's Math.log may differ from it in the last bit.
 */
export const idfArguments = (g: Grouped, st: TableStats): Array<number | undefined> =>
  g.map((p) => (p && p.matched > 0 ? (st.n - p.matched + 0.5) / (p.matched + 0.5) : undefined));

/** Natural logarithms as the C library computes them, by argument (a pure function: kept). */
const LOGS = new Map<number, number>();
const MAX_LOGS = 100_000;

/** ln(x) for each x as PostgreSQL's ln() (the C library's log) gives it; one query for the new ones. */
export async function lnOf(
  store: ListReader,
  xs: ReadonlyArray<number | undefined>,
): Promise<Array<number | undefined>> {
  const asked = [...new Set(xs.filter((x): x is number => x !== undefined && !LOGS.has(x)))];
  if (asked.length > 0) {
    const rows = await store.query<{ y: number }>(
      'SELECT ln(u.x) AS y FROM unnest($1::float8[]) WITH ORDINALITY AS u(x, n) ORDER BY u.n',
      [asked],
    );
    if (LOGS.size + asked.length > MAX_LOGS) LOGS.clear();
    asked.forEach((x, i) => {
      LOGS.set(x, Number(rows[i]?.y));
    });
  }
  return xs.map((x) => (x === undefined ? undefined : LOGS.get(x)));
}

/**
 * The `limit` best refs by BM25 over grouped lists, higher first, ties to the lower ref: for each
 * phrase IDF = ln((N − n + 0.5) / (n + 0.5)) (`logs`), 1e-6 when not positive; each ref's score sums
 * IDF · f·(k1+1) / (f + k1·(1 − b + b·d/avgdl)) over its phrases in phrase order (k1 = 1.2,
 * b = 0.75), in FTS5's double arithmetic and order.
 */
export function bm25Top(
  g: Grouped,
  logs: ReadonlyArray<number | undefined>,
  avgdl: number,
  limit: number,
): Hit[] {
  // Runs: one per phrase and space, in phrase order; a ref lives in one space, so in one run a phrase.
  const runs: Array<{ g: Groups; idf: number }> = [];
  g.forEach((p, i) => {
    const x = logs[i];
    if (!p || x === undefined) return;
    const idf = x <= 0 ? 1e-6 : x;
    for (const one of p.groups) if (one.size > 0) runs.push({ g: one, idf });
  });
  const at = new Int32Array(runs.length);
  const best = new TopK(limit);
  for (;;) {
    let ref = Number.POSITIVE_INFINITY;
    for (let r = 0; r < runs.length; r++) {
      const run = runs[r] as (typeof runs)[number];
      const i = at[r] as number;
      if (i < run.g.size && (run.g.refs[i] as number) < ref) ref = run.g.refs[i] as number;
    }
    if (ref === Number.POSITIVE_INFINITY) break;
    let score: number | undefined;
    for (let r = 0; r < runs.length; r++) {
      const run = runs[r] as (typeof runs)[number];
      const i = at[r] as number;
      if (i >= run.g.size || run.g.refs[i] !== ref) continue;
      const f = run.g.f[i] as number;
      const d = run.g.d[i] as number;
      const part = run.idf * ((f * (1.2 + 1.0)) / (f + 1.2 * (1 - 0.75 + (0.75 * d) / avgdl)));
      score = score === undefined ? part : score + part;
      at[r] = i + 1;
    }
    best.offer(ref, score as number);
  }
  return best.sorted();
}

/** The `k` best (score, ref) pairs offered: higher score first, ties to the lower ref. */
class TopK {
  private readonly heap: Hit[] = [];

  constructor(private readonly k: number) {}

  /** Is `a` worse than `b` (a lower score, or the same and a higher ref)? */
  private static worse(a: Hit, b: Hit): boolean {
    return a.score < b.score || (a.score === b.score && a.ref > b.ref);
  }

  offer(ref: number, score: number): void {
    if (this.k <= 0) return;
    const h = this.heap;
    if (h.length < this.k) {
      h.push({ ref, score });
      this.up(h.length - 1);
    } else if (TopK.worse(h[0] as Hit, { ref, score })) {
      h[0] = { ref, score };
      this.down(0);
    }
  }

  sorted(): Hit[] {
    return [...this.heap].sort((a, b) => b.score - a.score || a.ref - b.ref);
  }

  private up(i: number): void {
    const h = this.heap;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!TopK.worse(h[i] as Hit, h[parent] as Hit)) break;
      [h[i], h[parent]] = [h[parent] as Hit, h[i] as Hit];
      i = parent;
    }
  }

  private down(i: number): void {
    const h = this.heap;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < h.length && TopK.worse(h[l] as Hit, h[m] as Hit)) m = l;
      if (r < h.length && TopK.worse(h[r] as Hit, h[m] as Hit)) m = r;
      if (m === i) return;
      [h[i], h[m]] = [h[m] as Hit, h[i] as Hit];
      i = m;
    }
  }
}
