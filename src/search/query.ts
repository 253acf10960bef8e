// A query, prepared once: its terms, their weights over the index, word pairs, and what the body is asked.

import type { SearchIndexStore } from './index-store.js';
import { tokenize } from './tokenize.js';

const MAX_TERMS = 32;

/** Two adjacent query terms. */
export type QueryPair = readonly [string, string];

/** What every ranking part reads of a query. */
export interface PreparedQuery {
  text: string;
  /** Unique terms, in order, at most 32. */
  terms: string[];
  termSet: ReadonlySet<string>;
  /** Inverse document frequency of each term over the metadata. */
  idf: ReadonlyMap<string, number>;
  /** The sum of the terms' IDF (1 when it would be 0). */
  totalIdf: number;
  /** Adjacent term pairs. */
  pairs: QueryPair[];
  /** Whether the last term is matched as a prefix (the query does not end in a space). */
  prefixLast: boolean;
  /** The terms asked of the body table (those in at most `bodyMaxShare` of the bodies). */
  bodyTerms: string[];
}

/** The terms of a query (unique, in order), at most 32. */
export function queryTerms(query: string): string[] {
  return [...new Set(tokenize(query))].slice(0, MAX_TERMS);
}

/** Tokenise a query and read the statistics ranking needs from the index. */
export function prepareQuery(
  text: string,
  store: Pick<SearchIndexStore, 'docCount' | 'documentFrequency'>,
  bodyMaxShare: number,
): PreparedQuery {
  const terms = queryTerms(text);
  const n = store.docCount();
  const idf = new Map<string, number>();
  for (const t of terms) {
    const df = store.documentFrequency('meta', t);
    idf.set(t, Math.log(1 + (n - df + 0.5) / (df + 0.5)));
  }
  const maxDf = bodyMaxShare * n;
  return {
    text,
    terms,
    termSet: new Set(terms),
    idf,
    totalIdf: terms.reduce((a, t) => a + (idf.get(t) ?? 0), 0) || 1,
    pairs: terms.slice(1).map((t, i): QueryPair => [terms[i] as string, t]),
    prefixLast: !/\s$/.test(text),
    bodyTerms:
      terms.length === 0 ? [] : terms.filter((t) => store.documentFrequency('body', t) <= maxDf),
  };
}
