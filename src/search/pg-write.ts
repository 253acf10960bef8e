// One update of a space of the PostgreSQL index, in generations: under the space's lock, what
// changed by content hash is written a batch per transaction as the next generation (which readers
// do not see yet), then one short transaction makes it current: the replaced and removed documents
// go, the document frequencies, the statistics and the inbound mention counts move, and a
// notification tells every listener. A run that dies part-way leaves rows nobody sees; the next
// update clears them.

import { createHash } from 'node:crypto';
import path from 'node:path';
import type pg from 'pg';
import type { SearchDocument } from './document.js';
import type { DocumentLoader, IndexContents, Progress, UpdateStats } from './index-store.js';
import { writeBatches } from './pg-batches.js';
import { finishSpace, NOTIFY_CHANNEL, type Tx, updateFrequencies } from './pg-flip.js';
import { postingsTarget, tidyPartition } from './pg-partition.js';

/** One fingerprint of every (path, hash, id) the index should hold (as the SQLite index makes it). */
export function fingerprintOf(current: IndexContents): string {
  return createHash('sha256')
    .update(
      [...current]
        .map(([p, c]) => `${p}\0${c.hash}\0${c.id}`)
        .sort()
        .join('\n'),
    )
    .digest('hex');
}

/** What else a publish writes with each batch of documents (a skill's files), in its transaction. */
export type Attach = (tx: Tx & { gen: number }, docs: readonly SearchDocument[]) => Promise<void>;

/** An update of one space: where, what it should hold, and how to load what changed. */
export interface SpaceUpdate {
  /** The schema, quoted, and unquoted (for the lock's key). */
  s: string;
  schema: string;
  space: string;
  fingerprint: string;
  current: IndexContents;
  load: DocumentLoader;
  progress?: Progress | undefined;
  attach?: Attach | undefined;
  /** Run work on a second connection of its own (batches are then written on two at once). */
  another?: ((work: (client: pg.PoolClient) => Promise<void>) => Promise<void>) | undefined;
}

/**
 * On `client` (a connection of its own, not in a transaction): take the space's lock (waited for at
 * most `waitMs`), then bring the space in line with `u.current`, unless another process wrote these
 * very contents meanwhile. The lock is released at the end, or by the server if this process dies.
 */
export async function updateSpace(
  client: pg.PoolClient,
  waitMs: number,
  u: SpaceUpdate,
): Promise<UpdateStats> {
  const { s } = u;
  await client.query(`SET lock_timeout = ${Math.max(1, Math.floor(waitMs))}`);
  const key = `skillset:${u.schema}:${u.space}`;
  await client.query('SELECT pg_advisory_lock(hashtext($1))', [key]);
  try {
    await client.query('SET lock_timeout = 0');
    await client.query(`INSERT INTO ${s}.spaces(name) VALUES ($1) ON CONFLICT (name) DO NOTHING`, [
      u.space,
    ]);
    const sp = (
      await client.query<{ id: number; gen: number; fingerprint: string }>(
        `SELECT id, gen, fingerprint FROM ${s}.spaces WHERE name = $1`,
        [u.space],
      )
    ).rows[0] as { id: number; gen: number; fingerprint: string };
    if (sp.fingerprint === u.fingerprint)
      return { added: 0, changed: 0, removed: 0, unchanged: u.current.size };
    // What a run that died left behind: rows of a generation that never became current.
    for (const t of ['postings', 'docs', 'files'])
      await client.query(`DELETE FROM ${s}.${t} WHERE space = $1 AND gen > $2`, [sp.id, sp.gen]);
    const stats = await writeGeneration({ client, s, space: sp.id, gen: sp.gen + 1 }, u);
    // Readers read posting lists from the covering index alone once its pages are marked visible.
    if (stats.added + stats.changed + stats.removed > 0) await tidyPartition(client, s, sp.id);
    return stats;
  } finally {
    await client.query('SELECT pg_advisory_unlock(hashtext($1))', [key]).catch(() => undefined);
  }
}

/**
 * The share of a space's documents a generation must replace or remove for its partition to be
 * rebuilt rather than changed row by row (pg-partition.ts). Measured at 100,000 skills: a third
 * changed took 116 s row by row and 165 s rebuilt; all of them 392 s and 234 s. The two cross near
 * one half.
 */
