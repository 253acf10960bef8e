import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import type { Tier } from '../skill/types.js';
import { candidate, candidatesArb, stageContract } from '../test-support/stage-contract.js';
import { budgetStage, DEFAULT_BUDGET_CHARS } from './budget.js';
import type { Candidate } from './types.js';

const c = (id: string, tier: Tier, chars: number): Candidate => candidate(id, { tier, chars });

describe('budgetStage', () => {
  stageContract('budget', (input) => {
    const r = budgetStage(input, { limit: 9000 });
    return { passed: r.candidates, decisions: r.decisions };
  });

  it('loads tiers in order while they fit; the rest of a tier overflows from the first that does not', () => {
    const r = budgetStage(
      [
        c('s1', 'standard', 4000),
        c('o1', 'optional', 500),
        c('c1', 'critical', 3000),
        c('s2', 'standard', 6000),
        c('s3', 'standard', 100),
      ],
      { limit: 8000 },
    );
    assert.deepEqual(
      r.candidates.map((x) => x.id),
      ['c1', 's1', 'o1'],
    );
    assert.deepEqual(
      r.overflow.map((x) => x.id),
      ['s2', 's3'],
    );
    assert.deepEqual(r.budget, { limit: 8000, used: 7500, unit: 'chars' });
    assert.equal(r.violation, null);
    assert.match(r.decisions.find((d) => d.id === 's3')?.reason ?? '', /standard tier overflows/);
  });

  it('defaults to 15,500 characters, and counts tokens when asked', () => {
    assert.equal(DEFAULT_BUDGET_CHARS, 15_500);
    const big = [c('a', 'standard', 15_500), c('b', 'standard', 1)];
    assert.deepEqual(
      budgetStage(big).candidates.map((x) => x.id),
      ['a'],
    );
    assert.deepEqual(
      budgetStage(big, { limit: 4000, unit: 'tokens' }).candidates.map((x) => x.id),
      ['a', 'b'],
    );
  });

  it('is a violation, loading nothing, when the critical skills alone exceed the budget', () => {
    const r = budgetStage(
      [c('c1', 'critical', 600), c('c2', 'critical', 600), c('o', 'optional', 1)],
      { limit: 1000 },
    );
    assert.deepEqual(r.candidates, []);
    assert.deepEqual(r.violation, {
      limit: 1000,
      required: 1200,
      unit: 'chars',
      critical: ['c1', 'c2'],
    });
  });

  it('never exceeds the budget, and loads critical before optional (properties)', () => {
    fc.assert(
      fc.property(
        candidatesArb(30),
        fc.integer({ min: 0, max: 30_000 }),
        fc.constantFrom('chars' as const, 'tokens' as const),
        (cands, limit, unit) => {
          const r = budgetStage(cands, { limit, unit });
          const size = (x: Candidate) => (unit === 'tokens' ? x.tokens : x.chars);
          const used = r.candidates.reduce((n, x) => n + size(x), 0);
          assert.ok(used <= limit, `used ${used} of ${limit}`);
          assert.equal(r.budget.used, used);
          const rank = { critical: 0, standard: 1, optional: 2 };
          for (let i = 1; i < r.candidates.length; i++)
            assert.ok(
              rank[(r.candidates[i - 1] as Candidate).tier] <=
                rank[(r.candidates[i] as Candidate).tier],
            );
          // Critical skills never overflow: they all load, or the result is a violation.
          const critical = cands.filter((x) => x.tier === 'critical');
          if (r.violation === null)
            for (const x of critical) assert.ok(r.candidates.includes(x), `critical ${x.id} loads`);
          else assert.equal(r.candidates.length, 0);
        },
      ),
      { numRuns: 500 },
    );
  });
});
