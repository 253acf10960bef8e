// Local usage counts: how often each skill was loaded or invoked, kept by the state store (a file in
// the cache folder beside the index). The usage-ranked listing lets the least-used skills lose their
// descriptions first. A damaged file counts nothing; a state that cannot be kept loses a count, not the run.

import { entriesKind, type StateKind } from './state-store.js';

/** Uses per skill id, and when each was last used. */
export interface UsageState {
  version: 1;
  skills: Record<string, { count: number; lastUsed: number }>;
}

/** Usage counts as the state store keeps them (`usage-<key>.json`); entries that are not counts are dropped. */
export const USAGE_STATE: StateKind<UsageState> = entriesKind('usage', 'skills', (value) => {
  const u = value as Partial<UsageState['skills'][string]> | null;
  return Number.isInteger(u?.count) && (u?.count ?? 0) > 0 && typeof u?.lastUsed === 'number'
    ? { count: u.count as number, lastUsed: u.lastUsed }
    : undefined;
});

/** The counts as a map, for the listing. */
export function usageCounts(state: UsageState): Map<string, number> {
  return new Map(Object.entries(state.skills).map(([id, u]) => [id, u.count]));
}

/** `state` with one more use of `id` at `now`; the input is not changed. */
export function countUse(state: UsageState, id: string, now: number): UsageState {
  const before = state.skills[id];
  return {
    version: 1,
    skills: { ...state.skills, [id]: { count: (before?.count ?? 0) + 1, lastUsed: now } },
  };
}
