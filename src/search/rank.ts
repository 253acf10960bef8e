// Ranking: FTS5 candidates from metadata and body, features per skill, a weighted score, and the coverage gate.

import { META_FIELDS, type MetaField } from './document.js';
import type { IndexStore, StoredDoc } from './store.js';
import { tokenize } from './tokenize.js';

/** Weights and thresholds of the ranker; the defaults were tuned on the dev query set only. */
export interface RankSettings {
  /** BM25 column weights, in META_FIELDS order. */
  columns: Record<MetaField, number>;
  /**
   * Score = meta·BM25(meta) + body·BM25(body) + coverage·(query terms found) + name·(name words in the
   * query) + phrase·(query word pairs found adjacent) + trigger·(the closest trigger phrase) +
   * authority·(how many skills mention this one).
   */
  weights: {
    meta: number;
    body: number;
    coverage: number;
    name: number;
    phrase: number;
    nameQuery: number;
    trigger: number;
    authority: number;
  };
  /** A skill whose `NOT for` topic the query matches is multiplied by this; its redirect gains `redirect`. */
  notFor: { demote: number; redirect: number };
  /** `coverage: none` when none of the best `gateDepth` skills covers this share of the (IDF-weighted) query. */
  minCoverage: number;
  /** How many of the best skills the gate looks at. */
  gateDepth: number;
  /** Candidates read from each table. */
  candidates: number;
  /** Terms found in more than this share of bodies are not asked of the body table (long lists, little weight). */
  bodyMaxShare: number;
  /** A query term found only in the body counts this much toward coverage (1 in metadata). */
  bodyCoverage: number;
}

/** The ranker's defaults. */
export const DEFAULT_RANK: RankSettings = {
  columns: { name: 6, description: 3, triggers: 3, tags: 2, headings: 1 },
  weights: {
    meta: 1,
    body: 2,
    coverage: 1.5,
    name: 1,
    phrase: 2,
    nameQuery: 0,
    trigger: 2,
    authority: 0.8,
  },
  notFor: { demote: 0.5, redirect: 0.3 },
  minCoverage: 0.5,
  gateDepth: 10,
  candidates: 50,
  bodyMaxShare: 0.5,
  bodyCoverage: 0.5,
};

/** One ranked skill, with the parts of its score for `--explain`. */
export interface RankedSkill {
  id: string;
  name: string;
  path: string;
  score: number;
  explain: {
    meta: number;
    body: number;
    coverage: number;
    name: number;
    trigger: number;
    authority: number;
    notFor?: string;
    redirectedFrom?: string;
  };
}

/** A search answer: `none` when no skill clears the coverage gate. */
export interface SearchResult {
  coverage: 'ok' | 'none';
  results: RankedSkill[];
  /** The query terms, after tokenising. */
  terms: string[];
}

const MAX_TERMS = 32;

/** The terms of a query (unique, in order), at most 32. */
export function queryTerms(query: string): string[] {
  return [...new Set(tokenize(query))].slice(0, MAX_TERMS);
}

/** An FTS5 MATCH expression that can never be a syntax error: every term quoted, ORed; the last one a prefix. */
export function matchExpression(terms: readonly string[], prefixLast: boolean): string {
  return terms
    .map(
      (t, i) =>
        `"${t.replace(/"/g, '')}"${prefixLast && i === terms.length - 1 && t.length >= 3 ? '*' : ''}`,
    )
    .join(' OR ');
}

interface Candidate {
  doc: StoredDoc;
  meta: number;
  body: number;
}

