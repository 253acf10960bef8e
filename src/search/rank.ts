// Ranking, in stages: the query prepared, candidate sources (candidates.ts), features and fusion
// (fusion.ts), then the gate, which judges the best skills as the results show them.

import { denseSource, gatherCandidates, lexicalSource } from './candidates.js';
import { type Feature, type FeatureVector, metaTermsIn } from './features.js';
import { fuse, type Scored } from './fusion.js';
import {
  type BodyReader,
  type Coverage,
  type GateSettings,
  type GateVerdict,
  judge,
} from './gate.js';
import type { SearchIndexStore, StoredDoc } from './index-store.js';
import { type Correction, prepareQuery } from './query.js';
import { DEFAULT_RANK, type RankSettings } from './rank-settings.js';
import type { SemanticPass } from './semantic.js';

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
  /**
   * With the semantic pass on: the lexical score (what `parts` add up to) and the cosine with the
   * query; the score is their fusion (RankSettings.semanticWeight).
   */
  semantic?: { lexical: number; cosine: number };
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

/** The gate's settings, from the ranker's. */
const gateSettingsOf = (settings: RankSettings): GateSettings => ({
  okCoverage: settings.okCoverage,
  weakCoverage: settings.weakCoverage,
  okEvidence: settings.okEvidence,
  unknownWeight: settings.unknownWeight,
  depth: settings.gateDepth,
  bodyCoverage: settings.bodyCoverage,
  bodySaturation: settings.bodySaturation,
});

/** Rank the skills of `store` for `query`: prepare, gather candidates, fuse, gate. */
export async function rank(
  store: SearchIndexStore,
  text: string,
  limit: number,
  settings: RankSettings = DEFAULT_RANK,
  semantic?: SemanticPass,
): Promise<SearchResult> {
  const query = await prepareQuery(text, store, settings);
  const gateSettings = gateSettingsOf(settings);
  const body: BodyReader = {
    counts: (ref, terms) => store.bodyCounts(ref, terms),
    averageLength: () => store.averageBodyLength(),
  };
  const answer = (gate: GateVerdict, results: RankedSkill[], rejected: RankedSkill[]) => ({
    coverage: gate.verdict,
    results,
    terms: query.terms,
    corrections: query.corrections,
    gate,
    rejected,
  });
  const sources = semantic ? [lexicalSource, denseSource(semantic)] : undefined;
  const candidates =
    query.terms.length === 0 ? [] : await gatherCandidates(store, query, settings, sources);
  if (candidates.length === 0) return answer(await judge([], query, gateSettings, body), [], []);
  // A pass left with no model (none could be had, or the last one failed) ranks lexically.
  const groups = fuse(candidates, query, settings, semantic?.active ?? false);
  const shownOf = shownCopies(store);
  // The gate judges each skill as the results show it (the library's own copy, not a translation
  // that happened to rank higher), and names it so.
  const judged: Scored[] = [];
  for (const g of groups.slice(0, Math.max(1, settings.gateDepth))) {
    const { shown } = await shownOf(g.doc);
    judged.push(
      shown === g.doc ? g : { ...g, doc: shown, found: metaTermsIn(shown, query.termSet) },
    );
  }
  const gate = await judge(judged, query, gateSettings, body);
  const toResult = async (g: Scored): Promise<RankedSkill> => {
    const { all, shown } = await shownOf(g.doc);
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
  const results = async (gs: Scored[]): Promise<RankedSkill[]> => {
    const out: RankedSkill[] = [];
    for (const g of gs) out.push(await toResult(g));
    return out;
  };
  if (gate.verdict === 'none') return answer(gate, [], await results(groups.slice(0, 3)));
  return answer(gate, await results(groups.slice(0, limit)), []);
}

/**
 * Each group ranks by its best copy; it is shown as the copy that holds the bare name (the library's
 * own, not a translation or a mirror under `.kiro/`), when there is one. Looked up once per name: the
 * gate and the results both need it.
 */
function shownCopies(
  store: SearchIndexStore,
): (doc: StoredDoc) => Promise<{ all: StoredDoc[]; shown: StoredDoc }> {
  const byName = new Map<string, { all: StoredDoc[]; shown: StoredDoc }>();
  return async (doc) => {
    let s = byName.get(doc.name);
    if (!s) {
      const all = await store.documentsNamed(doc.name);
      s = { all, shown: all.find((d) => d.id === d.name) ?? doc };
      byName.set(doc.name, s);
    }
    return s;
  };
}
