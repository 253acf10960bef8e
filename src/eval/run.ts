// Running an evaluation: every labelled query through a search, timed, into a report.

import { type EvalReport, type LabelledQuery, outcome, report, type SearchAnswer } from './eval.js';

/** Anything that answers a query: an open SkillIndex's `search`. */
export type Searcher = (query: string, options: { limit: number }) => SearchAnswer;

/** Score every labelled query with `search` (top 10, each timed) and build the report. */
export function evaluate(
  search: Searcher,
  labels: readonly LabelledQuery[],
  labelsSha256: string,
): EvalReport {
  const outcomes = labels.map((l) => {
    const t = performance.now();
    const r = search(l.query, { limit: 10 });
    return outcome(l, r, performance.now() - t);
  });
  return report(outcomes, labelsSha256);
}
