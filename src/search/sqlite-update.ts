// One update of the SQLite index: under the write lock (waited for in awaited steps, with a bound),
// what changed by content hash is removed and re-inserted, a batch of documents at a time, in one
// transaction.

import { createHash } from 'node:crypto';
import type { DocumentLoader, IndexContents, Progress, UpdateStats } from './index-store.js';
import { retryWhileBusy, type WaitOptions } from './lock-wait.js';
import { STATEMENT_WAIT_MS } from './sqlite-open.js';
import type { SqliteIndexStore } from './sqlite-store.js';
import {
  applyDelta,
  countInbound,
  insertDocument,
  recountFrequencies,
  removeDocument,
} from './sqlite-write.js';

/** Documents loaded at once while updating (their bodies are read concurrently). */
const LOAD_BATCH = 16;

/** Bring `store` in line with `current`; documents to (re)index come from `load`. */
export async function updateIndex(
  store: SqliteIndexStore,
  o: { bulkAbove: number } & WaitOptions,
  current: IndexContents,
  load: DocumentLoader,
  progress: Progress | undefined,
): Promise<UpdateStats> {
  // One fingerprint of every (path, hash, id): when it matches the last update's, nothing changed.
  const fingerprint = fingerprintOf(current);
  const db = store.db;
  const unchanged: UpdateStats = { added: 0, changed: 0, removed: 0, unchanged: current.size };
  if (lastFingerprint(db) === fingerprint) return unchanged;
  // One transaction for the whole update (readers see all of it or none), with documents loaded and
  // inserted a batch at a time: a large library never holds all its documents in memory at once.
  // What to change is read after the write lock is taken: another process may have just done it.
  if (!(await writeLock(db, o, fingerprint))) return unchanged;
  try {
    if (lastFingerprint(db) === fingerprint) {
      store.vouched(() => db.exec('COMMIT'));
      store.forget();
      return unchanged;
    }
    const stored = storedHashes(db);
    const plan = planUpdate(stored, current);
    // Document frequencies: counted afresh from the FTS vocabularies after a large change, else adjusted.
    const touched = plan.toLoad.length + plan.remove.length;
    const bulk = touched > Math.max(o.bulkAbove, stored.size / 4);
    await writePlan(store, plan, bulk, load, progress);
    db.prepare("INSERT OR REPLACE INTO info(key, value) VALUES ('fingerprint', ?)").run(
      fingerprint,
    );
    // The statistics every query needs, kept with the index: counting them reads the whole docs table.
    db.exec(`INSERT OR REPLACE INTO info(key, value)
      SELECT 'doc_count', count(*) FROM docs UNION ALL SELECT 'avg_body', coalesce(avg(body_len), 0) FROM docs`);
    // The commit may write the file itself (a checkpoint): the stamp follows it.
    store.vouched(() => db.exec('COMMIT'));
    store.forget();
    return plan.stats;
  } catch (e) {
    if (db.inTransaction) db.exec('ROLLBACK');
    throw e;
  }
}

/** One fingerprint of every (path, hash, id) the index should hold. */
function fingerprintOf(current: IndexContents): string {
  return createHash('sha256')
    .update(
      [...current]
        .map(([p, c]) => `${p}\0${c.hash}\0${c.id}`)
        .sort()
        .join('\n'),
    )
    .digest('hex');
}

/** The fingerprint the last update of the file stored (undefined before the first). */
export const lastFingerprint = (db: SqliteIndexStore['db']): string | undefined =>
  (
    db.prepare("SELECT value FROM info WHERE key = 'fingerprint'").get() as
      | { value: string }
      | undefined
  )?.value;

/**
 * BEGIN IMMEDIATE without SQLite's own wait (it would block the event loop): fails busy at once when
 * another connection holds the write lock.
 */
