// A query, prepared once: its terms, their weights over the index, word pairs, and what the body is asked.

import type { SearchIndexStore } from './index-store.js';
import { tokenize, words } from './tokenize.js';

const MAX_TERMS = 32;

/** Two adjacent query terms. */
export type QueryPair = readonly [string, string];

/** What every ranking part reads of a query. */
export interface PreparedQuery {
  text: string;
  /** Unique terms, in order, at most 32: the words every feature and the gate score on. */
  terms: string[];
  termSet: ReadonlySet<string>;
  /** Inverse document frequency of each term over the metadata. */
  idf: ReadonlyMap<string, number>;
  /** The sum of the terms' IDF (1 when it would be 0). */
  totalIdf: number;
  /** Inverse document frequency over metadata and bodies (a skill holding the term anywhere counts). */
  anyIdf: ReadonlyMap<string, number>;
  /** Adjacent term pairs. */
  pairs: QueryPair[];
  /** Whether the last term is matched as a prefix (the query does not end in a space). */
  prefixLast: boolean;
  /** The terms asked of the body table (those in at most `bodyMaxShare` of the bodies), within the posting budget. */
  bodyTerms: string[];
  /** The terms asked of the metadata table, within the posting budget. */
  metaTerms: string[];
}

/** How many candidate postings a query may ask of each table, and which terms it keeps. */
export interface RetrievalLimits {
  /** Terms found in more than this share of bodies are not asked of the body table. */
  bodyMaxShare: number;
  /**
   * The postings (documents per term, summed) a query may ask of one table. The rarest terms are
   * asked first; the two rarest always are. Real libraries of a few thousand skills stay under it,
   * so it only bounds the cost of common words in very large ones.
   */
  postingBudget: number;
}

/** The terms to ask, rarest first while their postings fit the budget (the two rarest always), in query order. */
export function withinBudget(
  terms: readonly string[],
  df: (t: string) => number,
  budget: number,
): string[] {
  const byRarity = [...terms].sort((a, b) => df(a) - df(b) || (a < b ? -1 : a > b ? 1 : 0));
  const keep = new Set<string>();
  let spent = 0;
  for (const t of byRarity) {
    const cost = df(t);
    if (keep.size >= 2 && spent + cost > budget) break;
    keep.add(t);
    spent += cost;
  }
  return terms.filter((t) => keep.has(t));
}

/**
 * The terms of a query (unique, in order, at most 32). A plain word gives its term. An identifier
 * (`with_sharing`, `DynamoDB`) that the library holds whole, in any skill's metadata or body, is kept
 * as the index has it; any other is scored on its words, so `python_testing` and `pythonTesting` score
 * as `python testing` when no skill says `python_testing`.
 */
export function queryTerms(
  query: string,
  knows: (identifier: string) => boolean = () => false,
): string[] {
  const terms: string[] = [];
  for (const word of words(query)) {
    const indexed = tokenize(word);
    const parts = tokenize(word, { camel: true, compounds: false });
    if ((indexed.length <= 1 && parts.length <= 1) || knows(indexed[0] as string))
      terms.push(...indexed);
    else terms.push(...parts);
  }
  return [...new Set(terms)].slice(0, MAX_TERMS);
}

/** Tokenise a query and read the statistics ranking needs from the index. */
export function prepareQuery(
  text: string,
  store: Pick<SearchIndexStore, 'docCount' | 'documentFrequency'>,
  limits: RetrievalLimits,
): PreparedQuery {
  // Each term's frequency is read once per table: the identifier check, the weights and the budget share it.
  const seen = { meta: new Map<string, number>(), body: new Map<string, number>() };
  const df = (table: 'meta' | 'body', t: string): number => {
    let n = seen[table].get(t);
    if (n === undefined) {
      n = store.documentFrequency(table, t);
      seen[table].set(t, n);
    }
    return n;
  };
  const dfMeta = (t: string): number => df('meta', t);
  const dfBody = (t: string): number => df('body', t);
  const terms = queryTerms(text, (t) => dfMeta(t) > 0 || dfBody(t) > 0);
  const n = store.docCount();
  const idf = new Map<string, number>();
  const anyIdf = new Map<string, number>();
  const weigh = (d: number): number => {
    const x = Math.max(0, d);
    return Math.log(1 + (n - x + 0.5) / (x + 0.5));
  };
  for (const t of terms) {
    idf.set(t, weigh(dfMeta(t)));
    anyIdf.set(t, weigh(Math.max(dfMeta(t), dfBody(t))));
  }
  const maxDf = limits.bodyMaxShare * n;
  const bodyAsked = terms.filter((t) => dfBody(t) <= maxDf);
  return {
    text,
    terms,
    termSet: new Set(terms),
    idf,
    totalIdf: terms.reduce((a, t) => a + (idf.get(t) ?? 0), 0) || 1,
    anyIdf,
    pairs: terms.slice(1).map((t, i): QueryPair => [terms[i] as string, t]),
    prefixLast: !/\s$/.test(text),
    bodyTerms: withinBudget(bodyAsked, dfBody, limits.postingBudget),
    metaTerms: withinBudget(terms, dfMeta, limits.postingBudget),
  };
}