const REBUILD_SHARE = 0.5;

/** What a generation changes, by comparing the space's documents with what it should hold. */
interface Plan {
  stats: UpdateStats;
  /** The refs of documents replaced or removed. */
  remove: number[];
  /** Their folders (a skill's files go with its document). */
  gone: string[];
  toLoad: string[];
  renames: Array<[number, string]>;
}

async function planOf(tx: Tx, current: IndexContents): Promise<Plan> {
  const stored = (
    await tx.client.query<{ ref: number; path: string; hash: string; id: string }>(
      `SELECT ref, path, hash, id FROM ${tx.s}.docs WHERE space = $1`,
      [tx.space],
    )
  ).rows;
  const plan: Plan = {
    stats: { added: 0, changed: 0, removed: 0, unchanged: 0 },
    remove: [],
    gone: [],
    toLoad: [],
    renames: [],
  };
  const known = new Set<string>();
  for (const r of stored) {
    known.add(r.path);
    const now = current.get(r.path);
    if (!now || now.hash !== r.hash) {
      plan.remove.push(r.ref);
      plan.gone.push(path.posix.dirname(r.path));
      if (now) plan.toLoad.push(r.path);
      plan.stats[now ? 'changed' : 'removed']++;
    } else {
      plan.stats.unchanged++;
      if (now.id !== r.id) plan.renames.push([r.ref, now.id]);
    }
  }
  for (const p of current.keys())
    if (!known.has(p)) {
      plan.toLoad.push(p);
      plan.stats.added++;
    }
  // Sorted, as the SQLite index inserts them: a fresh index numbers its documents alike.
  plan.toLoad.sort();
  return plan;
}

/** Write the next generation a batch per transaction, then make it current in one more. */
async function writeGeneration(tx: Tx & { gen: number }, u: SpaceUpdate): Promise<UpdateStats> {
  const { client, s } = tx;
  const plan = await planOf(tx, u.current);
  const delta = new Map<string, [number, number]>();
  const { changed, removed, unchanged } = plan.stats;
  const rebuild =
    plan.remove.length > 0 && plan.remove.length >= REBUILD_SHARE * (changed + removed + unchanged);
  const target = await postingsTarget(
    client,
    s,
    tx.space,
    rebuild ? { remove: plan.remove, delta } : undefined,
  );
  await writeBatches(tx, u, plan.toLoad, target, delta);
  await target.finish?.(u.another);
  await client.query('BEGIN');
  try {
    if (target.swap) {
      await client.query(`DELETE FROM ${s}.df WHERE space = $1`, [tx.space]);
      await updateFrequencies(tx, [], delta);
    } else {
      await updateFrequencies(tx, plan.remove, delta);
      await client.query(`DELETE FROM ${s}.postings WHERE space = $1 AND ref = ANY($2)`, [
        tx.space,
        plan.remove,
      ]);
    }
    await client.query(`DELETE FROM ${s}.docs WHERE ref = ANY($1)`, [plan.remove]);
    await client.query(
      `DELETE FROM ${s}.files WHERE space = $1 AND gen < $2 AND folder = ANY($3)`,
      [tx.space, tx.gen, plan.gone],
    );
    if (plan.renames.length > 0)
      await client.query(
        `UPDATE ${s}.docs SET id = v.id FROM unnest($1::int[], $2::text[]) AS v(ref, id) WHERE docs.ref = v.ref`,
        [plan.renames.map((r) => r[0]), plan.renames.map((r) => r[1])],
      );
    if (plan.remove.length > 0 || plan.toLoad.length > 0) await finishSpace(tx);
    await client.query(`UPDATE ${s}.spaces SET gen = $2, fingerprint = $3 WHERE id = $1`, [
      tx.space,
      tx.gen,
      u.fingerprint,
    ]);
    await client.query('SELECT pg_notify($1, $2)', [NOTIFY_CHANNEL, `${u.schema}:${u.space}`]);
    await target.swap?.(client);
    await client.query('COMMIT');
  } catch (e) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw e;
  }
  return plan.stats;
}
