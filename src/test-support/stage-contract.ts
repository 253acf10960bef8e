// The contract every pure selection stage keeps (SPEC S7): it does not change its frozen input, it is
// deterministic, it never invents a skill, and every skill it does not pass on has a decision.

import assert from 'node:assert/strict';
import { it } from 'node:test';
import fc from 'fast-check';
import type { Candidate, StageDecision } from '../select/types.js';
import type { Scope, Tier } from '../skill/types.js';

const TIERS: readonly Tier[] = ['critical', 'standard', 'optional'];
const SCOPES: readonly Scope[] = ['project', 'user', 'additional'];

/** Generated candidates: unique ids, any tier, scope, score and size. */
export const candidatesArb = (max = 20): fc.Arbitrary<Candidate[]> =>
  fc
    .uniqueArray(
      fc.record({
        id: fc.stringMatching(/^[a-z][a-z0-9-]{0,11}$/),
        scope: fc.constantFrom(...SCOPES),
        score: fc.integer({ min: 0, max: 100 }),
        tier: fc.constantFrom(...TIERS),
        chars: fc.integer({ min: 0, max: 6000 }),
        hash: fc.constantFrom('h1', 'h2'),
      }),
      { selector: (r) => r.id, maxLength: max },
    )
    .map((rs) =>
      rs.map((r) => ({
        id: r.id,
        name: r.id,
        path: `/lib/${r.id}/SKILL.md`,
        scope: r.scope,
        score: r.score,
        tier: r.tier,
        chars: r.chars,
        tokens: Math.ceil(r.chars / 4),
        contentHash: r.hash,
      })),
    );

/** A candidate for tests: a standard project skill of 100 characters scoring 80, with `over` applied. */
export function candidate(id: string, over: Partial<Candidate> = {}): Candidate {
  const chars = over.chars ?? 100;
  return {
    id,
    name: id,
    path: `/lib/${id}/SKILL.md`,
    scope: 'project',
    score: 80,
    tier: 'standard',
    chars,
    tokens: Math.ceil(chars / 4),
    contentHash: 'h',
    ...over,
  };
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/** What a stage gives back, as the contract reads it: every candidate it passes on, and its decisions. */
export interface StageRun {
  passed: readonly Candidate[];
  decisions: readonly StageDecision[];
}

/** Run the contract over generated inputs for a stage. */
export function stageContract(name: string, run: (input: readonly Candidate[]) => StageRun): void {
  it(`${name}: keeps the pure-stage contract`, () => {
    fc.assert(
      fc.property(candidatesArb(), (raw) => {
        const input = deepFreeze(raw);
        const before = JSON.stringify(input);
        const a = run(input);
        assert.equal(JSON.stringify(input), before, 'the input is unchanged');
        assert.deepEqual(run(input), a, 'deterministic');
        const ids = new Set(input.map((c) => c.id));
        for (const c of a.passed) assert.ok(ids.has(c.id), `never invents a skill (${c.id})`);
        const passed = new Set(a.passed.map((c) => c.id));
        for (const c of input)
          if (!passed.has(c.id))
            assert.ok(
              a.decisions.some((d) => d.id === c.id && d.outcome !== 'kept'),
              `a decision for ${c.id}, which is not passed on`,
            );
      }),
      { numRuns: 300 },
    );
  });
}
