// The SQLite index store's options and the defaults it opens with.

import type { OpenOptions } from './sqlite-open.js';

/** Past this many added, changed or removed documents, frequencies are recounted rather than adjusted. */
export const BULK_ABOVE = 1000;

/** Stored documents kept decoded between queries (a query reads about a hundred; a 1,000-skill library fits). */
export const DOC_CACHE = 1024;

/** Options for SqliteIndexStore.open. */
export interface StoreOptions extends OpenOptions {
  /** Changes larger than this count document frequencies afresh (tests lower it). */
  bulkAbove?: number;
  /** How long an update waits for another process's update (default two minutes). */
  waitMs?: number;
  /** Stops any wait for another connection's lock (the caller is closing). */
  signal?: AbortSignal;
  /** Told each time an update finds another connection's lock held. */
  onBusy?: () => void;
}

/** An update waits this long for another process's: building 100,000 skills takes about a minute. */
export const UPDATE_WAIT_MS = 120_000;
