import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Coverage } from '../search/gate.js';
import type { BaselineReport } from './baseline.js';
import { outcome, parseLabels, report, type SearchAnswer } from './eval.js';
import { diffText, evalText, manifestText } from './format.js';

const labels = parseLabels(
  [
    '{"query": "q1", "expected": ["a"], "domain": "x"}',
    '{"query": "q2", "expected": ["b"], "domain": "x"}',
    '{"query": "q3", "expected": ["c"], "domain": "a-rather-long-domain-name"}',
    '{"query": "q4", "expected": []}',
  ].join('\n'),
);
const said = (coverage: Coverage, ...ids: string[]): SearchAnswer => ({
  coverage,
  results: ids.map((id) => ({ id, name: id })),
});
// q1 ok and right; q2 weak, right second; q3 none; q4 (negative) weak.
const run = report(
  [
    outcome(labels[0]!, said('ok', 'a'), 1),
    outcome(labels[1]!, said('weak', 'z', 'b'), 2),
    outcome(labels[2]!, said('none'), 3),
    outcome(labels[3]!, said('weak', 'a'), 4),
  ],
  'f00d',
);
const baseline: BaselineReport = {
  method: 'fts5-bm25',
  hit1: 0.3333,
  hit3: 1,
  mrr: 0.6111,
  falseNone: 0,
  p50Ms: 0.5,
};

describe('evalText', () => {
  it('prints the figures, how each group was answered, the baseline and the domains', () => {
    assert.equal(
      evalText({ ...run, baseline }),
      [
        'queries 4 (3 positive, 1 negative)   Hit@1 33.3%   Hit@3 66.7%   MRR 0.500   false-none 33.3%   correct-none 0.0%',
        'positives answered ok 33.3%, weak 33.3%, none 33.3%; Hit@1 of those answered ok 100.0%',
        'negatives answered ok 0.0%, weak 100.0%, none 0.0% (ok: confident where none was due)',
        'plain BM25   Hit@1 33.3%   Hit@3 100.0%   MRR 0.611   (SQLite FTS5 (porter stems) over name, description and body, any query word, no gate)',
        'latency p50 2.00 ms   p95 4.00 ms   labels sha256 f00d',
        '',
        'domain                        n   Hit@1   Hit@3    MRR',
        '(none)                        1       —       —      —',
        'a-rather-long-domain-name     1    0.0%    0.0%  0.000',
        'x                             2   50.0%  100.0%  0.750',
      ].join('\n'),
    );
  });

  it('leaves out a group with no queries, and the baseline when it was not measured', () => {
    const positives = report(
      [outcome(labels[0]!, said('ok', 'a'), 1), outcome(labels[1]!, said('ok', 'b'), 1)],
      'f00d',
    );
    const text = evalText(positives);
    assert.match(text, /^positives answered ok 100\.0%, weak 0\.0%, none 0\.0%;/m);
    assert.doesNotMatch(text, /negatives answered|plain BM25/);
  });
});

describe('manifestText', () => {
  const sets = [
    { ...run, baseline, name: 'mixed', skills: 12 },
    {
      ...report([outcome(labels[3]!, said('none'), 1)], 'beef'),
      baseline: { ...baseline, hit1: null, hit3: null, mrr: null, falseNone: null },
      name: 'negatives',
      skills: 12,
    },
  ];

  it('prints one row per set in each table, the baseline in columns of its own', () => {
    assert.equal(
      manifestText(sets),
      [
        'set                    skills   pos   neg   Hit@1   Hit@3    MRR false-none correct-none  p50 ms',
        'mixed                      12     3     1   33.3%   66.7%  0.500      33.3%         0.0%    2.00',
        'negatives                  12     0     1       —       —      —          —       100.0%    1.00',
        '',
        '                            positives answered    Hit@1      negatives answered                plain BM25',
        'set                         ok    weak    none    of ok      ok    weak    none     Hit@1   Hit@3     MRR',
        'mixed                    33.3%   33.3%   33.3%   100.0%    0.0%  100.0%    0.0%     33.3%  100.0%   0.611',
        'negatives                    —       —       —        —    0.0%    0.0%  100.0%         —       —       —',
        '',
        'plain BM25: SQLite FTS5 (porter stems) over name, description and body, any query word, no gate',
      ].join('\n'),
    );
  });

  it('has no baseline columns when no set measured it', () => {
    const text = manifestText(sets.map(({ baseline: _, ...s }) => s));
    assert.doesNotMatch(text, /BM25/);
    assert.match(text, /^mixed {20}33\.3% {3}33\.3% {3}33\.3% {3}100\.0%/m);
  });
});

describe('diffText', () => {
  it('lists what regressed with what came back, then what improved', () => {
    assert.deepEqual(
      diffText('prev.json', {
        regressions: [run.queries[2]!],
        improvements: [run.queries[0]!],
      }),
      ['against prev.json: 1 improved, 1 regressed', '  - q3  (expected c; got none)', '  + q1'],
    );
  });
});
