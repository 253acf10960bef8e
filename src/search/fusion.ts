// Ranking's middle stages: features for each candidate, then fusion into one ordered list: weighted
// scores, NOT-for adjustments, and copies of one skill grouped under their best-ranked copy.

import type { Candidate } from './candidates.js';
import { type Bm25, extractFeatures } from './features.js';
import type { StoredDoc } from './index-store.js';
import { type Adjustment, notForAdjustments } from './not-for.js';
import type { PreparedQuery } from './query.js';
import type { Explanation } from './rank.js';
import type { RankSettings } from './rank-settings.js';
import { scoreFeatures } from './score.js';

/** A candidate scored: its document, the query terms its metadata holds, its score and why. */
export interface Scored {
  doc: StoredDoc;
  found: ReadonlySet<string>;
  score: number;
  /** The query is the skill's name. */
  named: boolean;
  explain: Explanation;
}

/** Each candidate's features and weighted score, relative to the best BM25 of each table. */
function scoreCandidates(
  candidates: readonly Candidate[],
  query: PreparedQuery,
  settings: RankSettings,
): Scored[] {
  const maxMeta = Math.max(...candidates.map((c) => c.meta), 1e-9);
  const maxBody = Math.max(...candidates.map((c) => c.body), 1e-9);
  return candidates.map((c) => {
    const bm25: Bm25 = { meta: c.meta, body: c.body, maxMeta, maxBody };
    const { features, found } = extractFeatures(c.doc, bm25, query);
    const { score, parts } = scoreFeatures(features, settings.weights);
    return {
      doc: c.doc,
      found,
      score,
      named: features.exactName === 1,
      explain: {
        features,
        parts: { ...parts, notFor: 0, redirect: 0 },
        matched: query.terms.filter((t) => found.has(t)),
        bm25: { meta: c.meta, body: c.body },
      } as Explanation,
    };
  });
}

/** The candidates scored, adjusted and ordered (best first, ties by id), one per name. */
export function fuse(
  candidates: readonly Candidate[],
  query: PreparedQuery,
  settings: RankSettings,
  semantic = false,
): Scored[] {
  const scored = scoreCandidates(candidates, query, settings);
  const byId = new Map(scored.map((s) => [s.doc.id, s]));
  for (const a of notForAdjustments(scored, query.termSet, settings.notFor))
    apply(byId.get(a.id), a);
  if (semantic) withMeaning(scored, candidates, settings.semanticWeight);
  scored.sort((a, b) => b.score - a.score || (a.doc.id < b.doc.id ? -1 : 1));
  return bestOfEachName(scored);
}

/**
 * The semantic pass's fusion: each score becomes (1 − w) × lexical score / best lexical score +
 * w × the cosine's place between the lowest and the best candidate's (`scored[i]` is
 * `candidates[i]`'s). Each keeps both in its explanation.
 */
function withMeaning(scored: Scored[], candidates: readonly Candidate[], w: number): void {
  const bestLexical = Math.max(...scored.map((s) => s.score), 1e-9);
  // Cosines are spread from the lowest candidate's (0) to the best one's (1): a model whose cosines
  // all sit close together still orders the candidates, and one far apart does not outweigh BM25.
  const cosines = candidates.map((c) => (Number.isFinite(c.dense) ? c.dense : 0));
  const low = Math.min(...cosines);
  const spread = Math.max(1e-9, Math.max(...cosines) - low);
  scored.forEach((s, i) => {
    const cosine = cosines[i] as number;
    s.explain.semantic = { lexical: s.score, cosine };
    s.score = ((1 - w) * Math.max(0, s.score)) / bestLexical + (w * (cosine - low)) / spread;
  });
}

/** Apply one NOT-for adjustment to a scored skill (the scoring's own copy, made in `scoreCandidates`). */
function apply(s: { score: number; explain: Explanation } | undefined, a: Adjustment): void {
  if (!s) return;
  s.score += a.delta;
  s.explain.parts[a.kind] += a.delta;
  if (a.kind === 'notFor') s.explain.notFor = a.reason;
  else s.explain.redirectedFrom = a.reason;
}

/**
 * The best-ranked skill of each name: copies of one skill in several trees stand as one result (the
 * others are listed with it from the index), so copies never fill the results. Input is ranked, best first.
 */
function bestOfEachName<T extends { doc: StoredDoc }>(ranked: readonly T[]): T[] {
  const seen = new Set<string>();
  const out: T[] = [];
  for (const s of ranked) {
    if (seen.has(s.doc.name)) continue;
    seen.add(s.doc.name);
    out.push(s);
  }
  return out;
}
