// The feature extractor: a stored skill, its BM25 scores and a prepared query give a feature vector.

import { META_FIELDS } from './document.js';
import type { StoredDoc } from './index-store.js';
import type { PreparedQuery, QueryPair } from './query.js';

/** Every ranking feature, in the order `--explain` prints them. */
export const FEATURES = [
  'meta',
  'body',
  'coverage',
  'name',
  'phrase',
  'nameQuery',
  'trigger',
  'authority',
  'exactName',
] as const;

/** A feature's name. */
export type Feature = (typeof FEATURES)[number];

/** One value per feature, each from 0 to 1. */
export type FeatureVector = Record<Feature, number>;

/** A candidate's BM25 scores, and the best of each among all candidates (features are relative to it). */
export interface Bm25 {
  meta: number;
  body: number;
  maxMeta: number;
  maxBody: number;
}

/** The features of one skill, and the query terms found in its metadata. */
export interface Extracted {
  features: FeatureVector;
  /** Query terms found in the skill's metadata. */
  found: ReadonlySet<string>;
}

/** Compute the feature vector of `doc` for `query`. Pure: reads its arguments only. */
export function extractFeatures(doc: StoredDoc, bm25: Bm25, query: PreparedQuery): Extracted {
  const found = metaTermsIn(doc, query.termSet);
  let inMeta = 0;
  for (const t of found) inMeta += query.idf.get(t) ?? 0;
  const nameTerms = doc.fields.name;
  const nameHits = nameTerms.filter((t) => query.termSet.has(t)).length;
  return {
    features: {
      meta: bm25.meta / bm25.maxMeta,
      body: bm25.body / bm25.maxBody,
      coverage: inMeta / query.totalIdf,
      name: nameTerms.length === 0 ? 0 : nameHits / nameTerms.length,
      phrase: query.pairs.length === 0 ? 0 : pairsIn(doc, query.pairs, found) / query.pairs.length,
      nameQuery: query.terms.length === 0 ? 0 : nameHits / query.terms.length,
      trigger: closestTrigger(doc.triggerPhrases, query),
      authority: authorityOf(doc.inbound),
      exactName: query.nameKey !== '' && doc.nameKey === query.nameKey ? 1 : 0,
    },
    found,
  };
}

/** The query terms found in a skill's metadata (a scan: cheaper than a set of every metadata term). */
export function metaTermsIn(doc: StoredDoc, query: ReadonlySet<string>): Set<string> {
  const found = new Set<string>();
  for (const f of META_FIELDS) for (const t of doc.fields[f]) if (query.has(t)) found.add(t);
  return found;
}

/** How many of the query's adjacent term pairs are adjacent in the name, description or triggers. */
function pairsIn(
  doc: StoredDoc,
  queryPairs: readonly QueryPair[],
  found: ReadonlySet<string>,
): number {
  // A pair can only be adjacent in the skill's words if both its terms are there.
  const wanted = queryPairs.filter(([a, b]) => found.has(a) && found.has(b));
  if (wanted.length === 0) return 0;
  let hits = 0;
  for (const [a, b] of wanted) {
    const adjacent = (['name', 'description', 'triggers'] as const).some((f) => {
      const words = doc.fields[f];
      for (let i = 1; i < words.length; i++) if (words[i - 1] === a && words[i] === b) return true;
      return false;
    });
    if (adjacent) hits++;
  }
  return hits;
}

/**
 * How closely the skill's best trigger phrase matches the query (0–1): the query's IDF-weighted share
 * found in the phrase, times the phrase's share found in the query. A phrase that says what the
 * query says scores near 1 however many other phrases the skill lists.
 */
function closestTrigger(phrases: readonly string[][], query: PreparedQuery): number {
  let best = 0;
  for (const phrase of phrases) {
    let inQuery = 0;
    for (const t of phrase) if (query.termSet.has(t)) inQuery++;
    if (inQuery === 0) continue;
    let found = 0;
    for (const t of query.terms) if (phrase.includes(t)) found += query.idf.get(t) ?? 0;
    best = Math.max(best, (found / query.totalIdf) * (inQuery / phrase.length));
  }
  return best;
}

/** Mentions from other skills, at which the authority prior reaches 1. */
const AUTHORITY_FULL = 64;

/**
 * A prior from how many other skills mention this one (0–1, logarithmic, full at 64): broad "hub"
 * skills that many others point to are where vague questions most often belong.
 */
export function authorityOf(inbound: number): number {
  return Math.min(1, Math.log1p(inbound) / Math.log1p(AUTHORITY_FULL));
}
