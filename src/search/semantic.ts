// The semantic pass: each skill's vector, kept in the index by model and content hash (only new
// contents are embedded), held in memory per content version of the index, and the skills nearest a
// query's vector. The model-free model is learned from the index itself and kept with it, relearned
// only when enough of the library has changed.

import { createHash } from 'node:crypto';
import { SkillsetError } from '../errors.js';
import type { DenseVectors } from './dense.js';
import { decodeTermModel, learnTermModel, type SemanticModel } from './embedder.js';
import type { SearchIndexStore, SemanticSource } from './index-store.js';

/** The learned model is kept while at most this share of the library differs from what it learned. */
const RELEARN_ABOVE = 0.1;

/** Query vectors kept per process, per model. */
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

/**
 * Runs a save into the index; a failure (a read-only file) is a warning, the pass goes on in memory.
 * `tell` says what is being done (a long learning).
 */
type Keep = ((what: string, save: () => Promise<boolean>) => Promise<void>) & {
  tell?: (what: string, skills: number) => void;
};

/** Is `e` a model that cannot be had (or stopped answering)? The pass goes on without it. */
const isUnavailable = (e: unknown): e is SkillsetError =>
  e instanceof SkillsetError && e.code === 'search/model-unavailable';

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
  keep.tell?.('learning word meaning from', sources.length);
  const model = learnTermModel(await store.semanticSources(true));
  await keep('the learned term space', () =>
    store.saveLearnedModel(TERM_MODEL, { from: hashes, data: model.encode() }),
  );
  return { model, learned: true };
};

/** Read, embed what is missing and keep the vectors of every skill the store holds. */
async function loadVectors(
  store: SearchIndexStore,
  sources: readonly SemanticSource[],
  model: SemanticModel,
  keep: Keep,
  progress: SemanticProgress | undefined,
): Promise<DenseVectors> {
  const kept = await store.storedVectors(model.id);
  const missing = sources.filter((s) => kept.get(s.hash)?.length !== model.dimensions);
  if (missing.length > 0) {
    const add = new Map<string, Float32Array>();
    // A chunk at a time, so a slow model can say how far it is.
    for (let i = 0; i < missing.length; i += EMBED_CHUNK) {
      const chunk = missing.slice(i, i + EMBED_CHUNK);
      const made = await model.embedSkills(chunk);
      for (const [j, s] of chunk.entries()) add.set(s.hash, made[j] as Float32Array);
      progress?.(
        Math.min(missing.length, i + EMBED_CHUNK),
        missing.length,
        `embedding (${model.id})`,
      );
    }
    for (const [hash, v] of add) kept.set(hash, v);
    await keep('the skills’ vectors', () => store.saveVectors(model.id, add));
  }
  const d = model.dimensions;
  const vectors = new Float32Array(sources.length * d);
  for (const [i, s] of sources.entries()) vectors.set(kept.get(s.hash) as Float32Array, i * d);
  const refs = Int32Array.from(sources, (s) => s.ref);
  return { model, refs, vectors, rows: new Map(sources.map((s, i) => [s.ref, i])) };
}

/** Told what the pass is doing: learning (0 of the skills done), then each model's embedding. */
export type SemanticProgress = (done: number, total: number, what: string) => void;

/** Skills embedded per call to a model. */
const EMBED_CHUNK = 64;

/** What the pass did to get ready, when it made anything (its callers and tests read it). */
export interface SemanticReady {
  models: string[];
  learned: boolean;
  skills: number;
}

/** What the pass warns of. */
export type SemanticWarning = 'index/semantic-unsaved' | 'search/model-unavailable';

/** The pass's options. */
export interface SemanticPassOptions {
  /**
   * Told once per failed save into the index (`index/semantic-unsaved`), and once per model that
   * cannot be had (`search/model-unavailable`; `off` when no model is left, so the pass is off).
   */
  warn?: (code: SemanticWarning, message: string, off?: boolean) => void;
  /** The models whose cosines are averaged (default: the model-free one). */
  providers?: readonly ModelProvider[];
  progress?: SemanticProgress;
}

