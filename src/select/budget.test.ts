import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import type { Tier } from '../skill/types.js';
import { importLibrary, importLibraryArb } from '../test-support/import-library.js';
import { candidate, candidatesArb, stageContract } from '../test-support/stage-contract.js';
import { budgetStage, DEFAULT_BUDGET_CHARS, type Suggestion } from './budget.js';
import { loadStage } from './load.js';
import { MIN_PART_CHARS } from './share.js';
import { sizeCap, sizeStage } from './size.js';
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
    assert.deepEqual(r.budget, { limit: 8000, used: 7500, suggested: 0, unit: 'chars' });
    assert.equal(r.violation, null);
    assert.match(r.decisions.find((d) => d.id === 's3')?.reason ?? '', /standard tier overflows/);
  });

  it('loads in part what does not fit whole: the room left is shared by the rest of the tier', () => {
    const r = budgetStage(
      [
        c('s1', 'standard', 4000),
        c('s2', 'standard', 9000),
        c('s3', 'standard', 3000),
        c('o1', 'optional', 5000),
      ],
      { limit: 10_000 },
    );
    // s1 fits whole; s2 and s3 share the 6,000 left: s3 whole within its half, s2 cut to the rest.
    assert.deepEqual(
      r.candidates.map((x) => [x.id, x.chars, x.whole?.chars]),
      [
        ['s1', 4000, undefined],
        ['s2', 3000, 9000],
        ['s3', 3000, undefined],
      ],
    );
    assert.deepEqual(
      r.overflow.map((x) => x.id),
      ['o1'],
    );
    assert.equal(r.budget.used, 10_000);
    assert.match(
      r.decisions.find((d) => d.id === 's2')?.reason ?? '',
      /in part: 3000 of its 9000 chars, the 6000 left shared with 1 other skill/,
    );
    // A part under the smallest worth loading (3,000 characters) overflows with the rest of its tier.
    const tight = budgetStage([c('a', 'standard', 4000), c('b', 'standard', 9000)], {
      limit: 5000,
    });
    assert.deepEqual(
      [tight.candidates.map((x) => x.id), tight.overflow.map((x) => x.id)],
      [['a'], ['b']],
    );
    assert.match(
      tight.decisions.find((d) => d.id === 'b')?.reason ?? '',
      /nor a part of at least 3000/,
    );
    // One skill bigger than the whole budget loads in part; without parts it overflows.
    const alone = budgetStage([c('big', 'standard', 40_000)]);
    assert.deepEqual(alone.candidates[0]?.whole, { chars: 40_000, tokens: 10_000 });
    assert.equal(alone.candidates[0]?.chars, DEFAULT_BUDGET_CHARS);
    assert.deepEqual(budgetStage([c('big', 'standard', 40_000)], { parts: false }).candidates, []);
    // In tokens, a part's characters are four a token, so that its estimate stays within its share.
    const tokens = budgetStage([c('big', 'standard', 40_000)], { limit: 3000, unit: 'tokens' });
    assert.deepEqual([tokens.candidates[0]?.tokens, tokens.candidates[0]?.chars], [3000, 12_000]);
  });

  it('never cuts a critical skill', () => {
    const r = budgetStage([c('c1', 'critical', 3000), c('c2', 'critical', 6000)], {
      limit: 8000,
    });
    assert.deepEqual(r.candidates, []);
    assert.equal(r.violation?.required, 9000);
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

  it('suggests, best first, what the loads leave room for: those that overflowed, then the others', () => {
    const line = (id: string, n: number): Suggestion => ({
      id,
      path: `/lib/${id}/SKILL.md`,
      scope: 'project',
      description: id,
      chars: n,
    });
    const r = budgetStage([c('a', 'standard', 6000), c('b', 'standard', 5000)], {
      limit: 8000,
      parts: false,
      suggestions: {
        pool: [line('a', 40), line('b', 40), line('x', 50), line('y', 5000), line('z', 10)],
        max: 10,
      },
    });
    assert.deepEqual(
      r.candidates.map((x) => x.id),
      ['a'],
    );
    // `a` loaded is passed over; `y` does not fit, and suggestions stop there (best first).
    assert.deepEqual(
      r.suggested.map((s) => s.id),
      ['b', 'x'],
    );
    assert.deepEqual(r.budget, { limit: 8000, used: 6090, suggested: 90, unit: 'chars' });
    assert.match(r.decisions.find((d) => d.id === 'x')?.reason ?? '', /named, not loaded/);
    const few = budgetStage([], { suggestions: { pool: [line('x', 1), line('z', 1)], max: 1 } });
    assert.deepEqual(
      few.suggested.map((s) => s.id),
      ['x'],
    );
    assert.deepEqual(
      budgetStage([], { limit: 0, suggestions: { pool: [line('x', 1)], max: 5 } }).suggested,
      [],
    );
  });

  it('never exceeds the budget, suggestions included, and loads critical before optional (properties)', () => {
    fc.assert(
      fc.property(
        candidatesArb(30),
        fc.integer({ min: 0, max: 30_000 }),
        fc.constantFrom('chars' as const, 'tokens' as const),
        fc.array(fc.integer({ min: 1, max: 400 }), { maxLength: 30 }),
        fc.integer({ min: 0, max: 20 }),
        (cands, limit, unit, lines, max) => {
          const pool = lines.map(
            (n, i): Suggestion => ({
              id: `s${i}`,
              path: `/lib/s${i}/SKILL.md`,
              scope: 'project',
              description: '',
              chars: n,
            }),
          );
          const r = budgetStage(cands, { limit, unit, suggestions: { pool, max } });
          const size = (x: Candidate) => (unit === 'tokens' ? x.tokens : x.chars);
          const used = r.candidates.reduce((n, x) => n + size(x), 0);
          const named = r.suggested.reduce(
            (n, s) => n + (unit === 'tokens' ? Math.ceil(s.chars / 4) : s.chars),
            0,
          );
          assert.ok(used + named <= limit, `used ${used} + ${named} of ${limit}`);
          assert.equal(r.budget.used, used + named);
          assert.equal(r.budget.suggested, named);
          assert.ok(r.suggested.length <= max);
          // A suggestion is never a skill that loads, and never named twice.
          const loaded = new Set(r.candidates.map((x) => x.id));
          assert.ok(r.suggested.every((s) => !loaded.has(s.id)));
          assert.equal(new Set(r.suggested.map((s) => s.id)).size, r.suggested.length);
          const rank = { critical: 0, standard: 1, optional: 2 };
          for (let i = 1; i < r.candidates.length; i++)
            assert.ok(
              rank[(r.candidates[i - 1] as Candidate).tier] <=
                rank[(r.candidates[i] as Candidate).tier],
            );
          // A part is smaller than its skill, never under the smallest worth loading, never critical.
          for (const x of r.candidates.filter((x) => x.whole !== undefined)) {
            assert.ok(size(x) < ((unit === 'tokens' ? x.whole?.tokens : x.whole?.chars) ?? 0));
            assert.ok(
              size(x) >= (unit === 'tokens' ? MIN_PART_CHARS / 4 : MIN_PART_CHARS),
              `part of ${size(x)}`,
            );
            assert.notEqual(x.tier, 'critical');
          }
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

  it('never exceeds the budget on what loads, imports and parents included (property)', async () => {
    const bytes = (t: string) => Buffer.byteLength(t);
    await fc.assert(
      fc.asyncProperty(
        importLibraryArb,
        fc.integer({ min: 0, max: 12_000 }),
        fc.constantFrom('chars' as const, 'tokens' as const),
        fc.record({
          maxBytes: fc.integer({ min: 1, max: 8000 }),
          maxImports: fc.integer({ min: 0, max: 6 }),
        }),
        async (lib, limit, unit, limits) => {
          const { fs, candidates } = importLibrary(lib);
          const sized = await sizeStage(candidates, {
            fs,
            projectRoot: '/lib',
            limits,
            cap: sizeCap(limit, unit),
          });
          const r = budgetStage(sized.candidates, { limit, unit });
          const l = await loadStage(r.candidates, {
            fs,
            projectRoot: '/lib',
            limits,
            holdToCounted: true,
          });
          // Sizing counted each skill whole: holding it to its count cuts nothing its load would keep.
          const free = await loadStage(r.candidates, { fs, projectRoot: '/lib', limits });
          const texts = (x: typeof l.loaded) =>
            x.map((s) => [s.body, ...s.imports.map((i) => i.text)]);
          assert.deepEqual(texts(l.loaded), texts(free.loaded));
          const counted = new Map(r.candidates.map((c) => [c.id, c]));
          let loadedBytes = 0;
          for (const s of l.loaded) {
            const n = bytes(s.body) + s.imports.reduce((m, i) => m + bytes(i.text), 0);
            const c = counted.get(s.id) as Candidate;
            // What loads is what was counted, or less (import lines and merged sections drop out).
            assert.ok(n <= c.chars, `${s.id}: loaded ${n}, counted ${c.chars}`);
            assert.ok(n <= limits.maxBytes, `${s.id}: loaded ${n}, over the load limit`);
            assert.ok(s.imports.length <= limits.maxImports);
            loadedBytes += n;
          }
          const size = (x: number) => (unit === 'tokens' ? Math.ceil(x / 4) : x);
          assert.ok(size(loadedBytes) <= r.budget.used || loadedBytes === 0);
          assert.ok(r.budget.used <= limit, `used ${r.budget.used} of ${limit}`);
          assert.equal(l.loaded.length, r.candidates.length, 'every budgeted skill loads');
        },
      ),
      { numRuns: 150 },
    );
  });
});
