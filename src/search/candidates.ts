// Ranking's first stage: candidate sources. Each source adds the skills it finds for a query to one
// pool, with its scores; the lexical source (BM25 over metadata and bodies, and the skill the query
// names) always; the semantic pass's nearest skills (dense vectors) when it is on.

import { cosineAt, nearest } from './dense.js';
import type { SearchIndexStore, StoredDoc } from './index-store.js';
import type { PreparedQuery } from './query.js';
import type { RankSettings } from './rank-settings.js';
import type { SemanticPass } from './semantic.js';

/** The scores a candidate can carry, one per source channel. */
export type Channel = 'meta' | 'body' | 'dense';

/** A candidate: a document and its score on each channel (0 where the channel did not return it). */
export type Candidate = { doc: StoredDoc } & Record<Channel, number>;

/** The candidates found so far, in the order they were first found. */
export class CandidatePool {
  private readonly byRef = new Map<number, Candidate>();

  constructor(private readonly store: SearchIndexStore) {}

  /** Add the document at `ref` (a score on `channel` keeps the best one); a ref with no document is skipped. */
  async add(ref: number, channel?: Channel, score = 0): Promise<void> {
    let c = this.byRef.get(ref);
    if (!c) {
      const doc = await this.store.document(ref);
      if (!doc) return;
      c = { doc, meta: 0, body: 0, dense: 0 };
      this.byRef.set(ref, c);
    }
    if (channel) c[channel] = Math.max(c[channel], score);
  }

  /** Every candidate, in the order found. */
  all(): Candidate[] {
    return [...this.byRef.values()];
  }
}

/** A source of candidates: adds what it finds for `query` to `pool`. */
export interface CandidateSource {
  name: string;
  gather(
    store: SearchIndexStore,
    query: PreparedQuery,
    settings: RankSettings,
    pool: CandidatePool,
  ): Promise<void>;
}

/** BM25 over metadata (weighted columns) and over bodies, then the skills the query names. */
export const lexicalSource: CandidateSource = {
  name: 'lexical',
  async gather(store, query, settings, pool) {
    // The query's last word is a prefix only where it is still the last term asked.
    const asked = (terms: string[]) => ({
      terms,
      prefixLast: query.prefixLast && terms.at(-1) === query.terms.at(-1),
      limit: settings.candidates,
    });
    const metaHits = await store.candidates('meta', asked(query.metaTerms), settings.columns);
    const bodyHits = await store.candidates('body', asked(query.bodyTerms));
    for (const h of metaHits) await pool.add(h.ref, 'meta', h.score);
    for (const h of bodyHits) await pool.add(h.ref, 'body', h.score);
    // A skill the query names is a candidate even when its words are too common to be asked.
    for (const d of await store.documentsWithNameKey(query.nameKey)) await pool.add(d.ref);
  },
};

/**
 * The semantic pass (semantic.ts): every candidate found so far gets its cosine with the query, then
 * the skills nearest the query join them.
 */
export function denseSource(pass: SemanticPass): CandidateSource {
  return {
    name: 'semantic',
    async gather(store, query, settings, pool) {
      const ready = await pass.ready(store);
      // Only the models that answered the query: one that fails now leaves the answer lexical.
      const { sets, qs } = await pass.queryVectors(ready.sets, query.text, query.terms);
      for (const c of pool.all()) c.dense = cosineAt(sets, qs, c.doc.ref);
      for (const n of nearest(sets, qs, settings.candidates))
        await pool.add(n.ref, 'dense', n.cosine);
    },
  };
}

/** The sources ranking gathers from when the semantic pass is off. */
const SOURCES: readonly CandidateSource[] = [lexicalSource];

/** The union of every source's candidates, in the order they were found. */
export async function gatherCandidates(
  store: SearchIndexStore,
  query: PreparedQuery,
  settings: RankSettings,
  sources: readonly CandidateSource[] = SOURCES,
): Promise<Candidate[]> {
  const pool = new CandidatePool(store);
  for (const source of sources) await source.gather(store, query, settings, pool);
  return pool.all();
}
