// Local usage counts: how often each skill was loaded or invoked, kept in the cache folder beside the
// index. The usage-ranked listing lets the least-used skills lose their descriptions first. A missing,
// damaged or foreign file counts nothing; a file that cannot be written loses a count, not the run.

import nodeFs from 'node:fs';
import { stateFileFor, writeStateFile } from '../util/dirs.js';

/** Uses per skill id, and when each was last used. */
export interface UsageState {
  version: 1;
  skills: Record<string, { count: number; lastUsed: number }>;
}

/** Where a catalog's usage counts live: beside its index in the cache folder (none without a cache). */
export function usageFile(cacheDir: string | false, indexFile: string): string | undefined {
  return stateFileFor(cacheDir, indexFile, 'usage');
}

/** Read the counts at `file`; anything unreadable counts nothing. */
export function readUsage(file: string | undefined): UsageState {
  const empty: UsageState = { version: 1, skills: {} };
  if (!file) return empty;
  try {
    const data = JSON.parse(nodeFs.readFileSync(file, 'utf8')) as Partial<UsageState>;
    if (data.version !== 1 || typeof data.skills !== 'object' || data.skills === null) return empty;
    const skills: UsageState['skills'] = {};
    for (const [id, u] of Object.entries(data.skills))
      if (Number.isInteger(u?.count) && u.count > 0 && typeof u.lastUsed === 'number')
        skills[id] = { count: u.count, lastUsed: u.lastUsed };
    return { version: 1, skills };
  } catch {
    return empty;
  }
}

/** The counts as a map, for the listing. */
export function usageCounts(state: UsageState): Map<string, number> {
  return new Map(Object.entries(state.skills).map(([id, u]) => [id, u.count]));
}

/**
 * Count one use of `id` at `now`: read, add, write whole through a rename. Two processes counting at
 * once may lose one count; neither damages the file. False when it could not be written.
 */
export function recordUse(file: string | undefined, id: string, now: number): boolean {
  if (!file) return false;
  const state = readUsage(file);
  const before = state.skills[id];
  state.skills[id] = { count: (before?.count ?? 0) + 1, lastUsed: now };
  return writeStateFile(file, { version: 1, skills: state.skills }, ['skills']);
}
