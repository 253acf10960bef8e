import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import fc from 'fast-check';
import { metrics, outcome, parseLabels } from '../eval/eval.js';
import { countSkills } from '../test-support/corpus.js';
import { corporaDir, repoRoot } from '../test-support/paths.js';
import { queryTerms } from './query.js';
import { DEFAULT_RANK } from './rank.js';
import { openSkillIndex } from './search.js';
import { matchExpression } from './sqlite-read.js';
import { tokenize } from './tokenize.js';

const salesforce = [path.join(corporaDir, 'salesforce-skills', 'skills')];
/** Every SKILL.md of the library, counted by a walk of its own. */
const skillCount = countSkills(salesforce[0] as string);
const dir = mkdtempSync(path.join(os.tmpdir(), 'skillset-search-'));
const indexFile = path.join(dir, 'index.sqlite');
const index = await openSkillIndex({ roots: salesforce, indexFile });
after(() => {
  index.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Metrics of `search` over one of our query files in bench/queries. */
const score = async (file: string, search = index.search) => {
  const labels = parseLabels(readFileSync(path.join(repoRoot, 'bench', 'queries', file), 'utf8'));
  const outcomes = [];
  for (const l of labels) outcomes.push(outcome(l, await search(l.query), 0));
  return metrics(outcomes);
};

/** Queries no Salesforce skill should answer: cooking, travel, trivia, everyday life. */
export const NEGATIVE_QUERIES = [
  'best pasta recipe for dinner',
  'how long to boil an egg',
  'vegan chocolate cake without eggs',
  'sourdough starter feeding schedule',
  'cheap flights to lisbon in may',
  'what to pack for a beach holiday',
  'hotels near the eiffel tower',
  'train from rome to florence',
  'who won the 1998 world cup',
  'capital city of australia',
  'how tall is mount everest',
  'tallest building in the world',
  'learn to play guitar chords',
  'how to tie a bow tie',
  'best running shoes for flat feet',
  'marathon training plan for beginners',
  'how to grow tomatoes on a balcony',
  'when to prune rose bushes',
  'fix a leaking kitchen tap',
  'paint a bedroom wall',
  'knitting a wool scarf pattern',
  'symptoms of the common cold',
  'how much water should a dog drink',
  'train a puppy to sit',
  'meaning of the word serendipity',
  'translate good morning into japanese',
  'moon phases this month',
  'birthday party ideas for kids',
  'how to meditate for beginners',
  'recommend a fantasy novel',
  'wine pairing with grilled fish',
  'how to change a flat bicycle tyre',
];

/** A search result that holds together: none has no results, ok and weak have some, scores finite and falling. */
function wellFormed(r: Awaited<ReturnType<typeof index.search>>, q: string): void {
  assert.ok(['ok', 'weak', 'none'].includes(r.coverage), q);
  if (r.coverage === 'none') assert.equal(r.results.length, 0, q);
  else assert.ok(r.results.length > 0, q);
  for (const [i, x] of r.results.entries()) {
    assert.ok(Number.isFinite(x.score), q);
    if (i > 0) assert.ok((r.results[i - 1]?.score ?? 0) >= x.score, q);
  }
}

describe('search over the salesforce library', () => {
  it('indexes every skill', () => {
    assert.equal(index.update.added, skillCount);
  });

  it('answers `coverage: ok` to at most 10% of unrelated queries', async () => {
    assert.ok(NEGATIVE_QUERIES.length >= 30);
    const answered: string[] = [];
    for (const q of NEGATIVE_QUERIES)
      if ((await index.search(q)).coverage === 'ok') answered.push(q);
    assert.ok(
      answered.length <= NEGATIVE_QUERIES.length * 0.1,
      `answered: ${answered.join(' | ')}`,
    );
  });

  it('finds skills by their own words, and treats operators and symbols as text', async () => {
    const r = await index.search('configure an approval process', { limit: 3 });
    assert.notEqual(r.coverage, 'none');
    assert.ok(
      r.results.some((s) => s.name === 'approval-processes'),
      JSON.stringify(r.results),
    );
    for (const q of [
      'salesforce + slack',
      '100% test coverage',
      'with_sharing',
      'café',
      'NOT OR AND',
      '"unclosed',
      'a*',
      'NEAR(x y)',
      'col:umn',
      '🙂 emoji',
      '',
    ]) {
      wellFormed(await index.search(q), q);
    }
    // The words in it are the library's: these find skills.
    for (const q of ['with_sharing', 'salesforce + slack', '100% test coverage'])
      assert.notEqual((await index.search(q)).coverage, 'none', q);
    assert.equal((await index.search('')).coverage, 'none');
    assert.ok(Array.isArray((await index.search('x'.repeat(10_000))).results));
  });

  it('never throws, whatever the query (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 200 }), async (q) => {
        wellFormed(await index.search(q), q);
        assert.doesNotThrow(() => tokenize(q));
      }),
      { numRuns: 300 },
    );
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'binary', maxLength: 100 }), async (q) => {
        await index.search(q);
      }),
      { numRuns: 200 },
    );
  });

  it('keeps its quality on our own people-worded queries (bench/queries)', async () => {
    // Floors a little under today's figures (docs/search.md): a regression fails here.
    // natural: 72.9% / 89.2% / false-none 0%; asked: 68.7% / 82.1% / 0%; negatives: 2% ok.
    const natural = await score('salesforce-natural.jsonl');
    assert.ok(
      (natural.hit1 ?? Number.NaN) >= 0.71 && (natural.hit3 ?? Number.NaN) >= 0.87,
      JSON.stringify(natural),
    );
    assert.ok((natural.falseNone ?? Number.NaN) <= 0.02, JSON.stringify(natural));
    const asked = await score('salesforce-asked.jsonl');
    assert.ok(
      (asked.hit1 ?? Number.NaN) >= 0.66 && (asked.hit3 ?? Number.NaN) >= 0.8,
      JSON.stringify(asked),
    );
    assert.ok((asked.falseNone ?? Number.NaN) <= 0.02, JSON.stringify(asked));
    const negatives = await score('salesforce-negatives.jsonl');
    assert.ok((negatives.answered?.negative?.ok ?? Number.NaN) <= 0.1, JSON.stringify(negatives));
  });

  it('gates on the best ten skills: more answers `ok` than gating on the best one alone', async () => {
    const shallow = await openSkillIndex({
      roots: salesforce,
      indexFile,
      rank: { ...DEFAULT_RANK, gateDepth: 1 },
    });
    try {
      assert.equal(shallow.update.unchanged, skillCount);
      const one = await score('salesforce-natural.jsonl', shallow.search);
      const ten = await score('salesforce-natural.jsonl');
      assert.ok(
        (ten.answered?.positive?.ok ?? Number.NaN) > (one.answered?.positive?.ok ?? Number.NaN),
        JSON.stringify({ one: one.answered, ten: ten.answered }),
      );
    } finally {
      shallow.close();
    }
  });

  it('answers a query whose every term is in most bodies (the body table is not asked)', async () => {
    for (const q of ['salesforce', 'the record', 'use a field'])
      wellFormed(await index.search(q), q);
    // One word every skill holds covers the query whole: results come back, flagged (it says little).
    assert.equal((await index.search('salesforce')).coverage, 'weak');
  });

  it('is deterministic, across two indexes built apart', async () => {
    const other = await openSkillIndex({ roots: salesforce, indexFile: `${indexFile}.second` });
    try {
      assert.equal(other.update.added, skillCount);
      for (const q of ['apex trigger bulk best practices', 'flow fault paths', 'lwc wire', 'x'])
        assert.equal(
          JSON.stringify(await other.search(q)),
          JSON.stringify(await index.search(q)),
          q,
        );
    } finally {
      other.close();
    }
  });
});

describe('query terms', () => {
  it('keeps words and non-English text, and scores an identifier nobody has on its words', () => {
    assert.deepEqual(queryTerms('with_sharing café 100% test'), ['share', 'café', '100', 'test']);
    assert.equal(matchExpression(['a', 'bcd'], true), '"a" OR "bcd"*');
  });

  it('keeps an identifier whole when the library holds it whole', () => {
    const known = (t: string) => t === 'with_sharing' || t === 'dynamodb';
    assert.deepEqual(queryTerms('with_sharing', known), ['with_sharing', 'share']);
    assert.deepEqual(queryTerms('DynamoDB tables', known), ['dynamodb', 'tabl']);
    assert.deepEqual(queryTerms('DynamoDB tables'), ['dynamo', 'db', 'tabl']);
  });
});
