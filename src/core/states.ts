// Where a service keeps its states (usage counts, the selection's cache state, approvals): in the
// schema of its PostgreSQL index when the index is one, so every process sharing the index shares
// them; else in files beside the index in the cache folder. `pg` is loaded only at the first use of
// a PostgreSQL store's states.

import { storeKind } from '../search/index-file.js';
import { stateStoreFor } from '../state/file-store.js';
import { pgStateStore } from '../state/pg-state-store.js';
import type { StateStore } from '../state/state-store.js';
import type { Settings } from './settings.js';

/** One store per service's settings: a PostgreSQL store's connections are opened once. */
const stores = new WeakMap<Settings, StateStore>();

/** The state store of a service: its PostgreSQL index's schema, or files in its cache folder (none without one). */
export function statesFor(settings: Settings): StateStore {
  let store = stores.get(settings);
  if (store === undefined) {
    // A PostgreSQL index keeps its states even without a cache folder: they have a place of their own.
    store =
      storeKind(settings.stateKey) === 'postgres'
        ? pgStateStore({
            location: settings.stateKey,
            connect: async (location) => (await import('../search/pg-schema.js')).connect(location),
          })
        : stateStoreFor(settings.cacheDir, settings.stateKey, settings.fs);
    stores.set(settings, store);
  }
  return store;
}
