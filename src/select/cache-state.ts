// The pipeline's cache state between runs: which skills a run loaded, when, and with which content.
// Kept by the state store; a missing or damaged file is an empty state: it only orders warm skills first.

import { entriesKind, type StateKind } from '../state/state-store.js';
import type { CacheState } from './cache-order.js';

/** The cache state as the state store keeps it (`select-<key>.json`); entries that are not loads are dropped. */
export const SELECT_STATE: StateKind<CacheState> = entriesKind('select', 'entries', (value) => {
  const e = value as Partial<CacheState['entries'][string]> | null;
  return typeof e?.loadedAt === 'number' && typeof e.contentHash === 'string'
    ? { loadedAt: e.loadedAt, contentHash: e.contentHash }
    : undefined;
});

/** `state` with `loaded` recorded at `now`, and entries older than `keepMs` forgotten. */
export function recordLoads(
  state: CacheState,
  loaded: ReadonlyArray<{ id: string; contentHash: string }>,
  now: number,
  keepMs: number,
): CacheState {
  const entries: CacheState['entries'] = {};
  for (const [id, e] of Object.entries(state.entries))
    if (now - e.loadedAt <= keepMs) entries[id] = e;
  for (const l of loaded) entries[l.id] = { loadedAt: now, contentHash: l.contentHash };
  return { version: 1, entries };
}
