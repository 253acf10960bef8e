// The semantic pass's vectors in memory: each model's vectors of the skills in one block, a skill's
// cosine with a query (the mean over the models), and the skills nearest a query.

import type { SemanticModel } from './embedder.js';

/** One model's vectors of the skills, in one block by row; `refs[i]` is row i's document. */
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

/** Row `row`'s cosine with `q` (both unit vectors). */
function dot(dense: DenseVectors, q: Float32Array, row: number): number {
  const d = dense.model.dimensions;
  let s = 0;
  for (let j = 0; j < d; j++) s += (dense.vectors[row * d + j] as number) * (q[j] as number);
  return s;
}

/** The skill at `ref`'s cosine with the query: the mean over the models (0 for a ref with no vector). */
export function cosineAt(
  sets: readonly DenseVectors[],
  qs: readonly Float32Array[],
  ref: number,
): number {
  let s = 0;
  for (const [m, dense] of sets.entries()) {
    const row = dense.rows.get(ref);
    if (row !== undefined) s += dot(dense, qs[m] as Float32Array, row);
  }
  return sets.length === 0 ? 0 : s / sets.length;
}

/** The `k` skills nearest the query (mean cosine over the models, best first, ties by ref), those above 0 only. */
export function nearest(
  sets: readonly DenseVectors[],
  qs: readonly Float32Array[],
  k: number,
): Near[] {
  const first = sets[0];
  if (!first || k <= 0) return [];
  // The best k so far, best first: a skill that beats the worst of them is put in its place. Most
  // skills of a large library do not, and cost one comparison.
  const best: Near[] = [];
  const before = (a: Near, b: Near): boolean =>
    a.cosine > b.cosine || (a.cosine === b.cosine && a.ref < b.ref);
  // Every model's rows are the same skills in the same order (loadVectors).
  for (let i = 0; i < first.refs.length; i++) {
    let s = 0;
    for (let m = 0; m < sets.length; m++)
      s += dot(sets[m] as DenseVectors, qs[m] as Float32Array, i);
    if (s <= 0) continue;
    const near = { ref: first.refs[i] as number, cosine: s / sets.length };
    if (best.length === k && !before(near, best[k - 1] as Near)) continue;
    let at = best.length === k ? k - 1 : best.length;
    while (at > 0 && before(near, best[at - 1] as Near)) {
      best[at] = best[at - 1] as Near;
      at--;
    }
    best[at] = near;
  }
  return best;
}
