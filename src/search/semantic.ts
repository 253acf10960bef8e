// The semantic pass: each skill's vector, kept in the index by model and content hash (only new
// contents are embedded), held in memory per content version of the index, and the skills nearest a
// query's vector. The model-free model is learned from the index itself and kept with it, relearned
// only when enough of the library has changed.

import { decodeTermModel, learnTermModel, type SemanticModel } from './embedder.js';
import type { SearchIndexStore, SemanticSource } from './index-store.js';

/** The learned model is kept while at most this share of the library differs from what it learned. */
const RELEARN_ABOVE = 0.1;

/** Query vectors kept per process. */
const QUERY_CACHE = 256;

/** The kind the model-free model is kept under in the index. */
const TERM_MODEL = 'terms-ppmi-128';

/** A model for a store, and what having it cost (learned now, or read back). */
export interface ModelFor {
  model: SemanticModel;
  learned: boolean;
}

/** Finds the model for a store's current contents; `keep` saves what it learned (failures warned of). */
export type ModelProvider = (
  store: SearchIndexStore,
  sources: readonly SemanticSource[],
  keep: Keep,
) => Promise<ModelFor>;

/** Runs a save into the index; a failure (a read-only file) is a warning, the pass goes on in memory. */
type Keep = (what: string, save: () => Promise<boolean>) => Promise<void>;

/** Share of `a` ∪ `b` not in both. */
function drift(a: readonly string[], b: readonly string[]): number {
  const sa = new Set(a);
  const sb = new Set(b);
  let common = 0;
  for (const h of sa) if (sb.has(h)) common++;
  const all = sa.size + sb.size - common;
  return all === 0 ? 0 : 1 - common / all;
}

/**
 * The model-free model: the one kept with the index while the library is close to what it learned
 * from, else learned now from the index's own text (and kept, when the index can be written).
 */
export const termModelFor: ModelProvider = async (store, sources, keep) => {
  const hashes = sources.map((s) => s.hash).sort();
  const kept = await store.learnedModel(TERM_MODEL);
  if (kept && drift(kept.from, hashes) <= RELEARN_ABOVE) {
    const model = decodeTermModel(kept.data);
    if (model) return { model, learned: false };
  }
  const model = learnTermModel(await store.semanticSources(true));
  await keep('the learned term space', () =>
    store.saveLearnedModel(TERM_MODEL, { from: hashes, data: model.encode() }),
  );
  return { model, learned: true };
};

/** Skills' vectors in one block, by row; `refs[i]` is row i's document. */
export interface DenseVectors {
  model: SemanticModel;
  refs: Int32Array;
  vectors: Float32Array;
  /** Each ref's row. */
  rows: ReadonlyMap<number, number>;
}

/** A skill near a query: its document's ref and its cosine. */
export interface Near {
  ref: number;
  cosine: number;
}

/** The cosine of `q` and the skill at `ref` (0 for a ref with no vector). */
export function cosineAt(dense: DenseVectors, q: Float32Array, ref: number): number {
  const row = dense.rows.get(ref);
  if (row === undefined) return 0;
  const d = dense.model.dimensions;
  let s = 0;
  for (let j = 0; j < d; j++) s += (dense.vectors[row * d + j] as number) * (q[j] as number);
  return s;
}

/** The `k` rows nearest `q` (cosine, best first, ties by ref), those above 0 only. */
export function nearest(dense: DenseVectors, q: Float32Array, k: number): Near[] {
  const d = dense.model.dimensions;
  const out: Near[] = [];
  for (let i = 0; i < dense.refs.length; i++) {
    let s = 0;
    for (let j = 0; j < d; j++) s += (dense.vectors[i * d + j] as number) * (q[j] as number);
    if (s > 0) out.push({ ref: dense.refs[i] as number, cosine: s });
  }
  out.sort((a, b) => b.cosine - a.cosine || a.ref - b.ref);
  return out.slice(0, k);
}

/** Read, embed what is missing and keep the vectors of every skill the store holds. */
async function loadVectors(
  store: SearchIndexStore,
  sources: readonly SemanticSource[],
  model: SemanticModel,
  keep: Keep,
): Promise<DenseVectors> {
  const kept = await store.storedVectors(model.id);
  const missing = sources.filter((s) => kept.get(s.hash)?.length !== model.dimensions);
  if (missing.length > 0) {
    const made = await model.embedSkills(missing);
    const add = new Map(missing.map((s, i) => [s.hash, made[i] as Float32Array]));
    for (const [hash, v] of add) kept.set(hash, v);
    await keep('the skills’ vectors', () => store.saveVectors(model.id, add));
  }
  const d = model.dimensions;
  const vectors = new Float32Array(sources.length * d);
  for (const [i, s] of sources.entries()) vectors.set(kept.get(s.hash) as Float32Array, i * d);
  const refs = Int32Array.from(sources, (s) => s.ref);
  return { model, refs, vectors, rows: new Map(sources.map((s, i) => [s.ref, i])) };
}

/** What the pass did to get ready, for doctor and the progress line. */
export interface SemanticReady {
  model: string;
  learned: boolean;
  skills: number;
}

/**
 * The semantic pass over one store: ready (model and vectors) for the store's current contents,
 * made again when they change; query vectors cached.
 */
export class SemanticPass {
  private state: { version: string; dense: DenseVectors } | undefined;
  private readonly queries = new Map<string, Float32Array>();

  /**
   * @param warn told once per failed save into the index (the pass goes on without keeping it).
   */
  constructor(
    private readonly warn: (message: string) => void = () => {},
    private readonly provider: ModelProvider = termModelFor,
  ) {}

  private readonly keep: Keep = async (what, save) => {
    try {
      await save();
    } catch (e) {
      this.warn(
        `${what} could not be kept in the index (${(e as Error).message}); made again by the next process`,
      );
    }
  };

  /** The vectors for the store's current contents (made on the first need after a change). */
  async ready(store: SearchIndexStore): Promise<DenseVectors & { made?: SemanticReady }> {
    const version = await store.contentVersion();
    if (this.state?.version === version) return this.state.dense;
    const sources = await store.semanticSources(false);
    const { model, learned } = await this.provider(store, sources, this.keep);
    const dense = await loadVectors(store, sources, model, this.keep);
    if (this.state?.dense.model.id !== model.id) this.queries.clear();
    this.state = { version, dense };
    return { ...dense, made: { model: model.id, learned, skills: sources.length } };
  }

  /** The query's vector, cached per process by model and terms. */
  async queryVector(
    model: SemanticModel,
    text: string,
    terms: readonly string[],
  ): Promise<Float32Array> {
    const key = `${model.id}\0${text}\0${terms.join(' ')}`;
    let v = this.queries.get(key);
    if (!v) {
      v = await model.embedQuery(text, terms);
      this.queries.set(key, v);
      if (this.queries.size > QUERY_CACHE)
        this.queries.delete(this.queries.keys().next().value as string);
    }
    return v;
  }
}
