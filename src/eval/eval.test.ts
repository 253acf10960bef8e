import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Coverage } from '../search/gate.js';
import {
  compareReports,
  type EvalReport,
  labelsHash,
  metrics,
  outcome,
  parseLabels,
  type QueryOutcome,
  report,
  type SearchAnswer,
} from './eval.js';

const answer = (...ids: string[]): SearchAnswer => ({
  coverage: ids.length === 0 ? 'none' : 'ok',
  results: ids.map((id) => ({ id, name: id })),
});

/** An answer with a verdict of its own (search's third verdict: candidates shown, flagged). */
const judged = (coverage: Coverage, ...ids: string[]): SearchAnswer => ({
  coverage,
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
      answered: {
        positive: { ok: 0.6667, weak: 0, none: 0.3333 }, // q1, q2 ok; q3 none
        negative: { ok: 0.5, weak: 0, none: 0.5 }, // q5 ok (confident where none was due); q4 none
      },
      hit1Ok: 0.5, // q1 of q1, q2
    });
  });

  it('counts the results of a weak answer, and splits the verdicts by group', () => {
    // q1 weak with its skill first; q2 ok, its skill second; q3 weak, missed; q4 weak (flagged); q5 ok.
    const mixed = [
      outcome(labels[0]!, judged('weak', 'a', 'b'), 1),
      outcome(labels[1]!, judged('ok', 'z', 'b'), 1),
      outcome(labels[2]!, judged('weak', 'x'), 1),
      outcome(labels[3]!, judged('weak', 'a'), 1),
      outcome(labels[4]!, judged('ok', 'a'), 1),
    ];
    assert.deepEqual(
      mixed.map((o) => [o.coverage, o.rank, o.none]),
      [
        ['weak', 1, false],
        ['ok', 2, false],
        ['weak', 0, false],
        ['weak', 0, false],
        ['ok', 0, false],
      ],
    );
    const m = metrics(mixed);
    assert.equal(m.hit1, 0.3333); // q1, from a weak answer
    assert.equal(m.hit3, 0.6667);
    assert.equal(m.falseNone, 0);
    assert.equal(m.correctNone, 0);
    assert.deepEqual(m.answered, {
      positive: { ok: 0.3333, weak: 0.6667, none: 0 },
      negative: { ok: 0.5, weak: 0.5, none: 0 },
    });
    assert.equal(m.hit1Ok, 0); // q2, the only positive answered ok, has its skill second
  });

  it('reads an answer with no results as none, and shows none of a none answer', () => {
    const empty = outcome(labels[0]!, judged('weak'), 1);
    assert.equal(empty.coverage, 'none');
    assert.equal(empty.none, true);
    const refused = outcome(labels[0]!, judged('none', 'a'), 1);
    assert.deepEqual([refused.got, refused.rank, refused.none], [[], 0, true]);
  });

  it('leaves a group with no queries null, and Hit@1 of ok null when nothing was answered ok', () => {
    const m = metrics([outcome(labels[3]!, answer(), 1)]);
    assert.deepEqual(m.answered, { positive: null, negative: { ok: 0, weak: 0, none: 1 } });
    assert.equal(m.hit1Ok, null);
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

  it('counts a negative flagged weak as better than one answered ok, and worse than none', () => {
    const run = (v: Coverage): EvalReport =>
      report([outcome(labels[3]!, judged(v, ...(v === 'none' ? [] : ['a'])), 1)], 'same');
    assert.deepEqual(
      compareReports(run('ok'), run('weak')).improvements.map((q) => q.query),
      ['q4'],
    );
    assert.deepEqual(
      compareReports(run('none'), run('weak')).regressions.map((q) => q.query),
      ['q4'],
    );
  });

  it('compares with a report written before verdicts were recorded', () => {
    // Such a report has no `coverage`, `answered` or `hit1Ok`: its `none` stands for the verdict.
    const old = JSON.parse(JSON.stringify(report(outcomes, 'same')), (k, v) =>
      k === 'coverage' || k === 'answered' || k === 'hit1Ok' ? undefined : v,
    ) as EvalReport;
    assert.ok(old.queries.every((q: QueryOutcome) => q.coverage === undefined));
    const now = [...outcomes];
    now[4] = outcome(labels[4]!, judged('weak', 'a'), 5); // q5, a negative: ok before, weak now
    const diff = compareReports(old, report(now, 'same'));
    assert.deepEqual(
      diff.improvements.map((q) => q.query),
      ['q5'],
    );
    assert.deepEqual(diff.regressions, []);
  });

  it('names the line of a malformed label', () => {
    assert.throws(
      () => parseLabels('{"query": "ok", "expected": []}\n{"query": 1}', 'q.jsonl'),
      /q\.jsonl:2/,
    );
  });
});
