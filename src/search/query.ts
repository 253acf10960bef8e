// A query, prepared once: its terms, their weights over the index, word pairs, and what the body is asked.

import { InternalError } from '../errors.js';
import { nameKey, nameKeyOf } from './document.js';
import { editBound } from './fuzzy.js';
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
  /** The IDF of a term no skill holds: the most a term can weigh in this library. */
  maxIdf: number;
  /** How many skills the library holds. */
  docCount: number;
  /** Adjacent term pairs. */
  pairs: QueryPair[];
  /** Whether the last term is matched as a prefix (the query does not end in a space). */
  prefixLast: boolean;
  /** The terms asked of the body table (those in at most `bodyMaxShare` of the bodies), within the posting budget. */
  bodyTerms: string[];
  /** The terms asked of the metadata table, within the posting budget. */
  metaTerms: string[];
  /** The query as a name key (`nameKeyOf`): a skill whose name has exactly these terms is what it names. */
  nameKey: string;
  /** Query words the library never uses, each matched to the indexed term a typo away (now in `terms`). */
  corrections: Correction[];
  /** Terms no skill holds and no correction found: they weigh less in the gate (see gate.ts). */
  unknown: ReadonlySet<string>;
}

/** A query term the library never uses, replaced by the indexed term `distance` edits away. */
export interface Correction {
  from: string;
  to: string;
  distance: number;
  /** What the corrected term's weight is multiplied by. */
  weight: number;
}

/** How corrections are made and weighed. */
export interface TypoSettings {
  /** A corrected term's weight is multiplied by this, once per edit (0: no corrections). */
  typoWeight: number;
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

/**
 * Each term's document frequency per table, read from the index ahead of the synchronous steps that
 * use it (`fetch`), then looked up (`df`): the identifier check, the weights and the budget share it.
 */
function frequencies(store: Pick<SearchIndexStore, 'documentFrequency'>) {
  const seen = { meta: new Map<string, number>(), body: new Map<string, number>() };
  return {
    async fetch(terms: Iterable<string>): Promise<void> {
      for (const t of terms)
        for (const table of ['meta', 'body'] as const)
          if (!seen[table].has(t)) seen[table].set(t, await store.documentFrequency(table, t));
    },
    df(table: 'meta' | 'body', t: string): number {
      const n = seen[table].get(t);
      if (n === undefined) throw new InternalError(`The frequency of \`${t}\` was not read first`);
      return n;
    },
  };
}

/** Tokenise a query and read the statistics ranking needs from the index. */
export async function prepareQuery(
  text: string,
  store: Pick<SearchIndexStore, 'docCount' | 'documentFrequency' | 'nearTerms'>,
  limits: RetrievalLimits & TypoSettings,
): Promise<PreparedQuery> {
  const { fetch, df } = frequencies(store);
  const dfMeta = (t: string): number => df('meta', t);
  const dfBody = (t: string): number => df('body', t);
  const known = (t: string): boolean => dfMeta(t) > 0 || dfBody(t) > 0;
  // Which identifiers the terms depend on does not depend on the answers: ask, read, then decide.
  const asked: string[] = [];
  queryTerms(text, (t) => {
    asked.push(t);
    return false;
  });
  await fetch(asked);
  const split = queryTerms(text, known);
  await fetch(split);
  const { terms, corrections, unknown } = await correct(
    text,
    split,
    known,
    store,
    limits.typoWeight,
  );
  await fetch(terms);
  const n = await store.docCount();
  const idf = new Map<string, number>();
  const anyIdf = new Map<string, number>();
  const weigh = (d: number): number => {
    const x = Math.max(0, d);
    return Math.log(1 + (n - x + 0.5) / (x + 0.5));
  };
  const typo = new Map(corrections.map((c) => [c.to, c.weight]));
  for (const t of terms) {
    const w = typo.get(t) ?? 1;
    idf.set(t, w * weigh(dfMeta(t)));
    anyIdf.set(t, w * weigh(Math.max(dfMeta(t), dfBody(t))));
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
    maxIdf: weigh(0),
    docCount: n,
    pairs: terms.slice(1).map((t, i): QueryPair => [terms[i] as string, t]),
    prefixLast: !/\s$/.test(text),
    bodyTerms: withinBudget(bodyAsked, dfBody, limits.postingBudget),
    metaTerms: withinBudget(terms, dfMeta, limits.postingBudget),
    nameKey: correctedKey(nameKeyOf(text), corrections),
    corrections,
    unknown,
  };
}

/** A name key with its misspelled terms corrected: `govenor limits` names `governor-limits`. */
function correctedKey(key: string, corrections: readonly Correction[]): string {
  if (corrections.length === 0 || key === '') return key;
  const to = new Map(corrections.map((c) => [c.from, c.to]));
  return nameKey(key.split(' ').map((t) => to.get(t) ?? t));
}

/**
 * Replace each term no skill holds by the nearest indexed term within its edit bound (`editBound`),
 * unless the query already has that term. What stays unmatched is `unknown`.
 */
async function correct(
  text: string,
  terms: readonly string[],
  known: (t: string) => boolean,
  store: Pick<SearchIndexStore, 'nearTerms'>,
  typoWeight: number,
): Promise<{ terms: string[]; corrections: Correction[]; unknown: Set<string> }> {
  // The word each term was typed as (plain words only), for the spellings one edit from it; read
  // only when some term is unknown.
  let typed: Map<string, string> | undefined;
  const typedAs = (term: string): string | undefined => {
    if (!typed) {
      typed = new Map();
      for (const w of words(text)) {
        const [t, more] = tokenize(w);
        if (t !== undefined && more === undefined && /^[a-z]+$/i.test(w))
          typed.set(t, w.toLowerCase());
      }
    }
    return typed.get(term);
  };
  const out: string[] = [];
  const corrections: Correction[] = [];
  const unknown = new Set<string>();
  for (const t of terms) {
    if (known(t)) {
      out.push(t);
      continue;
    }
    // The bound follows the word as typed: `queus` (5 letters) stems to `queu` (4).
    const word = typedAs(t);
    const bound = Math.max(editBound(t), word === undefined ? 0 : editBound(word));
    const near = typoWeight > 0 ? (await store.nearTerms(t, bound, word))[0] : undefined;
    if (near && !terms.includes(near.term) && !out.includes(near.term)) {
      out.push(near.term);
      corrections.push({
        from: t,
        to: near.term,
        distance: near.distance,
        weight: typoWeight ** near.distance,
      });
    } else {
      out.push(t);
      unknown.add(t);
    }
  }
  return { terms: out, corrections, unknown };
}
