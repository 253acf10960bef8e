// Evaluation: labelled queries → Hit@1, Hit@3, MRR, none rates, verdict shares, per-domain table, latency;
// comparisons by query.

import { createHash } from 'node:crypto';
import { SkillsetError } from '../errors.js';
import type { Coverage } from '../search/gate.js';
import type { BaselineReport } from './baseline.js';

/** One labelled query: `expected` empty means no skill should come back. */
export interface LabelledQuery {
  query: string;
  expected: string[];
  acceptable?: string[];
  domain?: string;
  /** Its 1-based line in the label file. */
  line?: number;
}

/** The outcome of one query. */
export interface QueryOutcome {
  query: string;
  domain: string;
  expected: string[];
  /** Result ids, best first (empty for `none`). */
  got: string[];
  /** 1-based rank of the first right answer, 0 if none in the results. */
  rank: number;
  /** Answered with no results. */
  none: boolean;
  /** The verdict (absent from reports written before it was recorded: read `none` there). */
  coverage?: Coverage;
  ms: number;
}

/** Shares of a group of queries answered `ok`, `weak` and `none`. */
export interface VerdictShares {
  ok: number;
  weak: number;
  none: number;
}

/** Aggregate metrics. A metric over no queries does not apply: `null`, never a misleading 0. */
export interface Metrics {
  n: number;
  /** Over the positive queries (null when there are none), as are hit3, mrr and falseNone. */
  hit1: number | null;
  hit3: number | null;
  mrr: number | null;
  /** Share of positive queries answered `none`. */
  falseNone: number | null;
  /** Share of negative queries answered `none` (null when there are none). */
  correctNone: number | null;
  /**
   * How each group was answered: `positive.none` is falseNone, `negative.none` correctNone, and
   * `negative.ok` confidence where none was due. A group with no queries is null.
   */
  answered: { positive: VerdictShares | null; negative: VerdictShares | null };
  /** Hit@1 among the positive queries answered `ok` (null when none was). */
  hit1Ok: number | null;
}

/** One ranking's figures beside the run's (eval's lexical and semantic-only passes). */
export interface PassFigures {
  hit1: number | null;
  hit3: number | null;
  mrr: number | null;
  falseNone: number | null;
  p50Ms: number;
}

/** The figures of a pass, from its report. */
export const passFigures = (r: EvalReport): PassFigures => ({
  hit1: r.hit1,
  hit3: r.hit3,
  mrr: r.mrr,
  falseNone: r.falseNone,
  p50Ms: r.p50Ms,
});

/** A whole run: metrics overall and per domain, latency, and the label file's hash. */
export interface EvalReport extends Metrics {
  p50Ms: number;
  p95Ms: number;
  labelsSha256: string;
  perDomain: Record<string, Metrics>;
  queries: QueryOutcome[];
}

/**
 * One run: the report, plain BM25's figures on the same labels (unless turned off), and when compared
 * with a previous run, what got worse and better.
 */
export type EvalRun = EvalReport & {
  baseline?: BaselineReport;
  /**
   * With the semantic pass on (the run's figures are then the fused ranking's): the same labels
   * ranked lexically only, and by meaning only.
   */
  passes?: { lexical: PassFigures; semantic: PassFigures };
  regressions?: QueryOutcome[];
  improvements?: QueryOutcome[];
};

/** Parse a JSONL label file; a malformed line is a SkillsetError naming its line. */
export function parseLabels(text: string, file = 'labels'): LabelledQuery[] {
  const out: LabelledQuery[] = [];
  text.split(/\r?\n/).forEach((line, i) => {
    if (line.trim() === '') return;
    let row: unknown;
    try {
      row = JSON.parse(line);
    } catch (e) {
      throw new SkillsetError(
        'eval/bad-labels',
        `${file}:${i + 1}: not JSON (${(e as Error).message})`,
      );
    }
    const r = row as Partial<LabelledQuery>;
    if (typeof r.query !== 'string' || !Array.isArray(r.expected)) {
      throw new SkillsetError(
        'eval/bad-labels',
        `${file}:${i + 1}: expected { "query": string, "expected": [names] }`,
      );
    }
    const q: LabelledQuery = { query: r.query, expected: r.expected.map(String), line: i + 1 };
    if (Array.isArray(r.acceptable)) q.acceptable = r.acceptable.map(String);
    if (typeof r.domain === 'string') q.domain = r.domain;
    out.push(q);
  });
  return out;
}

/** sha256 of the label file's bytes, hex. */
export function labelsHash(bytes: Buffer | string): string {
  return createHash('sha256').update(bytes).digest('hex');
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i] as number;
}

/** What scoring reads of a search answer. */
export interface SearchAnswer {
  coverage: Coverage;
  results: ReadonlyArray<{ id: string; name: string }>;
}

/**
 * Score one query's answer over the results shown (a `weak` answer's count): a result matches by id
 * or by name (the last `:` part). An answer with no results is `none`, whatever its verdict.
 */
