// Stage 4, CacheOrder: the order Budget walks. Tiers first (critical, standard, optional); within a
// tier, relevance bands (scores within `band` points of each other, highest first); within a band,
// warm skills (loaded in a recent run, within the TTL, with the same content) before cold ones; then
// score, then id. It reorders and drops nothing.

import type { Tier } from '../skill/types.js';
import { type Candidate, decidedOn, type StageDecision, type StageOutput } from './types.js';

/** What the last runs loaded: per skill id, when and with which content. */
export interface CacheState {
  version: 1;
  entries: Record<string, { loadedAt: number; contentHash: string }>;
}

/** An empty cache state. */
export const EMPTY_CACHE_STATE: CacheState = Object.freeze({
  version: 1,
  entries: Object.freeze({}),
}) as CacheState;

/** How warm is decided. */
export interface CacheOrderSettings {
  /** The time now, in ms since the epoch (passed in: the stage is pure). */
  now: number;
  /** How long a loaded skill stays warm (default 30 minutes). */
  ttlMs?: number;
  /** Width of a relevance band, in score points (default 10). */
  band?: number;
}

/** How long a loaded skill stays warm by default. */
export const DEFAULT_CACHE_TTL_MS = 30 * 60 * 1000;

const TIER_RANK: Record<Tier, number> = { critical: 0, standard: 1, optional: 2 };

/** Is `c` warm in `state` at `now`? */
export function isWarm(
  c: Candidate,
  state: CacheState,
  now: number,
  ttlMs = DEFAULT_CACHE_TTL_MS,
): boolean {
  const e = state.entries[c.id];
  return (
    e !== undefined &&
    e.contentHash === c.contentHash &&
    now - e.loadedAt >= 0 &&
    now - e.loadedAt <= ttlMs
  );
}

/** Order `candidates` for Budget. */
export function cacheOrderStage(
  candidates: readonly Candidate[],
  state: CacheState,
  settings: CacheOrderSettings,
): StageOutput {
  const ttl = settings.ttlMs ?? DEFAULT_CACHE_TTL_MS;
  const band = settings.band ?? 10;
  const keyed = candidates.map((c) => ({
    c,
    warm: isWarm(c, state, settings.now, ttl),
    band: Math.floor(Math.min(100, Math.max(0, c.score)) / band),
  }));
  keyed.sort(
    (a, b) =>
      TIER_RANK[a.c.tier] - TIER_RANK[b.c.tier] ||
      b.band - a.band ||
      Number(b.warm) - Number(a.warm) ||
      b.c.score - a.c.score ||
      (a.c.id < b.c.id ? -1 : a.c.id > b.c.id ? 1 : 0),
  );
  const decisions: StageDecision[] = keyed.map((k, i) => {
    const e = state.entries[k.c.id];
    const why = k.warm
      ? `warm (loaded ${Math.round((settings.now - (e?.loadedAt ?? settings.now)) / 60_000)} min ago)`
      : e && e.contentHash !== k.c.contentHash
        ? 'cold (changed since it was loaded)'
        : e
          ? 'cold (loaded longer ago than the TTL)'
          : 'cold';
    return {
      stage: 'cache-order',
      ...decidedOn(k.c),
      outcome: 'ordered',
      reason: `#${i + 1}: ${k.c.tier}, score ${k.c.score}, ${why}`,
    };
  });
  return { candidates: keyed.map((k) => k.c), decisions };
}
