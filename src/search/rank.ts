// Ranking: candidates from the index, features per skill, weighted scores, NOT-for adjustments, copies grouped, the gate.

import {
  type Bm25,
  extractFeatures,
  type Feature,
  type FeatureVector,
  metaTermsIn,
} from './features.js';
import {
  type BodyReader,
  type Coverage,
  type GateSettings,
  type GateVerdict,
  judge,
} from './gate.js';
import type { SearchIndexStore, StoredDoc } from './index-store.js';
import { type Adjustment, notForAdjustments } from './not-for.js';
import { type Correction, type PreparedQuery, prepareQuery } from './query.js';
import { DEFAULT_RANK, type RankSettings } from './rank-settings.js';
import { scoreFeatures } from './score.js';

export { DEFAULT_RANK, type RankSettings } from './rank-settings.js';

/** The parts of a score: weight × feature for each feature, plus NOT-for adjustments; they add up to the score. */
export type ScoreParts = Record<Feature | 'notFor' | 'redirect', number>;

/** Why a skill ranks where it does. */
export interface Explanation {
  features: FeatureVector;
  parts: ScoreParts;
  /** The query terms found in the skill's metadata. */
  matched: string[];
  /** The raw BM25 scores the meta and body features are relative to. */
  bm25: { meta: number; body: number };
  /** The `NOT for` topic the query matched. */
  notFor?: string;
  /** The skill whose `NOT for` clause redirected here. */
  redirectedFrom?: string;
}

/** Another copy of a result: a skill with the same name elsewhere. */
export interface SkillCopy {
  id: string;
  path: string;
}

/** One ranked skill. */
export interface RankedSkill {
  id: string;
  name: string;
  path: string;
  description: string;
  score: number;
  /** Other skills with the same name, ranked lower (copies in other trees). */
  copies: SkillCopy[];
  explain: Explanation;
}

/**
 * A search answer. `ok`: a skill fits. `weak`: candidates, shown and flagged (read their descriptions
 * before loading one). `none`: the query shares almost nothing with the library, and no results.
 */
export interface SearchResult {
  coverage: Coverage;
  results: RankedSkill[];
  /** The query terms, after tokenising and correcting. */
  terms: string[];
  /** Words the library never uses that were matched to a term a typo away. */
  corrections: Correction[];
  /** The gate's verdict and numbers. */
  gate: GateVerdict;
  /** When the answer is `none`: the best skills the gate turned down (at most 3), for `--explain`. */
  rejected: RankedSkill[];
}

const round = (n: number): number => Math.round(n * 1e6) / 1e6;

