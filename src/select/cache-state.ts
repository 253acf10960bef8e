// The pipeline's cache state between runs: which skills a run loaded, when, and with which content.
// A missing, damaged or foreign file is an empty state: the state only orders warm skills first.

import nodeFs from 'node:fs';
import { writeStateFile } from '../util/dirs.js';
import type { CacheState } from './cache-order.js';

/** Read the state at `file`; anything unreadable is an empty state. */
export function readCacheState(file: string): CacheState {
  try {
    const data = JSON.parse(nodeFs.readFileSync(file, 'utf8')) as Partial<CacheState>;
    if (data.version !== 1 || typeof data.entries !== 'object' || data.entries === null)
      return { version: 1, entries: {} };
    const entries: CacheState['entries'] = {};
    for (const [id, e] of Object.entries(data.entries))
      if (typeof e?.loadedAt === 'number' && typeof e.contentHash === 'string')
        entries[id] = { loadedAt: e.loadedAt, contentHash: e.contentHash };
    return { version: 1, entries };
  } catch {
    return { version: 1, entries: {} };
  }
}

/** Write `state` to `file` (whole or not at all); false when it could not be written. */
export function writeCacheState(file: string, state: CacheState): boolean {
  return writeStateFile(file, { version: 1, entries: state.entries }, ['entries']);
}

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
