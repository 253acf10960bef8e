// The coverage gate: `ok` when one of the best skills covers enough of the query, `none` when none
// covers even a little of it, `weak` between: candidates shown, flagged.

import type { BodyCounts, StoredDoc } from './index-store.js';
import type { PreparedQuery } from './query.js';

/** The gate's settings. */
export interface GateSettings {
  /** `ok` when a skill among the best `depth` covers this share of the (IDF-weighted) query. */
  okCoverage: number;
  /** `none` when none covers this share; `weak` between the two. */
  weakCoverage: number;
  /**
   * `ok` also needs the skill to match this much of the query's weight, counted in rare words (the
   * weight of a word no skill holds): a query of common words only (`who changed this setting`) says
   * too little to be sure of, however fully a skill covers it.
   */
  okEvidence: number;
  /** A word no skill uses weighs this times its IDF (the rarest there is). */
  unknownWeight: number;
  /** How many of the best skills the gate looks at. */
  depth: number;
  /** The most a query term found only in the body counts (1 in metadata). */
  bodyCoverage: number;
  /** Body credit saturates with the term's count: count / (count + k), length-normalised; 0: presence is enough. */
  bodySaturation: number;
}

/** How sure the search is: a skill fits, candidates that may fit, or nothing the query speaks of. */
export type Coverage = 'ok' | 'weak' | 'none';

/** The gate's verdict with its numbers, for results and `--explain`. */
export interface GateVerdict {
  verdict: Coverage;
  /** The best coverage among the skills looked at (0 when none). */
  coverage: number;
  /** What that skill matched of the query's weight, in rare words (see `okEvidence`). */
  evidence: number;
  /** The skill that reached it. */
  best?: string;
  /** The coverage and evidence `ok` needs, and the coverage under which the answer is `none`. */
  thresholds: { ok: number; evidence: number; weak: number };
  /** How many skills were looked at. */
  looked: number;
  /** Each query term's weight and the credit the best skill earned for it (0–1: 1 in its metadata). */
  terms: GateTerm[];
}

/** A query term as the gate weighs it. */
export interface GateTerm {
  term: string;
  weight: number;
  credit: number;
  /** No skill uses the word: it weighs `unknownWeight` times its IDF. */
  unknown?: true;
}

/** The fewest skills a library holds for `okEvidence` to apply: with fewer, IDF says little. */
const EVIDENCE_FROM = 50;

/** A skill as the gate sees it: its document and the query terms found in its metadata. */
export interface GateCandidate {
  doc: StoredDoc;
  found: ReadonlySet<string>;
  /** The query is the skill's name (misspellings corrected): as sure as a search gets. */
  named?: boolean;
}

/** Reads the counts of some terms in a skill's body (the index's `bodyCounts`), and the mean body length. */
export interface BodyReader {
  counts(ref: number, terms: readonly string[]): Promise<BodyCounts>;
  averageLength(): Promise<number>;
}

/**
 * A skill's share of the query. Each term weighs its IDF over metadata and bodies alike (a word only
 * bodies use is not rare for it); a term in the skill's metadata counts in full, one found only in its
 * body counts up to `bodyCoverage`, more the more often the body says it (relative to its length).
 */
export async function gateCoverage(
  c: GateCandidate,
  query: PreparedQuery,
  settings: GateSettings,
  body: BodyReader,
): Promise<{ share: number; evidence: number; terms: GateTerm[] }> {
  const inBody = await body.counts(
    c.doc.ref,
    query.terms.filter((t) => !c.found.has(t) && !query.unknown.has(t)),
  );
  const average = await body.averageLength();
  const norm = average > 0 ? 0.25 + (0.75 * inBody.length) / average : 1;
  let found = 0;
  let total = 0;
  const terms: GateTerm[] = [];
  for (const t of query.terms) {
    // A word no skill uses weighs `unknownWeight` times its own IDF (the rarest there is).
    const idf = query.anyIdf.get(t) ?? 0;
    const w = query.unknown.has(t) ? settings.unknownWeight * idf : idf;
    total += w;
    let credit = 0;
    if (c.found.has(t)) credit = 1;
    else {
      const tf = inBody.counts.get(t) ?? 0;
      const k = settings.bodySaturation;
      if (tf > 0) credit = settings.bodyCoverage * (k > 0 ? tf / (tf + k * norm) : 1);
    }
    found += w * credit;
    terms.push({ term: t, weight: w, credit, ...(query.unknown.has(t) ? { unknown: true } : {}) });
  }
  return {
    share: total === 0 ? 0 : found / total,
    evidence: query.maxIdf > 0 ? found / query.maxIdf : 0,
    terms,
  };
}

/**
 * Judge the ranked skills (best first): `ok` as soon as one of the best `depth` covers `okCoverage`
 * with `okEvidence`, or is the skill the query names; `none` when none covers `weakCoverage` (or
 * there are none), else `weak`.
 */
export async function judge(
  ranked: readonly GateCandidate[],
  query: PreparedQuery,
  settings: GateSettings,
  body: BodyReader,
): Promise<GateVerdict> {
  let best = 0;
  let bestEvidence = 0;
  let bestId: string | undefined;
  let bestTerms: GateTerm[] = [];
  let looked = 0;
  let ok = false;
  let alive = false;
  // In a small library every word is common to a few skills: no weight says "rare" there.
  const floor = query.docCount < EVIDENCE_FROM ? 0 : settings.okEvidence;
  for (const c of ranked.slice(0, Math.max(1, settings.depth))) {
    looked++;
    const { share, evidence, terms } = await gateCoverage(c, query, settings, body);
    ok = c.named === true || (share >= settings.okCoverage && evidence >= floor);
    if (share > 0 && share >= settings.weakCoverage) alive = true;
    if (ok || share > best || bestId === undefined) {
      best = share;
      bestEvidence = evidence;
      bestId = c.doc.id;
      bestTerms = terms;
    }
    if (ok) break;
  }
  const round = (n: number): number => Math.round(n * 1e4) / 1e4;
  const verdict: Coverage = ok ? 'ok' : alive ? 'weak' : 'none';
  return {
    verdict,
    coverage: round(best),
    evidence: round(bestEvidence),
    ...(bestId ? { best: bestId } : {}),
    thresholds: {
      ok: settings.okCoverage,
      evidence: floor,
      weak: settings.weakCoverage,
    },
    looked,
    terms: bestTerms.map((t) => ({ ...t, weight: round(t.weight), credit: round(t.credit) })),
  };
}