export function beginNow(db: SqliteIndexStore['db']): void {
  db.pragma('busy_timeout = 0');
  try {
    db.exec('BEGIN IMMEDIATE');
  } finally {
    db.pragma(`busy_timeout = ${STATEMENT_WAIT_MS}`);
  }
}

/**
 * Take the write lock (BEGIN IMMEDIATE): true once taken, false when another connection wrote this
 * very `fingerprint` while this one waited (nothing left to do).
 */
function writeLock(
  db: SqliteIndexStore['db'],
  o: WaitOptions,
  fingerprint: string,
): Promise<boolean> {
  // Another connection updating the same index holds the lock: wait for it, with a bound, and look
  // again each time (it may have just written what this update would). SQLite is asked not to wait:
  // its wait would block the event loop, which the lock's holder may be this very process.
  return retryWhileBusy(
    () => {
      beginNow(db);
      return true;
    },
    o,
    () => (lastFingerprint(db) === fingerprint ? false : undefined),
  );
}

/** What an update does: rows to remove, paths to (re)load (sorted), ids to rename, and its counts. */
interface UpdatePlan {
  stats: UpdateStats;
  remove: number[];
  toLoad: string[];
  renames: Array<{ rowid: number; id: string }>;
}

/** What to change to go from `stored` to `current`: a changed hash is re-indexed, a changed id renamed. */
function planUpdate(
  stored: ReadonlyMap<string, { rowid: number; hash: string; id: string }>,
  current: IndexContents,
): UpdatePlan {
  const plan: UpdatePlan = {
    stats: { added: 0, changed: 0, removed: 0, unchanged: 0 },
    remove: [],
    toLoad: [],
    renames: [],
  };
  const { stats } = plan;
  for (const [path, s] of stored) {
    const now = current.get(path);
    if (!now) {
      plan.remove.push(s.rowid);
      stats.removed++;
    } else if (now.hash !== s.hash) {
      plan.remove.push(s.rowid);
      plan.toLoad.push(path);
      stats.changed++;
    } else {
      stats.unchanged++;
      if (now.id !== s.id) plan.renames.push({ rowid: s.rowid, id: now.id });
    }
  }
  for (const path of current.keys()) {
    if (!stored.has(path)) {
      plan.toLoad.push(path);
      stats.added++;
    }
  }
  plan.toLoad.sort();
  return plan;
}

/** Carry out `plan` inside the open transaction; document frequencies recounted when `bulk`, else adjusted. */
async function writePlan(
  store: SqliteIndexStore,
  plan: UpdatePlan,
  bulk: boolean,
  load: DocumentLoader,
  progress: Progress | undefined,
): Promise<void> {
  const { remove, toLoad, renames } = plan;
  const rename = store.db.prepare('UPDATE docs SET id = ? WHERE rowid = ?');
  const delta = bulk ? undefined : new Map<string, [number, number]>();
  for (const rowid of remove) removeDocument(store, rowid, delta);
  for (const r of renames) rename.run(r.id, r.rowid);
  for (let i = 0; i < toLoad.length; i += LOAD_BATCH) {
    const batch = await Promise.all(toLoad.slice(i, i + LOAD_BATCH).map((p) => load(p)));
    for (const d of batch) if (d) insertDocument(store, d, delta);
    progress?.(Math.min(i + LOAD_BATCH, toLoad.length), toLoad.length);
  }
  if (delta) applyDelta(store, delta);
  else if (remove.length > 0 || toLoad.length > 0) recountFrequencies(store);
  if (remove.length > 0 || toLoad.length > 0) countInbound(store);
}

/** The content hash and id of every stored path. */
function storedHashes(
  db: SqliteIndexStore['db'],
): Map<string, { rowid: number; hash: string; id: string }> {
  const rows = db.prepare('SELECT rowid, path, hash, id FROM docs').all() as Array<{
    rowid: number;
    path: string;
    hash: string;
    id: string;
  }>;
  return new Map(rows.map((r) => [r.path, { rowid: r.rowid, hash: r.hash, id: r.id }]));
}
