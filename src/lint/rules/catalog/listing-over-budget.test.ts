import assert from 'node:assert/strict';
import path from 'node:path';
import { it } from 'node:test';
import { countSkills } from '../../../test-support/corpus.js';
import { corporaDir } from '../../../test-support/paths.js';
import { lintSkills } from '../../run.js';
import { RULES } from '../index.js';
import { testRule } from '../test-harness.js';
import { listingOverBudget } from './listing-over-budget.js';

const skill = (name: string, description: string, extra = '') =>
  `---\nname: ${name}\ndescription: ${JSON.stringify(description)}\n${extra}---\nBody.\n`;
/** A description of exactly `n` characters. */
const text = (n: number, word: string) => `${`Use when ${word} `.repeat(n).slice(0, n - 1)}.`;
// In markdown an entry is `- a: ` (5 characters) plus its text, one per line: a and b take 105
// each, c 45, and the whole listing 105 + 105 + 45 + 2 line breaks = 257.
const THREE = {
  'a/SKILL.md': skill('a', text(100, 'a')),
  'b/SKILL.md': skill('b', text(100, 'b')),
  'c/SKILL.md': skill('c', text(40, 'c')),
};
/** Thirty skills whose names alone (10 characters each, with the line break) take 329 characters. */
const THIRTY = Object.fromEntries(
  Array.from({ length: 30 }, (_, i) => {
    const name = `skill-${String(i).padStart(2, '0')}`;
    return [`${name}/SKILL.md`, skill(name, text(60, name))];
  }),
);
const WHEN = `when_to_use: ${JSON.stringify(text(600, 'w'))}\n`;

testRule(listingOverBudget, [
  {
    title: 'accepts a library whose listing fits its budget',
    files: THREE,
    expect: [],
  },
  {
    title: 'reports a listing whose descriptions are cut to an equal share, at the largest entry',
    // 200 − 2 line breaks − 3 × 5 leaves 61 characters each: a and b are cut, c fits.
    files: THREE,
    options: { budget: 200, format: 'markdown' },
    expect: [
      {
        messageId: 'truncated',
        file: 'a/SKILL.md',
        line: 3,
        column: 1,
        message:
          'needs 257 characters, over its budget of 200: 2 of 3 descriptions are cut; shorten the longest descriptions (this one takes 105)',
        data: {
          budget: 200,
          full: 257,
          level: 'truncated',
          skills: 3,
          count: 2,
          truncated: 2,
          names: 0,
          omitted: 0,
          name: 'a',
          chars: 105,
          largest: 'a (105), b (105), c (45)',
        },
      },
    ],
  },
  {
    title: 'reports a listing that shows names alone when the share is under 20 characters',
    // `- a`, `- b`, `- c` take 11 characters; 20 leaves 1 for each description.
    files: THREE,
    options: { budget: 20, format: 'markdown' },
    expect: [
      {
        messageId: 'names',
        file: 'a/SKILL.md',
        data: { level: 'names', count: 3, names: 3, truncated: 0, omitted: 0, full: 257 },
      },
    ],
  },
  {
    title: 'reports a listing that leaves skills out when even the names do not fit',
    // Entries take 12 + 60 characters each, 2,189 in all; in 300, 19 names (208 characters with
    // their line breaks) fit with the 90-character closing line that counts the 11 left out.
    files: THIRTY,
    options: { budget: 300, format: 'markdown' },
    expect: [
      {
        messageId: 'partial',
        file: 'skill-00/SKILL.md',
        message: 'skills are not listed at all, and the model reaches them only through search',
        data: {
          level: 'partial',
          full: 2189,
          skills: 30,
          count: 11,
          omitted: 11,
          names: 19,
          chars: 72,
        },
      },
    ],
  },
  {
    // In full, with locations, 587 characters; once anything must give way the locations go
    // (470 without them), so 450 still cuts descriptions.
    title: 'renders XML by default, locations included',
    files: THREE,
    options: { budget: 450 },
    expect: [
      {
        messageId: 'truncated',
        data: { format: 'xml', full: 587, chars: 203, largest: 'a (203), b (203), c (143)' },
      },
    ],
  },
  {
    title: 'reports an entry whose description and when_to_use are over the per-entry cap',
    // 1,000 + ` - ` + 600 characters; the listing of one capped entry still fits 8,000.
    files: { ...THREE, 'a/SKILL.md': skill('a', text(1000, 'a'), WHEN) },
    expect: [
      {
        messageId: 'capped',
        file: 'a/SKILL.md',
        line: 3,
        message:
          'The description and `when_to_use` take 1603 characters, over the cap of 1536 for one listing entry',
        data: { length: 1603, cap: 1536 },
      },
    ],
  },
  {
    title: 'takes the per-entry cap from `entryCap`',
    files: THREE,
    options: { entryCap: 60 },
    expect: [
      { messageId: 'capped', file: 'a/SKILL.md', data: { length: 100, cap: 60 } },
      { messageId: 'capped', file: 'b/SKILL.md', data: { length: 100, cap: 60 } },
    ],
  },
  {
    title: 'counts a description taken from the body',
    files: {
      ...THREE,
      'd/SKILL.md': `---\nname: d\n---\n${text(300, 'd')}\n`,
    },
    options: { budget: 400, format: 'markdown' },
    expect: [{ messageId: 'truncated', file: 'd/SKILL.md', line: 1, data: { name: 'd' } }],
  },
  {
    title: 'ignores skills the model is not told of (disable-model-invocation, paths)',
    files: {
      ...THREE,
      'x/SKILL.md': skill('x', text(1000, 'x'), `disable-model-invocation: true\n${WHEN}`),
      'y/SKILL.md': skill('y', text(1000, 'y'), `paths: ["src/**"]\n${WHEN}`),
    },
    options: { budget: 300, format: 'markdown' },
    expect: [],
  },
  {
    title: 'is off in the spec profile',
    files: { 'a/SKILL.md': skill('a', text(1000, 'a'), WHEN) },
    profile: 'spec',
    expect: [],
  },
]);

it('reports the Salesforce library as partial at the default budget', async () => {
  const only = Object.fromEntries(
    RULES.map((r) => [r.code, r.code === listingOverBudget.code ? 'warn' : 'off'] as const),
  );
  const root = path.join(corporaDir, 'salesforce-skills', 'skills');
  const r = await lintSkills({ roots: [root], rules: only });
  const hits = r.diagnostics.filter(
    (d) => d.code === listingOverBudget.code && d.data?.level !== undefined,
  );
  assert.equal(hits.length, 1);
  const d = hits[0];
  assert.equal(d?.data?.level, 'partial');
  assert.equal(d?.data?.budget, 8000);
  assert.equal(d?.data?.skills, countSkills(root));
  assert.ok((d?.data?.full as number) > 8000);
  assert.ok((d?.data?.omitted as number) > 0);
});