export function outcome(label: LabelledQuery, result: SearchAnswer, ms: number): QueryOutcome {
  const right = new Set([...label.expected, ...(label.acceptable ?? [])]);
  const coverage: Coverage = result.results.length === 0 ? 'none' : result.coverage;
  const shown = coverage === 'none' ? [] : result.results;
  const idx = shown.findIndex((r) => right.has(r.id) || right.has(r.name));
  return {
    query: label.query,
    domain: label.domain ?? '',
    expected: label.expected,
    got: shown.map((r) => r.id),
    rank: idx + 1,
    none: coverage === 'none',
    coverage,
    ms,
  };
}

/** The verdict of an outcome; one from a report that did not record it is `ok` unless `none`. */
function verdictOf(o: QueryOutcome): Coverage {
  return o.coverage ?? (o.none ? 'none' : 'ok');
}

const share = (n: number, d: number): number | null =>
  d === 0 ? null : Math.round((n / d) * 10000) / 10000;

function shares(group: readonly QueryOutcome[]): VerdictShares | null {
  if (group.length === 0) return null;
  const count = (v: Coverage) => group.filter((o) => verdictOf(o) === v).length;
  return {
    ok: share(count('ok'), group.length) as number,
    weak: share(count('weak'), group.length) as number,
    none: share(count('none'), group.length) as number,
  };
}

/** Metrics over outcomes. */
export function metrics(outcomes: readonly QueryOutcome[]): Metrics {
  const positive = outcomes.filter((o) => o.expected.length > 0);
  const negative = outcomes.filter((o) => o.expected.length === 0);
  const confident = positive.filter((o) => verdictOf(o) === 'ok');
  return {
    n: outcomes.length,
    hit1: share(positive.filter((o) => o.rank === 1).length, positive.length),
    hit3: share(positive.filter((o) => o.rank >= 1 && o.rank <= 3).length, positive.length),
    mrr: share(
      positive.reduce((a, o) => a + (o.rank > 0 ? 1 / o.rank : 0), 0),
      positive.length,
    ),
    falseNone: share(positive.filter((o) => o.none).length, positive.length),
    correctNone: share(negative.filter((o) => o.none).length, negative.length),
    answered: { positive: shares(positive), negative: shares(negative) },
    hit1Ok: share(confident.filter((o) => o.rank === 1).length, confident.length),
  };
}

/** Build a report from outcomes and the label file's hash. */
export function report(outcomes: QueryOutcome[], labelsSha256: string): EvalReport {
  const times = outcomes.map((o) => o.ms).sort((a, b) => a - b);
  const domains = [...new Set(outcomes.map((o) => o.domain))].sort();
  const perDomain: Record<string, Metrics> = {};
  for (const d of domains)
    perDomain[d || '(none)'] = metrics(outcomes.filter((o) => o.domain === d));
  return {
    ...metrics(outcomes),
    p50Ms: Math.round(percentile(times, 50) * 1000) / 1000,
    p95Ms: Math.round(percentile(times, 95) * 1000) / 1000,
    labelsSha256,
    perDomain,
    queries: outcomes,
  };
}

/** Does this parsed JSON look like an `eval --json` report (a label hash and query outcomes)? */
export function isEvalReport(x: unknown): x is EvalReport {
  const r = x as Partial<EvalReport> | null;
  return (
    typeof r === 'object' &&
    r !== null &&
    typeof r.labelsSha256 === 'string' &&
    Array.isArray(r.queries) &&
    r.queries.every(
      (q) =>
        typeof q === 'object' &&
        q !== null &&
        typeof q.query === 'string' &&
        Array.isArray(q.expected) &&
        typeof q.rank === 'number',
    )
  );
}

/** Query-by-query differences between two runs; refuses runs scored against different labels. */
export function compareReports(
  previous: EvalReport,
  current: EvalReport,
): { regressions: QueryOutcome[]; improvements: QueryOutcome[] } {
  if (previous.labelsSha256 !== current.labelsSha256) {
    throw new SkillsetError(
      'eval/labels-differ',
      `The runs were scored against different labels (${previous.labelsSha256.slice(0, 12)} vs ${current.labelsSha256.slice(0, 12)}); comparing them would mislead`,
      { hint: 'Run both against the same label file.' },
    );
  }
  const before = new Map(previous.queries.map((q) => [q.query, q]));
  const regressions: QueryOutcome[] = [];
  const improvements: QueryOutcome[] = [];
  // A negative is best answered `none`, and better flagged `weak` than answered with confidence.
  const good = (o: QueryOutcome): number =>
    o.expected.length === 0
      ? { none: 1, weak: 0.5, ok: 0 }[verdictOf(o)]
      : o.rank === 0
        ? 0
        : 1 / o.rank;
  for (const q of current.queries) {
    const p = before.get(q.query);
    if (!p) continue;
    if (good(q) < good(p)) regressions.push(q);
    else if (good(q) > good(p)) improvements.push(q);
  }
  return { regressions, improvements };
}
