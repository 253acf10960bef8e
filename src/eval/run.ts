// Running an evaluation: every labelled query through a search, timed, into a report.

import { type EvalReport, type LabelledQuery, outcome, report, type SearchAnswer } from './eval.js';

/** Anything that answers a query: an open SkillIndex's `search`. */
export type Searcher = (
  query: string,
  options: { limit: number },
) => SearchAnswer | Promise<SearchAnswer>;

/** Score every labelled query with `search` (top 10, each timed) and build the report. */
export async function evaluate(
  search: Searcher,
  labels: readonly LabelledQuery[],
  labelsSha256: string,
): Promise<EvalReport> {
  const outcomes: ReturnType<typeof outcome>[] = [];
  // One query at a time: each is timed alone.
  for (const l of labels) {
    const t = performance.now();
    const r = await search(l.query, { limit: 10 });
    outcomes.push(outcome(l, r, performance.now() - t));
  }
  return report(outcomes, labelsSha256);
}