/** Rank the skills of `store` for `query`. */
export function rank(
  store: IndexStore,
  query: string,
  limit: number,
  settings: RankSettings = DEFAULT_RANK,
): SearchResult {
  const terms = queryTerms(query);
  if (terms.length === 0) return { coverage: 'none', results: [], terms };
  const prefixLast = !/\s$/.test(query);
  const expr = matchExpression(terms, prefixLast);
  const idf = termWeights(store, terms);
  // Bodies are long: terms found in most of them (long posting lists, little weight) are not asked.
  const maxDf = settings.bodyMaxShare * store.docCount();
  const bodyTerms = terms.filter((t) => store.documentFrequency('body', t) <= maxDf);
  const bodyExpr = matchExpression(
    bodyTerms,
    prefixLast && bodyTerms[bodyTerms.length - 1] === terms[terms.length - 1],
  );
  const weights = META_FIELDS.map((f) => settings.columns[f]).join(', ');
  const metaRows = store
    .statement(
      `SELECT rowid, -bm25(meta, ${weights}) AS s FROM meta WHERE meta MATCH ? ORDER BY bm25(meta, ${weights}) LIMIT ?`,
    )
    .all(expr, settings.candidates) as Array<{ rowid: number; s: number }>;
  const bodyRows =
    bodyTerms.length === 0
      ? []
      : (store
          .statement(
            'SELECT rowid AS doc, -bm25(body) AS s FROM body WHERE body MATCH ? ORDER BY bm25(body) LIMIT ?',
          )
          .all(bodyExpr, settings.candidates) as Array<{ doc: number; s: number }>);

  const byDoc = new Map<number, Candidate>();
  const get = (rowid: number): Candidate | undefined => {
    let c = byDoc.get(rowid);
    if (!c) {
      const doc = store.doc(rowid);
      if (!doc) return undefined;
      c = { doc, meta: 0, body: 0 };
      byDoc.set(rowid, c);
    }
    return c;
  };
  for (const r of metaRows) {
    const c = get(r.rowid);
    if (c) c.meta = Math.max(c.meta, r.s);
  }
  for (const r of bodyRows) {
    const c = get(r.doc);
    if (c) c.body = Math.max(c.body, r.s);
  }
  if (byDoc.size === 0) return { coverage: 'none', results: [], terms };

  const totalIdf = terms.reduce((a, t) => a + (idf.get(t) ?? 0), 0) || 1;
  const maxMeta = Math.max(...[...byDoc.values()].map((c) => c.meta), 1e-9);
  const maxBody = Math.max(...[...byDoc.values()].map((c) => c.body), 1e-9);
  const queryTermSet = new Set(terms);
  const queryPairs = terms.slice(1).map((t, i): QueryPair => [terms[i] as string, t]);

  const scored = [...byDoc.values()].map((c) => {
    // Coverage ranks on metadata terms; the gate (below) also credits terms found only in the body.
    const found = metaTermsIn(c.doc, queryTermSet);
    let inMeta = 0;
    for (const t of found) inMeta += idf.get(t) ?? 0;
    const coverage = inMeta / totalIdf;
    const nameTerms = c.doc.fields.name;
    const nameHits = nameTerms.filter((t) => queryTermSet.has(t)).length;
    const name = nameTerms.length === 0 ? 0 : nameHits / nameTerms.length;
    // Adjacent query terms found adjacent in the skill's own words, and the query's share found in the name.
    const phrase =
      queryPairs.length === 0 ? 0 : pairsIn(c.doc, queryPairs, found) / queryPairs.length;
    const nameQuery = nameHits / terms.length;
    const trigger = closestTrigger(c.doc.triggerPhrases, terms, queryTermSet, idf, totalIdf);
    const authority = authorityOf(c.doc.inbound);
    const w = settings.weights;
    const score =
      w.meta * (c.meta / maxMeta) +
      w.body * (c.body / maxBody) +
      w.coverage * coverage +
      w.name * name +
      w.phrase * phrase +
      w.nameQuery * nameQuery +
      w.trigger * trigger +
      w.authority * authority;
    const ranked: RankedSkill = {
      id: c.doc.id,
      name: c.doc.name,
      path: c.doc.path,
      score,
      explain: { meta: c.meta, body: c.body, coverage, name, trigger, authority },
    };
    return { ranked, doc: c.doc, found };
  });

  applyNotFor(scored, queryTermSet, settings);
  scored.sort((a, b) => b.ranked.score - a.ranked.score || (a.ranked.id < b.ranked.id ? -1 : 1));
  const covered = scored
    .slice(0, Math.max(1, settings.gateDepth))
    .some(
      (s) =>
        gateCoverage(store, s.doc, s.found, terms, idf, totalIdf, settings) >= settings.minCoverage,
    );
  if (!covered) return { coverage: 'none', results: [], terms };
  return {
    coverage: 'ok',
    results: scored.slice(0, limit).map((s) => ({ ...s.ranked, score: round(s.ranked.score) })),
    terms,
  };
}

