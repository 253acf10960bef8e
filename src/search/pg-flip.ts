// What makes a generation of a space current, inside its one transaction: the document frequencies
// moved by what left and what came, the inbound mention counts recounted, and the space's BM25
// statistics (rows and tokens per table) recomputed.

import type pg from 'pg';
import { inboundCounts } from './store-rows.js';

/** The channel a space's new generation is announced on (the payload: `schema:space`). */
export const NOTIFY_CHANNEL = 'skillset_index';

/** A connection inside a transaction, the schema (quoted) and the space written. */
export interface Tx {
  client: pg.PoolClient;
  s: string;
  space: number;
}

/**
 * Take the terms of the removed documents (`refs`) out of the space's document frequencies, add
 * those of the inserted ones (`delta`: term → [metadata, body] documents), and drop terms no
 * document of the space holds.
 */
export async function updateFrequencies(
  { client, s, space }: Tx,
  refs: readonly number[],
  delta: ReadonlyMap<string, [number, number]>,
): Promise<void> {
  if (refs.length > 0)
    await client.query(
      `UPDATE ${s}.df SET meta = df.meta - g.m, body = df.body - g.b FROM (
        SELECT term, count(*) FILTER (WHERE tbl = 0) AS m, count(*) FILTER (WHERE tbl = 1) AS b
        FROM (SELECT DISTINCT tbl, term, ref FROM ${s}.postings WHERE space = $2 AND ref = ANY($1)) AS p GROUP BY term) AS g
      WHERE df.term = g.term AND df.space = $2`,
      [refs, space],
    );
  if (delta.size > 0) {
    const terms = [...delta.keys()];
    await client.query(
      `INSERT INTO ${s}.df(term, space, meta, body) SELECT t, $4, m, b FROM unnest($1::text[], $2::int[], $3::int[]) AS u(t, m, b)
      ON CONFLICT (term, space) DO UPDATE SET meta = df.meta + excluded.meta, body = df.body + excluded.body`,
      [
        terms,
        terms.map((t) => delta.get(t)?.[0] ?? 0),
        terms.map((t) => delta.get(t)?.[1] ?? 0),
        space,
      ],
    );
  }
  await client.query(`DELETE FROM ${s}.df WHERE space = $1 AND meta <= 0 AND body <= 0`, [space]);
}

/** Recount the space's inbound mentions and its statistics, once its documents are final. */
export async function finishSpace(tx: Tx): Promise<void> {
  await countInbound(tx);
  const { client, s, space } = tx;
  await client.query(
    `INSERT INTO ${s}.stats(space, tbl, rows, tokens)
      SELECT $1, 0, count(*), coalesce(sum(meta_tokens), 0) FROM ${s}.docs WHERE space = $1
      UNION ALL SELECT $1, 1, count(*) FILTER (WHERE body <> ''), coalesce(sum(body_tokens), 0) FROM ${s}.docs WHERE space = $1
    ON CONFLICT (space, tbl) DO UPDATE SET rows = excluded.rows, tokens = excluded.tokens`,
    [space],
  );
}

/**
 * Recount, for every skill of the space, how many other skills of it (by distinct name) mention its
 * name, as the SQLite index does: any change can move any count.
 */
async function countInbound({ client, s, space }: Tx): Promise<void> {
  const rows = (
    await client.query<{ ref: number; name: string; mentions: string; inbound: number }>(
      `SELECT ref, name, mentions, inbound FROM ${s}.docs WHERE space = $1`,
      [space],
    )
  ).rows;
  const counts = inboundCounts(rows);
  const changed = rows
    .map((r) => [r.ref, counts.get(r.name) ?? 0, r.inbound] as const)
    .filter(([, n, was]) => n !== was);
  if (changed.length > 0)
    await client.query(
      `UPDATE ${s}.docs SET inbound = v.n FROM unnest($1::int[], $2::int[]) AS v(ref, n) WHERE docs.ref = v.ref`,
      [changed.map((c) => c[0]), changed.map((c) => c[1])],
    );
}
