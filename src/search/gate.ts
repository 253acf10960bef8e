// The coverage gate: `none` when none of the best skills covers enough of the query.

import type { StoredDoc } from './index-store.js';
import type { PreparedQuery } from './query.js';

/** The gate's settings. */
export interface GateSettings {
  /** `none` when no skill among the best `depth` covers this share of the (IDF-weighted) query. */
  minCoverage: number;
  /** How many of the best skills the gate looks at. */
  depth: number;
  /** A query term found only in the body counts this much (1 in metadata). */
  bodyCoverage: number;
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
}

/** A skill as the gate sees it: its document and the query terms found in its metadata. */
export interface GateCandidate {
  doc: StoredDoc;
  found: ReadonlySet<string>;
}

/** Reads which of some terms a skill's body holds (the index's `bodyHolds`). */
export type BodyReader = (ref: number, terms: readonly string[]) => ReadonlySet<string>;

/** A skill's share of the query: metadata terms in full, terms found only in its body at `bodyCoverage`. */
export function gateCoverage(
  c: GateCandidate,
  query: PreparedQuery,
  bodyCoverage: number,
  body: BodyReader,
): number {
  const inBody = body(
    c.doc.ref,
    query.terms.filter((t) => !c.found.has(t)),
  );
  let found = 0;
  for (const t of query.terms) {
    if (c.found.has(t)) found += query.idf.get(t) ?? 0;
    else if (inBody.has(t)) found += (query.idf.get(t) ?? 0) * bodyCoverage;
  }
  return found / query.totalIdf;
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
  const top = ranked.slice(0, Math.max(1, settings.depth));
  let looked = 0;
  for (const c of top) {
    looked++;
    const share = gateCoverage(c, query, settings.bodyCoverage, body);
    if (share > best) {
      best = share;
      bestId = c.doc.id;
    }
    if (share >= settings.minCoverage) break;
  }
  const verdict = best >= settings.minCoverage && looked > 0 ? 'ok' : 'none';
  return {
    verdict,
    coverage: best,
    ...(bestId ? { best: bestId } : {}),
    threshold: settings.minCoverage,
    looked,
  };
}
