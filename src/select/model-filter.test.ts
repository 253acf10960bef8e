import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { candidate, stageContract } from '../test-support/stage-contract.js';
import { BUILTIN_PROFILES, type FilterFacts, modelFilterStage } from './model-filter.js';
import type { Candidate } from './types.js';

const c = (id: string): Candidate => candidate(id);
const facts = (table: Record<string, FilterFacts>) => (id: string) => table[id] ?? {};
const profile = (name: string) =>
  BUILTIN_PROFILES[name] as NonNullable<(typeof BUILTIN_PROFILES)[string]>;

describe('modelFilterStage', () => {
  stageContract('model-filter', (input) => {
    const r = modelFilterStage(input, profile('verifier'), (id) =>
      id.length % 3 === 0
        ? { profiles: ['planner'] }
        : id.length % 3 === 1
          ? { tags: ['testing'] }
          : {},
    );
    return { passed: r.candidates, decisions: r.decisions };
  });

  it("takes a skill's own tier first, per profile, then the profile's selectors, then its default", () => {
    const r = modelFilterStage(
      [c('deploy'), c('tests'), c('design'), c('other')],
      profile('verifier'),
      facts({
        deploy: { tier: { verifier: 'critical', default: 'optional' } },
        tests: { tags: ['testing'] },
        design: { tier: 'optional' },
      }),
    );
    assert.deepEqual(
      r.candidates.map((x) => [x.id, x.tier]),
      [
        ['deploy', 'critical'],
        ['tests', 'standard'],
        ['design', 'optional'],
        ['other', 'optional'],
      ],
    );
    assert.match(r.decisions[1]?.reason ?? '', /lists tag:testing as standard/);
  });

  it('drops skills for other profiles and those needing a stronger model', () => {
    const r = modelFilterStage(
      [c('plan'), c('hard'), c('fine')],
      profile('executor'),
      facts({
        plan: { profiles: ['planner'] },
        hard: { modelGuidance: { minimumCapability: 'opus' } },
      }),
    );
    assert.deepEqual(
      r.candidates.map((x) => x.id),
      ['fine'],
    );
    assert.deepEqual(
      r.decisions.filter((d) => d.outcome === 'dropped').map((d) => [d.id, d.reason]),
      [
        ['plan', 'for the profiles planner, not executor'],
        ['hard', 'needs a model of capability opus; the executor profile runs medium'],
      ],
    );
  });

  it('takes a user-defined profile', () => {
    const r = modelFilterStage(
      [c('a'), c('b')],
      { name: 'mine', critical: ['a'], default: 'optional' },
      facts({}),
    );
    assert.deepEqual(
      r.candidates.map((x) => x.tier),
      ['critical', 'optional'],
    );
  });
});
