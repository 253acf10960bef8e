// The coverage gate: `none` when none of the best skills covers enough of the query.

import type { BodyCounts, StoredDoc } from './index-store.js';
import type { PreparedQuery } from './query.js';

/** The gate's settings. */
export interface GateSettings {
  /** `none` when no skill among the best `depth` covers this share of the (IDF-weighted) query. */
  minCoverage: number;
  /** How many of the best skills the gate looks at. */
  depth: number;
  /** The most a query term found only in the body counts (1 in metadata). */
  bodyCoverage: number;
  /** Body credit saturates with the term's count: count / (count + k), length-normalised; 0: presence is enough. */
  bodySaturation: number;
}

/** The gate's verdict with its numbers, for results and `--explain`. */
export interface GateVerdict {
  verdict: 'ok' | 'none';
  /** The best coverage among the skills looked at (0 when none). */
  coverage: number;
  /** The skill that reached it. */
  best?: string;
  threshold: number;
  /** How many skills were looked at. */
  looked: number;
  /** Each query term's weight and the credit the best skill earned for it (0–1: 1 in its metadata). */
  terms: Array<{ term: string; weight: number; credit: number }>;
}

/** A skill as the gate sees it: its document and the query terms found in its metadata. */
export interface GateCandidate {
  doc: StoredDoc;
  found: ReadonlySet<string>;
}

/** Reads the counts of some terms in a skill's body (the index's `bodyCounts`), and the mean body length. */
export interface BodyReader {
  counts(ref: number, terms: readonly string[]): BodyCounts;
  averageLength: number;
}

/**
 * A skill's share of the query. Each term weighs its IDF over metadata and bodies alike (a word only
 * bodies use is not rare for it); a term in the skill's metadata counts in full, one found only in its
 * body counts up to `bodyCoverage`, more the more often the body says it (relative to its length).
 */
export function gateCoverage(
  c: GateCandidate,
  query: PreparedQuery,
  settings: GateSettings,
  body: BodyReader,
): { share: number; terms: GateVerdict['terms'] } {
  const inBody = body.counts(
    c.doc.ref,
    query.terms.filter((t) => !c.found.has(t)),
  );
  const norm = body.averageLength > 0 ? 0.25 + (0.75 * inBody.length) / body.averageLength : 1;
  let found = 0;
  let total = 0;
  const terms: GateVerdict['terms'] = [];
  for (const t of query.terms) {
    const w = query.anyIdf.get(t) ?? 0;
    total += w;
    let credit = 0;
    if (c.found.has(t)) credit = 1;
    else {
      const tf = inBody.counts.get(t) ?? 0;
      const k = settings.bodySaturation;
      if (tf > 0) credit = settings.bodyCoverage * (k > 0 ? tf / (tf + k * norm) : 1);
    }
    found += w * credit;
    terms.push({ term: t, weight: w, credit });
  }
  return { share: total === 0 ? 0 : found / total, terms };
}

/** Judge the ranked skills (best first): `ok` as soon as one of the best `depth` clears the threshold. */
export function judge(
  ranked: readonly GateCandidate[],
  query: PreparedQuery,
  settings: GateSettings,
  body: BodyReader,
): GateVerdict {
  let best = 0;
  let bestId: string | undefined;
  let bestTerms: GateVerdict['terms'] = [];
  let looked = 0;
  for (const c of ranked.slice(0, Math.max(1, settings.depth))) {
    looked++;
    const { share, terms } = gateCoverage(c, query, settings, body);
    if (share > best || bestId === undefined) {
      best = share;
      bestId = c.doc.id;
      bestTerms = terms;
    }
    if (share >= settings.minCoverage) break;
  }
  const round = (n: number): number => Math.round(n * 1e4) / 1e4;
  return {
    verdict: looked > 0 && best >= settings.minCoverage ? 'ok' : 'none',
    coverage: round(best),
    ...(bestId ? { best: bestId } : {}),
    threshold: settings.minCoverage,
    looked,
    terms: bestTerms.map((t) => ({
      term: t.term,
      weight: round(t.weight),
      credit: round(t.credit),
    })),
  };
}
