// Each space's postings are a partition of their own. A space's first generation is written into a
// bare table (no index to keep up row by row: that was four fifths of a publish), indexed whole once
// every batch is in, and only then attached. Later generations write through the parent into the
// indexed partition, where they change a few rows. Readers see none of it before the flip either way.

import type pg from 'pg';

/** A partition's name, unquoted, for the space with id `space`. */
const nameOf = (space: number): string => `postings_${space}`;

/** Is `table` a space's postings partition (or what is left of one)? */
export const isPartition = (table: string): boolean => /^postings_\d+$/.test(table);

/** Memory for building a partition's indexes at once (the server's default is 64 MB). */
const BUILD_MEMORY = '256MB';

/** Where a generation's postings go: a bare table to index later, or the parent. */
export interface PostingsTarget {
  /** The table inserts go to, quoted. */
  table: string;
  /**
   * Index and attach it once the generation's batches are in (bare tables only); `another` runs work
   * on a second connection, which builds the smaller index meanwhile.
   */
  finish?: (
    another?: (work: (client: pg.PoolClient) => Promise<void>) => Promise<void>,
  ) => Promise<void>;
}

/**
 * Where the postings of space `space` go this generation: through the parent when the space has its
 * partition; otherwise a new bare table (one a run that died left half-written is dropped first).
 */
export async function postingsTarget(
  client: pg.PoolClient,
  s: string,
  space: number,
): Promise<PostingsTarget> {
  const table = `${s}."${nameOf(space)}"`;
  const found = (
    await client.query<{ attached: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM pg_inherits WHERE inhrelid = c.oid) AS attached
      FROM pg_class AS c WHERE c.oid = to_regclass($1)`,
      [table],
    )
  ).rows[0];
  if (found?.attached) return { table: `${s}.postings` };
  if (found) await client.query(`DROP TABLE ${table}`);
  // The CHECK lets ATTACH skip scanning the rows to prove they belong.
  await client.query(
    `CREATE TABLE ${table} (LIKE ${s}.postings INCLUDING DEFAULTS, CHECK (space = ${space}))`,
  );
  return {
    table,
    async finish(another) {
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
      await client.query(
        `ALTER TABLE ${s}.postings ATTACH PARTITION ${table} FOR VALUES IN (${space})`,
      );
    },
  };
}

/** Mark the space's partition's pages visible (readers then read its index alone) and its statistics. */
export async function tidyPartition(
  client: pg.PoolClient,
  s: string,
  space: number,
): Promise<void> {
  await client.query(`VACUUM (ANALYZE) ${s}."${nameOf(space)}"`).catch(() => undefined);
}
