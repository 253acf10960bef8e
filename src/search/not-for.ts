// `NOT for X (use Y)`: when the query matches X, the skill is demoted and Y lifted. Returns adjustments; mutates nothing.

import type { StoredDoc } from './index-store.js';

/** How strongly a matched `NOT for` clause demotes its skill, and how far its redirect is lifted. */
export interface NotForSettings {
  /** The skill's score is multiplied by this. */
  demote: number;
  /** The redirect target ends this far above the demoted skill's score before demotion. */
  redirect: number;
}

/** One change to one skill's score, as a delta that `--explain` shows as a part. */
export interface Adjustment {
  id: string;
  kind: 'notFor' | 'redirect';
  delta: number;
  /** The clause's topic (for `notFor`), or the id of the skill that redirected here (for `redirect`). */
  reason: string;
}

/** A skill under consideration: its document and its score so far. */
export interface Scoring {
  doc: StoredDoc;
  score: number;
  /** The query is the skill's name: it was asked for, so its own clauses do not turn it away. */
  named?: boolean;
}

/**
 * The adjustments `NOT for` clauses make to `scored` for a query: a skill whose clause topic the query
 * matches by half or more is demoted (first matching clause only); the skill it names, when among
 * `scored`, is lifted above the demoted skill's former score. Lifts apply after every demotion. A
 * skill the query names keeps its score.
 */
export function notForAdjustments(
  scored: readonly Scoring[],
  query: ReadonlySet<string>,
  settings: NotForSettings,
): Adjustment[] {
  const out: Adjustment[] = [];
  const score = new Map(scored.map((s) => [s.doc.id, s.score]));
  const byName = new Map(scored.map((s) => [s.doc.name, s.doc]));
  const lifts: Array<{ use: string; before: number; from: string }> = [];
  for (const s of scored) {
    if (s.named) continue;
    for (const clause of s.doc.notFor) {
      const topic = clause.topicTerms;
      if (topic.length === 0) continue;
      const hit = topic.filter((t) => query.has(t)).length;
      if (hit === 0 || hit / topic.length < 0.5) continue;
      const before = score.get(s.doc.id) as number;
      const after = before * settings.demote;
      score.set(s.doc.id, after);
      out.push({ id: s.doc.id, kind: 'notFor', delta: after - before, reason: clause.topic });
      if (clause.use) lifts.push({ use: clause.use, before, from: s.doc.id });
      break;
    }
  }
  for (const lift of lifts) {
    const target = byName.get(lift.use);
    if (!target) continue;
    const now = score.get(target.id) as number;
    const after = Math.max(now, lift.before) + settings.redirect;
    score.set(target.id, after);
    out.push({ id: target.id, kind: 'redirect', delta: after - now, reason: lift.from });
  }
  return out;
}
