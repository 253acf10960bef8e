// The documents a generation adds, written a batch per transaction on two connections at once: each
// writes every other batch while this process loads and counts the next, so neither it nor the
// server waits for the other. Refs are reserved in order first, so batches may commit in any order
// and still number their documents as one writer would (as the SQLite index numbers them).

import type pg from 'pg';
import type { SearchDocument } from './document.js';
import type { Tx } from './pg-flip.js';
import { countsOf, insertDocuments } from './pg-insert.js';
import type { PostingsTarget } from './pg-partition.js';
import type { SpaceUpdate } from './pg-write.js';

/** Documents loaded and inserted at once: a transaction each. */
const LOAD_BATCH = 256;

/** A batch loaded: its documents (those that still load), their refs and their term counts. */
interface Batch {
  docs: SearchDocument[];
  refs: number[];
  counted: Array<ReturnType<typeof countsOf>>;
}

/** Load and write the documents at `paths` (sorted) into the generation, their terms into `delta`. */
export async function writeBatches(
  tx: Tx & { gen: number },
  u: SpaceUpdate,
  paths: readonly string[],
  target: PostingsTarget,
  delta: Map<string, [number, number]>,
): Promise<void> {
  if (paths.length === 0) return;
  const refs = await reserveRefs(tx, paths.length);
  const load = async (i: number): Promise<Batch> => {
    const loaded = await Promise.all(paths.slice(i, i + LOAD_BATCH).map((p) => u.load(p)));
    const batch: Batch = { docs: [], refs: [], counted: [] };
    loaded.forEach((d, k) => {
      if (d === undefined) return;
      batch.docs.push(d);
      batch.refs.push(refs[i + k] as number);
      batch.counted.push(countsOf(d));
    });
    return batch;
  };
  const write = async (on: pg.PoolClient, batch: Batch): Promise<void> => {
    await on.query('BEGIN');
    try {
      const at = { ...tx, client: on };
      await insertDocuments(
        { ...at, postings: target },
        batch.docs,
        batch.refs,
        delta,
        batch.counted,
      );
      await u.attach?.(at, batch.docs);
      await on.query('COMMIT');
    } catch (e) {
      await on.query('ROLLBACK').catch(() => undefined);
      throw e;
    }
  };
  const run = (clients: pg.PoolClient[]) => alternate(clients, paths.length, load, write, u);
  if (paths.length <= LOAD_BATCH || !u.another) await run([tx.client]);
  else await u.another((other) => run([tx.client, other]));
}

/** `n` refs from the docs' sequence, ascending. */
async function reserveRefs(tx: Tx, n: number): Promise<number[]> {
  const rows = (
    await tx.client.query<{ ref: number }>(
      `SELECT nextval(pg_get_serial_sequence($1, 'ref'))::int AS ref FROM generate_series(1, $2)`,
      [`${tx.s}.docs`, n],
    )
  ).rows;
  return rows.map((r) => r.ref).sort((a, b) => a - b);
}

/**
 * Batch k of `total` documents goes to `clients[k % clients.length]` once that connection is done
 * with its last one; batch k + 1 loads meanwhile. The first failure stops the run and is thrown.
 */
async function alternate(
  clients: pg.PoolClient[],
  total: number,
  load: (i: number) => Promise<Batch>,
  write: (on: pg.PoolClient, batch: Batch) => Promise<void>,
  u: Pick<SpaceUpdate, 'progress'>,
): Promise<void> {
  const writing: Array<Promise<void> | undefined> = clients.map(() => undefined);
  let failed: { error: unknown } | undefined;
  let done = 0;
  let next: Promise<Batch> | undefined = load(0);
  try {
    for (let i = 0, k = 0; i < total; i += LOAD_BATCH, k++) {
      const batch = await (next as Promise<Batch>);
      next = i + LOAD_BATCH < total ? load(i + LOAD_BATCH) : undefined;
      const slot = k % clients.length;
      const size = Math.min(LOAD_BATCH, total - i);
      await writing[slot];
      if (failed) throw failed.error;
      writing[slot] = write(clients[slot] as pg.PoolClient, batch).then(
        () => {
          done += size;
          u.progress?.(done, total);
        },
        (error: unknown) => {
          failed ??= { error };
        },
      );
    }
    await Promise.all(writing);
    if (failed) throw failed.error;
  } finally {
    // A batch loading when a write failed: its failure is not the one to report.
    next?.catch(() => undefined);
    await Promise.all(writing);
  }
}
