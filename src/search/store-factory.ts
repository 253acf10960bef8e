// Which SearchIndexStore holds an index: chosen from its location. SQLite (a file, or `:memory:`) is
// the default; a `postgres:` location opens the PostgreSQL store (the shared registry), loaded only
// then: SQLite users never load `pg`.

import { storeKind } from './index-file.js';
import type { SearchIndexStore } from './index-store.js';
import { SqliteIndexStore, type StoreOptions } from './sqlite-store.js';

/** An opened store, and what opening it found. */
export interface OpenedStore {
  store: SearchIndexStore;
  /** Why the store's data was replaced by an empty index when it was opened, if it was. */
  rebuilt: string | undefined;
  /** Which data it opened (for StoreOptions.damaged: a damaged store is replaced only if still the same). */
  state: string | undefined;
}

/**
 * Open the store at `location`, waiting (awaited, bounded by `options.waitMs`) while another process
 * holds a lock that opening needs. A `postgres:` server that cannot be reached fails with
 * `index/store-unavailable`, its password never repeated.
 */
export async function openIndexStore(
  location: string,
  options: StoreOptions = {},
): Promise<OpenedStore> {
  if (storeKind(location) === 'postgres') {
    const { PgIndexStore } = await import('./pg-store.js');
    const store = await PgIndexStore.open(
      location,
      options.waitMs !== undefined ? { waitMs: options.waitMs } : {},
    );
    return { store, rebuilt: undefined, state: undefined };
  }
  const store = await SqliteIndexStore.openWhenFree(location, options);
  return { store, rebuilt: store.rebuilt, state: store.opened };
}