/** Rank the skills of `store` for `query`. */
export function rank(
  store: SearchIndexStore,
  text: string,
  limit: number,
  settings: RankSettings = DEFAULT_RANK,
): SearchResult {
  const query = prepareQuery(text, store, settings);
  const gateSettings: GateSettings = {
    okCoverage: settings.okCoverage,
    weakCoverage: settings.weakCoverage,
    okEvidence: settings.okEvidence,
    unknownWeight: settings.unknownWeight,
    depth: settings.gateDepth,
    bodyCoverage: settings.bodyCoverage,
    bodySaturation: settings.bodySaturation,
  };
  const body: BodyReader = {
    counts: (ref, terms) => store.bodyCounts(ref, terms),
    get averageLength() {
      return store.averageBodyLength();
    },
  };
  const empty = (): SearchResult => ({
    coverage: 'none',
    results: [],
    terms: query.terms,
    corrections: query.corrections,
    gate: judge([], query, gateSettings, body),
    rejected: [],
  });
  if (query.terms.length === 0) return empty();
  const candidates = gather(store, query, settings);
  if (candidates.length === 0) return empty();

  const maxMeta = Math.max(...candidates.map((c) => c.meta), 1e-9);
  const maxBody = Math.max(...candidates.map((c) => c.body), 1e-9);
  const scored = candidates.map((c) => {
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
  const byId = new Map(scored.map((s) => [s.doc.id, s]));
  for (const a of notForAdjustments(scored, query.termSet, settings.notFor))
    apply(byId.get(a.id), a);
  scored.sort((a, b) => b.score - a.score || (a.doc.id < b.doc.id ? -1 : 1));
  const groups = bestOfEachName(scored);
  // The group ranks by its best copy; it is shown as the copy that holds the bare name (the
  // library's own, not a translation or a mirror under `.kiro/`), when there is one.
  // Looked up once per name: the gate and the results both need it.
  const shownByName = new Map<string, { all: StoredDoc[]; shown: StoredDoc }>();
  const shownOf = (doc: StoredDoc) => {
    let s = shownByName.get(doc.name);
    if (!s) {
      const all = store.documentsNamed(doc.name);
      s = { all, shown: all.find((d) => d.id === d.name) ?? doc };
      shownByName.set(doc.name, s);
    }
    return s;
  };
  // The gate judges each skill as the results show it (the library's own copy, not a translation
  // that happened to rank higher), and names it so.
  const gate = judge(
    groups.slice(0, Math.max(1, settings.gateDepth)).map((g) => {
      const { shown } = shownOf(g.doc);
      return shown === g.doc ? g : { ...g, doc: shown, found: metaTermsIn(shown, query.termSet) };
    }),
    query,
    gateSettings,
    body,
  );
  const toResult = (g: (typeof scored)[number]): RankedSkill => {
    const { all, shown } = shownOf(g.doc);
    return {
      id: shown.id,
      name: shown.name,
      path: shown.path,
      description: shown.description,
      score: round(g.score),
      copies: all.filter((d) => d.ref !== shown.ref).map((d) => ({ id: d.id, path: d.path })),
      explain: g.explain,
    };
  };
  if (gate.verdict === 'none')
    return {
      coverage: 'none',
      results: [],
      terms: query.terms,
      corrections: query.corrections,
      gate,
      rejected: groups.slice(0, 3).map(toResult),
    };
  return {
    coverage: gate.verdict,
    results: groups.slice(0, limit).map(toResult),
    terms: query.terms,
    corrections: query.corrections,
    gate,
    rejected: [],
  };
}

/** A candidate and its BM25 scores from each table (0 where the table did not return it). */
interface Candidate {
  doc: StoredDoc;
  meta: number;
  body: number;
}

/** The union of the metadata and body candidates, in the order the index returned them. */
function gather(
  store: SearchIndexStore,
  query: PreparedQuery,
  settings: RankSettings,
): Candidate[] {
  // The query's last word is a prefix only where it is still the last term asked.
  const asked = (terms: string[]) => ({
    terms,
    prefixLast: query.prefixLast && terms.at(-1) === query.terms.at(-1),
    limit: settings.candidates,
  });
  const metaHits = store.candidates('meta', asked(query.metaTerms), settings.columns);
  const bodyHits = store.candidates('body', asked(query.bodyTerms));
  const byRef = new Map<number, Candidate>();
  const get = (ref: number): Candidate | undefined => {
    let c = byRef.get(ref);
    if (!c) {
      const doc = store.document(ref);
      if (!doc) return undefined;
      c = { doc, meta: 0, body: 0 };
      byRef.set(ref, c);
    }
    return c;
  };
  for (const h of metaHits) {
    const c = get(h.ref);
    if (c) c.meta = Math.max(c.meta, h.score);
  }
  for (const h of bodyHits) {
    const c = get(h.ref);
    if (c) c.body = Math.max(c.body, h.score);
  }
  // A skill the query names is a candidate even when its words are too common to be asked.
  for (const d of store.documentsWithNameKey(query.nameKey)) get(d.ref);
  return [...byRef.values()];
}

/** Apply one NOT-for adjustment to a scored skill (the scoring's own copy, made in `rank`). */
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
export function bestOfEachName<T extends { doc: StoredDoc }>(ranked: readonly T[]): T[] {
  const seen = new Set<string>();
  const out: T[] = [];
  for (const s of ranked) {
    if (seen.has(s.doc.name)) continue;
    seen.add(s.doc.name);
    out.push(s);
  }
  return out;
}