/**
 * The semantic pass over one store: ready (models and vectors) for the store's current contents,
 * made again when they change; query vectors cached. A model that cannot be had (an optional
 * package not installed, an endpoint down) is warned of and left out until the contents change.
 */
export class SemanticPass {
  private state: { version: string; sets: DenseVectors[] } | undefined;
  private readonly queries = new Map<string, Float32Array>();
  private readonly warn: NonNullable<SemanticPassOptions['warn']>;
  /** Every model asked for: one that cannot be had is tried again when the contents change. */
  private readonly providers: readonly ModelProvider[];

  constructor(private readonly options: SemanticPassOptions = {}) {
    this.warn = options.warn ?? (() => {});
    this.providers = options.providers ?? [termModelFor];
  }

  private readonly keep: Keep = Object.assign(
    async (what: string, save: () => Promise<boolean>) => {
      try {
        await save();
      } catch (e) {
        this.warn(
          'index/semantic-unsaved',
          `${what} could not be kept in the index (${(e as Error).message}); made again by the next process`,
        );
      }
    },
    { tell: (what: string, skills: number) => this.options.progress?.(0, skills, what) },
  );

  /**
   * Each model's vectors for the store's current contents (made on the first need after a change).
   * A model that cannot be had, or fails while embedding the skills, is warned of and left out.
   */
  async ready(store: SearchIndexStore): Promise<{ sets: DenseVectors[]; made?: SemanticReady }> {
    const version = await store.contentVersion();
    if (this.state?.version === version) return { sets: this.state.sets };
    const sources = await store.semanticSources(false);
    const had: Array<ModelFor & { provider: ModelProvider }> = [];
    const unavailable: SkillsetError[] = [];
    for (const provider of this.providers) {
      try {
        had.push({ ...(await provider(store, sources, this.keep)), provider });
      } catch (e) {
        if (!isUnavailable(e)) throw e;
        unavailable.push(e);
      }
    }
    const sets: DenseVectors[] = [];
    const usable: typeof had = [];
    for (const h of had) {
      try {
        sets.push(await loadVectors(store, sources, h.model, this.keep, this.options.progress));
        usable.push(h);
      } catch (e) {
        if (!isUnavailable(e)) throw e;
        unavailable.push(e);
      }
    }
    for (const e of unavailable)
      this.warn('search/model-unavailable', e.message, usable.length === 0);
    this.state = { version, sets };
    const learned = usable.some((h) => h.learned);
    return { sets, made: { models: sets.map((d) => d.model.id), learned, skills: sources.length } };
  }

  /** Has the pass a model for the contents it was last made ready for? If not, ranking is lexical. */
  get active(): boolean {
    return (this.state?.sets.length ?? 0) > 0;
  }

  /**
   * The query's vector from each model of `sets`, and the sets that gave one. A model that fails now
   * (an endpoint gone) is warned of and left out until the contents change: the answer never fails
   * for it.
   */
  async queryVectors(
    sets: readonly DenseVectors[],
    text: string,
    terms: readonly string[],
  ): Promise<{ sets: DenseVectors[]; qs: Float32Array[] }> {
    const out: { sets: DenseVectors[]; qs: Float32Array[] } = { sets: [], qs: [] };
    for (const d of sets) {
      try {
        out.qs.push(await this.queryVector(d.model, text, terms));
        out.sets.push(d);
      } catch (e) {
        if (!isUnavailable(e)) throw e;
        if (this.state) this.state.sets = this.state.sets.filter((s) => s !== d);
        this.warn('search/model-unavailable', e.message, !this.active);
      }
    }
    return out;
  }

  /** The query's vector from `model`, cached per process. */
  async queryVector(
    model: SemanticModel,
    text: string,
    terms: readonly string[],
  ): Promise<Float32Array> {
    // Hashed: a key holds no client's text, however long.
    const key = createHash('sha256')
      .update(`${model.id}\0${text}\0${terms.join(' ')}`)
      .digest('base64');
    let v = this.queries.get(key);
    if (!v) {
      v = await model.embedQuery(text, terms);
      this.queries.set(key, v);
      if (this.queries.size > QUERY_CACHE * Math.max(1, this.providers.length))
        this.queries.delete(this.queries.keys().next().value as string);
    }
    return v;
  }
}
