// The reads of a PostgreSQL index that sum over the spaces a store sees: document counts and
// frequencies, the vocabulary, a body's term counts and the mean body length, and the version of
// what is seen. Every one is scoped in SQL to the store's spaces, up to each one's current generation.

import type { BodyCounts } from './index-store.js';
import type { TableStats } from './pg-bm25.js';
import type { SpaceAt } from './pg-lists.js';
import type { PgIndexStore } from './pg-store.js';

/** Options for PgIndexStore.open. */
export interface PgStoreOptions {
  /** How long an update waits for another process's update (default two minutes). */
  waitMs?: number;
  /** The space updates write (default `default`: a library's own index). */
  space?: string;
  /** The spaces reads see (default: the space written): a registry caller's namespaces. */
  scope?: readonly string[];
  /** Never write: `apply` checks nothing and changes nothing (a registry's readers). */
  readOnly?: boolean;
}

/** The space of a library's own index in PostgreSQL. */
export const DEFAULT_SPACE = 'default';

/** The number of skills the store sees. */
export async function docCount(store: PgIndexStore): Promise<number> {
  const rows = await store.query<{ rows: string }>(
    `SELECT coalesce(sum(st.rows), 0) AS rows FROM ${store.s}.stats AS st JOIN ${store.s}.spaces AS sp ON sp.id = st.space WHERE st.tbl = 0 AND sp.name = ANY($1)`,
    [store.scope],
  );
  return Number(rows[0]?.rows ?? 0);
}

/** The spaces the store sees, at their current generations. */
export const spacesAt = (store: PgIndexStore): Promise<SpaceAt[]> =>
  store.query<SpaceAt>(`SELECT id, gen FROM ${store.s}.spaces WHERE name = ANY($1) ORDER BY id`, [
    store.scope,
  ]);

/** Table `tbl`'s rows and mean row length over the spaces seen, as BM25 takes them. */
export async function tableStats(store: PgIndexStore, tbl: number): Promise<TableStats> {
  const row = (
    await store.query<{ n: number | null; tokens: number | null }>(
      `SELECT sum(st.rows)::float8 AS n, sum(st.tokens)::float8 AS tokens FROM ${store.s}.stats AS st
      JOIN ${store.s}.spaces AS sp ON sp.id = st.space WHERE st.tbl = $1 AND sp.name = ANY($2)`,
      [tbl, store.scope],
    )
  )[0];
  const n = row?.n ?? 0;
  return { n, avgdl: n > 0 ? (row?.tokens ?? 0) / n : 0 };
}

/** How many skills the store sees hold `term` in their metadata, and in their bodies. */
export async function frequency(
  store: PgIndexStore,
  term: string,
): Promise<{ meta: number; body: number }> {
  const row = (
    await store.query<{ meta: string; body: string }>(
      `SELECT coalesce(sum(df.meta), 0) AS meta, coalesce(sum(df.body), 0) AS body FROM ${store.s}.df JOIN ${store.s}.spaces AS sp ON sp.id = df.space WHERE df.term = $1 AND sp.name = ANY($2)`,
      [term, store.scope],
    )
  )[0];
  return { meta: Number(row?.meta ?? 0), body: Number(row?.body ?? 0) };
}

/** The terms of skills' metadata, and those at least two bodies hold, with their frequencies. */
export async function vocabulary(
  store: PgIndexStore,
): Promise<Array<{ term: string; meta: number; body: number }>> {
  const rows = await store.query<{ term: string; meta: string; body: string }>(
    `SELECT df.term, sum(df.meta) AS meta, sum(df.body) AS body FROM ${store.s}.df JOIN ${store.s}.spaces AS sp ON sp.id = df.space
    WHERE sp.name = ANY($1) GROUP BY df.term HAVING sum(df.meta) > 0 OR sum(df.body) > 1`,
    [store.scope],
  );
  return rows.map((r) => ({ term: r.term, meta: Number(r.meta), body: Number(r.body) }));
}

/** How often a skill's body holds each of `terms`, and its length; nothing for a skill not seen. */
export async function bodyCounts(
  store: PgIndexStore,
  ref: number,
  terms: readonly string[],
): Promise<BodyCounts> {
  // One round trip: the body's length, and a row per term it holds (none when it holds none).
  const rows = await store.query<{ body_len: number; term: string | null; tf: number | null }>(
    `SELECT d.body_len, p.term, p.tf FROM ${store.s}.docs AS d ${store.visible('d', 3)} LEFT JOIN ${store.s}.postings AS p
      ON p.space = d.space AND p.tbl = 1 AND p.ref = d.ref AND p.term = ANY($2) WHERE d.ref = $1`,
    [ref, [...new Set(terms)], store.scope],
  );
  const counts = new Map<string, number>();
  for (const r of rows) if (r.term !== null && r.tf !== null) counts.set(r.term, r.tf);
  return { counts, length: rows[0]?.body_len ?? 0 };
}

/** The mean body length in terms over the skills the store sees. */
export async function averageBodyLength(store: PgIndexStore): Promise<number> {
  const rows = await store.query<{ v: number }>(
    `SELECT coalesce(avg(d.body_len), 0)::float8 AS v FROM ${store.s}.docs AS d ${store.visible('d', 1)}`,
    [store.scope],
  );
  return Number(rows[0]?.v ?? 0);
}

/**
 * The fingerprint of what the one space seen holds ('' before its first update); over several
 * spaces, each one's name, generation and fingerprint.
 */
export async function contentVersion(store: PgIndexStore): Promise<string> {
  const rows = await store.query<{ name: string; gen: number; fingerprint: string }>(
    `SELECT name, gen, fingerprint FROM ${store.s}.spaces WHERE name = ANY($1) ORDER BY name`,
    [store.scope],
  );
  if (store.scope.length === 1) return rows[0]?.fingerprint ?? '';
  return rows.map((r) => `${r.name}:${r.gen}:${r.fingerprint}`).join('\n');
}

/** The fingerprint of what `space` holds ('' before its first update). */
export async function spaceFingerprint(store: PgIndexStore, space: string): Promise<string> {
  const rows = await store.query<{ fingerprint: string }>(
    `SELECT fingerprint FROM ${store.s}.spaces WHERE name = $1`,
    [space],
  );
  return rows[0]?.fingerprint ?? '';
}

/** What `space` holds now, by path: its documents' content hashes and ids. */
export async function spaceContents(
  store: PgIndexStore,
  space: string,
): Promise<Map<string, { hash: string; id: string }>> {
  const rows = await store.query<{ path: string; hash: string; id: string }>(
    `SELECT d.path, d.hash, d.id FROM ${store.s}.docs AS d ${store.visible('d', 1)}`,
    [[space]],
  );
  return new Map(rows.map((r) => [r.path, { hash: r.hash, id: r.id }]));
}
