import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  compareReports,
  labelsHash,
  metrics,
  outcome,
  parseLabels,
  report,
  type SearchAnswer,
} from './eval.js';

const answer = (...ids: string[]): SearchAnswer => ({
  coverage: ids.length === 0 ? 'none' : 'ok',
  results: ids.map((id) => ({ id, name: id })),
});

const labels = parseLabels(
  [
    '{"query": "q1", "expected": ["a"], "domain": "x"}',
    '{"query": "q2", "expected": ["b"], "acceptable": ["c"], "domain": "x"}',
    '{"query": "q3", "expected": ["d"], "domain": "y"}',
    '{"query": "q4", "expected": [], "domain": "y"}',
    '',
    '{"query": "q5", "expected": [], "domain": "y"}',
  ].join('\n'),
);

// By hand: q1 rank 1, q2 rank 2 (c is acceptable), q3 answered none, q4 none (right), q5 answered (wrong).
const outcomes = [
  outcome(labels[0]!, answer('a', 'b'), 1),
  outcome(labels[1]!, answer('z', 'c', 'b'), 2),
  outcome(labels[2]!, answer(), 3),
  outcome(labels[3]!, answer(), 4),
  outcome(labels[4]!, answer('a'), 5),
];

describe('eval metrics', () => {
  it('computes Hit@1, Hit@3, MRR and the none rates as worked out by hand', () => {
    assert.deepEqual(metrics(outcomes), {
      n: 5,
      hit1: 0.3333, // 1 of 3 positives
      hit3: 0.6667, // 2 of 3
      mrr: 0.5, // (1 + 1/2 + 0) / 3
      falseNone: 0.3333, // q3
      correctNone: 0.5, // q4 of q4, q5
    });
  });

  it('reports per domain and latency percentiles', () => {
    const r = report(outcomes, 'abc');
    assert.deepEqual(Object.keys(r.perDomain), ['x', 'y']);
    assert.equal(r.perDomain.x?.hit1, 0.5);
    assert.equal(r.p50Ms, 3);
    assert.equal(r.p95Ms, 5);
    assert.equal(r.labelsSha256, 'abc');
  });

  it('lists regressions and improvements, and refuses runs on different labels', () => {
    const before = report(outcomes, labelsHash('labels v1'));
    const worse = [...outcomes];
    worse[0] = outcome(labels[0]!, answer('b', 'a'), 1);
    worse[2] = outcome(labels[2]!, answer('d'), 1);
    const diff = compareReports(before, report(worse, labelsHash('labels v1')));
    assert.deepEqual(
      diff.regressions.map((q) => q.query),
      ['q1'],
    );
    assert.deepEqual(
      diff.improvements.map((q) => q.query),
      ['q3'],
    );
    assert.throws(
      () => compareReports(before, report(worse, labelsHash('labels v2'))),
      /different labels/,
    );
  });

  it('names the line of a malformed label', () => {
    assert.throws(
      () => parseLabels('{"query": "ok", "expected": []}\n{"query": 1}', 'q.jsonl'),
      /q\.jsonl:2/,
    );
  });
});