const round = (n: number): number => Math.round(n * 1e6) / 1e6;

/**
 * How closely the skill's best trigger phrase matches the query (0–1): the query's IDF-weighted share
 * found in the phrase, times the phrase's share found in the query. A phrase that says what the
 * query says scores near 1 however many other phrases the skill lists.
 */
function closestTrigger(
  phrases: readonly string[][],
  terms: readonly string[],
  query: ReadonlySet<string>,
  idf: ReadonlyMap<string, number>,
  totalIdf: number,
): number {
  let best = 0;
  for (const phrase of phrases) {
    let inQuery = 0;
    for (const t of phrase) if (query.has(t)) inQuery++;
    if (inQuery === 0) continue;
    let found = 0;
    for (const t of terms) if (phrase.includes(t)) found += idf.get(t) ?? 0;
    best = Math.max(best, (found / totalIdf) * (inQuery / phrase.length));
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

/** A skill's share of the query for the gate: metadata terms in full, terms found only in its body at `bodyCoverage`. */
function gateCoverage(
  store: IndexStore,
  doc: StoredDoc,
  inMeta: ReadonlySet<string>,
  terms: readonly string[],
  idf: ReadonlyMap<string, number>,
  totalIdf: number,
  settings: RankSettings,
): number {
  const body = store.bodyHolds(
    doc.rowid,
    terms.filter((t) => !inMeta.has(t)),
  );
  let found = 0;
  for (const t of terms) {
    if (inMeta.has(t)) found += idf.get(t) ?? 0;
    else if (body.has(t)) found += (idf.get(t) ?? 0) * settings.bodyCoverage;
  }
  return found / totalIdf;
}

/** `NOT for X — use Y`: when the query matches X, demote the skill and lift Y. */
function applyNotFor(
  scored: Array<{ ranked: RankedSkill; doc: StoredDoc }>,
  query: ReadonlySet<string>,
  settings: RankSettings,
): void {
  const byName = new Map(scored.map((s) => [s.doc.name, s]));
  const lifts: Array<[string, number, string]> = [];
  for (const s of scored) {
    for (const clause of s.doc.notFor) {
      const topic = clause.topicTerms;
      if (topic.length === 0) continue;
      const hit = topic.filter((t) => query.has(t)).length;
      if (hit === 0 || hit / topic.length < 0.5) continue;
      const before = s.ranked.score;
      s.ranked.score *= settings.notFor.demote;
      s.ranked.explain.notFor = clause.topic;
      if (clause.use) lifts.push([clause.use, before, s.doc.id]);
      break;
    }
  }
  for (const [use, score, from] of lifts) {
    const target = byName.get(use);
    if (!target) continue;
    target.ranked.score = Math.max(target.ranked.score, score) + settings.notFor.redirect;
    target.ranked.explain.redirectedFrom = from;
  }
}

/** The query terms found in a skill's metadata (a scan: cheaper than a set of every metadata term). */
function metaTermsIn(doc: StoredDoc, query: ReadonlySet<string>): Set<string> {
  const found = new Set<string>();
  for (const f of META_FIELDS) for (const t of doc.fields[f]) if (query.has(t)) found.add(t);
  return found;
}

/** Two adjacent query terms. */
type QueryPair = readonly [string, string];

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

/** Inverse document frequency of each term over the metadata (a term in no skill's metadata weighs as the rarest). */
function termWeights(store: IndexStore, terms: readonly string[]): Map<string, number> {
  const n = store.docCount();
  const out = new Map<string, number>();
  for (const t of terms) {
    const df = store.documentFrequency('meta', t);
    out.set(t, Math.log(1 + (n - df + 0.5) / (df + 0.5)));
  }
  return out;
}
