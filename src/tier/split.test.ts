import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { discoverSkills } from '../discover/discover.js';
import { countSkills } from '../test-support/corpus.js';
import { corporaDir } from '../test-support/paths.js';
import { buildGloss, GLOSS_BUDGET } from './gloss.js';
import { redirectTargets, splitDescription } from './split.js';
import { cpLength } from './text.js';

describe('splitDescription', () => {
  it('cuts lead, trigger phrases and NOT-for clauses, in whatever order they come', () => {
    assert.deepEqual(
      splitDescription(
        "Use when shipping. NOT for builds (use build-local), and NOT for docs. Trigger keywords: 'ship it', release; deploy. Covers rollbacks.",
      ),
      {
        lead: 'shipping. Covers rollbacks',
        triggers: "'ship it', release; deploy",
        phrases: [
          { text: "'ship it'", sep: ',' },
          { text: 'release', sep: ';' },
          { text: 'deploy', sep: ',' },
        ],
        notFor: ['NOT for builds (use build-local)', 'NOT for docs.'],
      },
    );
  });

  it('leaves a NOT for inside a sentence as prose', () => {
    assert.deepEqual(splitDescription('This tool is NOT for production.').notFor, []);
  });
});

describe('redirectTargets', () => {
  const cases: Array<[string, string[]]> = [
    ['NOT for x (use admin/duplicate-management).', ['use admin/duplicate-management']],
    ['NOT for x — use build-local.', ['use build-local']],
    ['NOT for x — see `lwc-testing` — and', ['see `lwc-testing`']],
    [
      'NOT for x — use the async-selection decision tree.',
      ['use the async-selection decision tree'],
    ],
    ['NOT for x (use deploy)', ['use deploy']],
    ['NOT for x (use a-b or c-d)', ['use a-b']],
    ['NOT for x (use the products-and-pricebooks skill), y', ['use the products-and-pricebooks']],
    ['NOT for x (use domain-specific skills)', []],
    ['NOT for x - use permission and FLS skills for that.', []],
  ];
  for (const [clause, targets] of cases) {
    it(`finds ${JSON.stringify(targets)} in ${clause}`, () => {
      assert.deepEqual(
        redirectTargets(clause).map((t) => t.text),
        targets,
      );
    });
  }
});

describe('buildGloss on the salesforce-skills library', () => {
  it('stays within the budget and never prints half a trigger phrase', async () => {
    const root = path.join(corporaDir, 'salesforce-skills', 'skills');
    const { skills } = await discoverSkills({ roots: [root], cacheDir: false });
    assert.equal(skills.length, countSkills(root));
    for (const s of skills) {
      const gloss = buildGloss(s.description);
      assert.ok(cpLength(gloss) <= GLOSS_BUDGET, s.id);
      const printed = /Triggers: (.*?)(?:[,;] …)?\.(?: NOT for|$)/u.exec(gloss)?.[1];
      if (printed === undefined) continue;
      const raw = splitDescription(s.description).triggers;
      assert.ok(raw.startsWith(printed), `${s.id}: ${printed}`);
      assert.match(raw.slice(printed.length), /^(?:$|[,;])/u, s.id);
    }
  });
});
