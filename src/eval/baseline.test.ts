import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import { readSkillBody } from '../discover/body.js';
import { discoverSkills } from '../discover/discover.js';
import { corporaDir, repoRoot } from '../test-support/paths.js';
import {
  type Bm25Baseline,
  baselineDocs,
  baselineMatch,
  openBaseline,
  scoreBaseline,
} from './baseline.js';
import { parseLabels } from './eval.js';

/** The baseline over a real library, bodies read as the index reads them. */
async function libraryBaseline(root: string): Promise<Bm25Baseline> {
  const { skills } = await discoverSkills({ roots: [root] });
  return openBaseline(await baselineDocs(skills, async (s) => (await readSkillBody(s)).body));
}

describe('baselineMatch', () => {
  it('quotes each distinct word and ORs them', () => {
    assert.equal(baselineMatch('100% test coverage'), '"100" OR "test" OR "coverage"');
    assert.equal(baselineMatch('Salesforce + slack, salesforce'), '"salesforce" OR "slack"');
    assert.equal(baselineMatch('café "with_sharing"'), '"café" OR "with" OR "sharing"');
  });

  it('gives nothing for a query with no word', () => {
    assert.equal(baselineMatch(''), undefined);
    assert.equal(baselineMatch(' -- "" * ^ () '), undefined);
  });
});

describe('the plain BM25 baseline over wshobson-agents', () => {
  let baseline: Bm25Baseline;
  before(async () => {
    baseline = await libraryBaseline(path.join(corporaDir, 'wshobson-agents'));
  });
  after(() => baseline.close());

  it('ranks the skill a query describes first', () => {
    const r = baseline.search('make my bash script fail safely with set -euo pipefail', {
      limit: 3,
    });
    assert.equal(r.coverage, 'ok');
    assert.equal(r.results.length, 3);
    assert.equal(r.results[0]?.name, 'bash-defensive-patterns');
  });

  it('answers none only when no word of the query is in the library', () => {
    assert.deepEqual(baseline.search('zqxjv wvkpq', { limit: 10 }), {
      coverage: 'none',
      results: [],
    });
    assert.deepEqual(baseline.search('?!', { limit: 10 }), { coverage: 'none', results: [] });
  });

  it('takes any string as a query: FTS5 syntax is plain text', () => {
    for (const q of [
      '"',
      'NEAR(a b)',
      'a OR',
      'AND',
      '*',
      '^x',
      '-foo',
      'name:bash',
      '\uD800',
      'a"b',
    ])
      assert.ok(baseline.search(q, { limit: 10 }).results.length <= 10, q);
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (q) => {
        const r = baseline.search(q, { limit: 10 });
        return r.results.length <= 10 && (r.coverage === 'none') === (r.results.length === 0);
      }),
      { numRuns: 300 },
    );
  });

  it('scores the wshobson-agents tuning set as eval scores search', async () => {
    const labels = parseLabels(
      readFileSync(path.join(repoRoot, 'bench', 'queries', 'wshobson-asked.jsonl'), 'utf8'),
    );
    const r = await scoreBaseline(baseline, labels);
    assert.deepEqual(
      { method: r.method, hit1: r.hit1, hit3: r.hit3, mrr: r.mrr, falseNone: r.falseNone },
      { method: 'fts5-bm25', hit1: 0.6786, hit3: 0.8214, mrr: 0.7556, falseNone: 0 },
    );
    assert.ok(r.p50Ms >= 0);
  });
});

describe('copies of one skill', () => {
  it('count once, as their best-ranked copy, in everything-claude-code', async () => {
    const b = await libraryBaseline(path.join(corporaDir, 'everything-claude-code'));
    try {
      const r = b.search('design REST API endpoints pagination versioning', { limit: 10 });
      const names = r.results.map((x) => x.name);
      assert.equal(names.length, 10);
      assert.equal(new Set(names).size, 10);
      // The library holds api-design six times (.agents/, .kiro/, docs/<lang>/ …); it comes back once, first.
      assert.equal(names[0], 'api-design');
      assert.equal(names.filter((n) => n === 'api-design').length, 1);
    } finally {
      b.close();
    }
  });

  it('stand for their group by the best copy, whatever the order they were indexed in', () => {
    const b = openBaseline([
      { id: 'a:deploy', name: 'deploy', description: 'Ship things', body: 'general notes' },
      { id: 'other', name: 'other', description: 'Kubernetes rollout', body: '' },
      { id: 'b:deploy', name: 'deploy', description: 'Kubernetes rollout and rollback', body: '' },
    ]);
    try {
      assert.deepEqual(
        b.search('kubernetes rollback', { limit: 10 }).results.map((r) => r.id),
        ['b:deploy', 'other'],
      );
    } finally {
      b.close();
    }
  });
});

describe('baselineDocs', () => {
  it('keeps the order of the skills and indexes an unreadable body as empty', async () => {
    const skills = [
      { id: 'one', name: 'one', description: 'first' },
      { id: 'two', name: 'two', description: 'second' },
    ];
    const docs = await baselineDocs(skills, async (s) => {
      if (s.id === 'two') throw new Error('gone');
      return 'body of one';
    });
    assert.deepEqual(docs, [
      { id: 'one', name: 'one', description: 'first', body: 'body of one' },
      { id: 'two', name: 'two', description: 'second', body: '' },
    ]);
  });
});
