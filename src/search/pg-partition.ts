// Each space's postings are a partition of their own. A space's first generation is written into a
// bare table (no index to keep up row by row: that was four fifths of a publish), indexed whole once
// every batch is in, and only then attached. A later generation that replaces at least half of the
// space does the same: what it keeps is copied into a bare table beside the partition, its batches
// go there too, and that table takes the partition's place in the generation's last transaction.
// Smaller generations write through the parent into the indexed partition, where they change a few
// rows. Readers see none of it before the flip either way.

import type pg from 'pg';
import { intArray } from './pg-arrays.js';

/** A partition's name, unquoted, for the space with id `space`. */
const nameOf = (space: number): string => `postings_${space}`;

/** The table a space's partition is rebuilt in, unquoted. */
const nextOf = (space: number): string => `${nameOf(space)}_next`;

/** Is `table` a space's postings partition, or one being rebuilt (or what is left of either)? */
export const isPartition = (table: string): boolean => /^postings_\d+(_next)?$/.test(table);

/** Memory for building a partition's indexes at once (the server's default is 64 MB). */
const BUILD_MEMORY = '256MB';

/** How long a rebuilt partition's swap waits for readers to let go of the parent table. */
const SWAP_WAIT = '10s';

/** Runs work on a second connection of its own. */
type Another = (work: (client: pg.PoolClient) => Promise<void>) => Promise<void>;

/** Where a generation's postings go: a bare table to index later, or the parent. */
export interface PostingsTarget {
  /** The table inserts go to, quoted. */
  table: string;
  /**
   * Index it once the generation's batches are in, and attach it when it is the space's first
   * (bare tables only); `another` runs work on a second connection, which builds the smaller index
   * meanwhile.
   */
  finish?: (another?: Another) => Promise<void>;
  /**
   * A rebuilt partition: put it in the old one's place. Run last in the generation's transaction
   * (it locks the parent table until the commit). The document frequencies of what the rebuild kept
   * were counted into the generation's delta: the space's frequencies are then the delta alone.
   */
  swap?: (client: pg.PoolClient) => Promise<void>;
}

/**
 * Where the postings of space `space` go this generation: through the parent when the space has its
 * partition; rebuilt beside it when `rebuild` is given (it keeps every row but those of the refs
 * `remove`, their terms counted into `delta`); otherwise a new bare table (one a run that died left
 * half-written is dropped first).
 */
export async function postingsTarget(
  client: pg.PoolClient,
  s: string,
  space: number,
  rebuild?: { remove: readonly number[]; delta: Map<string, [number, number]> },
): Promise<PostingsTarget> {
  const table = `${s}."${nameOf(space)}"`;
  const next = `${s}."${nextOf(space)}"`;
  await client.query(`DROP TABLE IF EXISTS ${next}`);
  const found = (
    await client.query<{ attached: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM pg_inherits WHERE inhrelid = c.oid) AS attached
      FROM pg_class AS c WHERE c.oid = to_regclass($1)`,
      [table],
    )
  ).rows[0];
  // The CHECK lets ATTACH skip scanning the rows to prove they belong.
  const create = (bare: string) =>
    client.query(
      `CREATE TABLE ${bare} (LIKE ${s}.postings INCLUDING DEFAULTS, CHECK (space = ${space}))`,
    );
  const attach = (on: pg.PoolClient) =>
    on.query(`ALTER TABLE ${s}.postings ATTACH PARTITION ${table} FOR VALUES IN (${space})`);
  if (found?.attached) {
    if (!rebuild) return { table: `${s}.postings` };
    await create(next);
    await keep(client, table, next, rebuild);
    return {
      table: next,
      finish: (another) => buildIndexes(client, next, another),
      async swap(on) {
        // Readers of every space wait while the parent is locked: not for long, nor behind a stranger.
        await on.query(`SET LOCAL lock_timeout = '${SWAP_WAIT}'`);
        await on.query(`DROP TABLE ${table}`);
        await on.query(`ALTER TABLE ${next} RENAME TO "${nameOf(space)}"`);
        await attach(on);
      },
    };
  }
  if (found) await client.query(`DROP TABLE ${table}`);
  await create(table);
  return {
    table,
    async finish(another) {
      await buildIndexes(client, table, another);
      await attach(client);
    },
  };
}

/** Copy the rows of `from` but those of the refs `remove` into `to`, counting their terms into `delta`. */
async function keep(
  client: pg.PoolClient,
  from: string,
  to: string,
  { remove, delta }: { remove: readonly number[]; delta: Map<string, [number, number]> },
): Promise<void> {
  const counts = await client.query<{ term: string; m: number; b: number }>(
    `WITH kept AS (INSERT INTO ${to} SELECT * FROM ${from} WHERE ref <> ALL($1::int[]) RETURNING tbl, term, ref)
    SELECT term, (count(DISTINCT ref) FILTER (WHERE tbl = 0))::int AS m,
      (count(DISTINCT ref) FILTER (WHERE tbl = 1))::int AS b FROM kept GROUP BY term`,
    [intArray(remove)],
  );
  for (const r of counts.rows) {
    const d = delta.get(r.term);
    if (d) {
      d[0] += r.m;
      d[1] += r.b;
    } else delta.set(r.term, [r.m, r.b]);
  }
}

/** Build the partition's indexes on `table`, the smaller one on a second connection when there is one. */
async function buildIndexes(
  client: pg.PoolClient,
  table: string,
  another: Another | undefined,
): Promise<void> {
  const build = async (on: pg.PoolClient, columns: string) => {
    await on.query(`SET maintenance_work_mem = '${BUILD_MEMORY}'`);
    try {
      await on.query(`CREATE INDEX ON ${table}${columns}`);
    } finally {
      await on.query('RESET maintenance_work_mem');
    }
  };
  const byRef = another ? another((on) => build(on, '(ref)')) : undefined;
  byRef?.catch(() => undefined);
  await build(client, '(tbl, term, ref, col) INCLUDE (tf, len, space, gen)');
  await (byRef ?? build(client, '(ref)'));
}

/** Mark the space's partition's pages visible (readers then read its index alone) and its statistics. */
export async function tidyPartition(
  client: pg.PoolClient,
  s: string,
  space: number,
): Promise<void> {
  await client.query(`VACUUM (ANALYZE) ${s}."${nameOf(space)}"`).catch(() => undefined);
}
