import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import type { Tier } from '../skill/types.js';
import { candidate, candidatesArb, stageContract } from '../test-support/stage-contract.js';
import { type CacheState, cacheOrderStage, EMPTY_CACHE_STATE, isWarm } from './cache-order.js';
import type { Candidate } from './types.js';

const NOW = Date.UTC(2026, 11, 1, 12);
const c = (id: string, tier: Tier, score: number, contentHash = 'h'): Candidate =>
  candidate(id, { tier, score, contentHash });
const state = (entries: CacheState['entries']): CacheState => ({ version: 1, entries });

describe('cacheOrderStage', () => {
  stageContract('cache-order', (input) => {
    const r = cacheOrderStage(input, state({ a: { loadedAt: NOW - 1000, contentHash: 'h1' } }), {
      now: NOW,
    });
    assert.equal(r.candidates.length, input.length, 'drops nothing');
    return { passed: r.candidates, decisions: r.decisions };
  });

  it('orders by tier, then relevance band, then warm before cold, then score', () => {
    const r = cacheOrderStage(
      [
        c('cold-high', 'standard', 78),
        c('warm-low', 'standard', 71),
        c('opt', 'optional', 99),
        c('crit', 'critical', 50),
        c('top', 'standard', 95),
      ],
      state({ 'warm-low': { loadedAt: NOW - 5 * 60_000, contentHash: 'h' } }),
      { now: NOW },
    );
    assert.deepEqual(
      r.candidates.map((x) => x.id),
      ['crit', 'top', 'warm-low', 'cold-high', 'opt'],
    );
    assert.match(
      r.decisions.find((d) => d.id === 'warm-low')?.reason ?? '',
      /warm \(loaded 5 min ago\)/,
    );
  });

  it('is cold past the TTL or when the content changed', () => {
    const s = state({
      a: { loadedAt: NOW - 31 * 60_000, contentHash: 'h' },
      b: { loadedAt: NOW - 60_000, contentHash: 'old' },
    });
    assert.equal(isWarm(c('a', 'standard', 50), s, NOW), false);
    assert.equal(isWarm(c('a', 'standard', 50), s, NOW, 60 * 60_000), true);
    assert.equal(isWarm(c('b', 'standard', 50), s, NOW), false);
    assert.equal(isWarm(c('x', 'standard', 50), EMPTY_CACHE_STATE, NOW), false);
  });

  it('puts warm before cold at equal tier and relevance band (property)', () => {
    fc.assert(
      fc.property(
        candidatesArb(25),
        fc.array(fc.boolean(), { maxLength: 25 }),
        (cands, warmFlags) => {
          const entries: CacheState['entries'] = {};
          cands.forEach((x, i) => {
            if (warmFlags[i])
              entries[x.id] = { loadedAt: NOW - 60_000, contentHash: x.contentHash };
          });
          const s = state(entries);
          const out = cacheOrderStage(cands, s, { now: NOW }).candidates;
          for (let i = 0; i < out.length; i++)
            for (let j = i + 1; j < out.length; j++) {
              const a = out[i] as Candidate;
              const b = out[j] as Candidate;
              if (a.tier === b.tier && Math.floor(a.score / 10) === Math.floor(b.score / 10))
                assert.ok(
                  !(isWarm(b, s, NOW) && !isWarm(a, s, NOW)),
                  `${b.id} (warm) after ${a.id} (cold)`,
                );
            }
        },
      ),
      { numRuns: 300 },
    );
  });
});
