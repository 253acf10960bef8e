// Which SearchIndexStore holds an index: chosen from its location. SQLite (a file, or `:memory:`) is
// the default and the only store today; a `postgres:` location is reserved for the shared registry.

import { SkillsetError } from '../errors.js';
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
 * holds a lock that opening needs. A `postgres:` location fails with `index/store-unavailable`.
 */
export async function openIndexStore(
  location: string,
  options: StoreOptions = {},
): Promise<OpenedStore> {
  if (storeKind(location) === 'postgres')
    // The location may carry a password: only its scheme is repeated.
    throw new SkillsetError(
      'index/store-unavailable',
      `The PostgreSQL index store (${location.slice(0, location.indexOf(':') + 1)}…) is not available yet`,
      { hint: 'Leave --index out for the cached SQLite index, or pass a file path.' },
    );
  const store = await SqliteIndexStore.openWhenFree(location, options);
  return { store, rebuilt: store.rebuilt, state: store.opened };
}
