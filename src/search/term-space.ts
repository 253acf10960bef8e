// Word meaning without a model: term associations learned from a library's own text. Each context (a
// skill's metadata, a body section) is a column of a term × context matrix, weighted by PPMI or
// TF-IDF; its truncated SVD gives every term a vector (LSA), and a text's vector is the IDF-weighted
// sum of its terms' vectors.

import { type SparseMatrix, truncatedSvd } from './truncated-svd.js';

/** How a term × context count is weighted before the SVD. */
export type TermWeighting = 'ppmi' | 'tfidf';

/** Options for learnTermSpace. */
export interface TermSpaceOptions {
  /** Vector size (default 128; fewer when the library has fewer terms or contexts). */
  dimensions?: number;
  weighting?: TermWeighting;
  /** Terms in fewer contexts are left out (default 2). */
  minContexts?: number;
}

/** Terms and their vectors, learned from a library's text. */
export interface TermSpace {
  dimensions: number;
  /** Row of each known term in `vectors`. */
  terms: Map<string, number>;
  /** One row of `dimensions` per term. */
  vectors: Float32Array;
  /** Each term's inverse context frequency. */
  idf: Float32Array;
}

/** Counts of each term in each context, the vocabulary sorted (so the output never depends on input order of terms). */
function countTerms(
  contexts: readonly (readonly string[])[],
  minContexts: number,
): { terms: string[]; counts: Map<number, number>[]; df: Uint32Array } {
  const df = new Map<string, number>();
  for (const c of contexts) for (const t of new Set(c)) df.set(t, (df.get(t) ?? 0) + 1);
  const terms = [...df]
    .filter(([, n]) => n >= minContexts)
    .map(([t]) => t)
    .sort();
  const row = new Map(terms.map((t, i) => [t, i]));
  const counts = contexts.map((c) => {
    const m = new Map<number, number>();
    for (const t of c) {
      const r = row.get(t);
      if (r !== undefined) m.set(r, (m.get(r) ?? 0) + 1);
    }
    return m;
  });
  return { terms, counts, df: Uint32Array.from(terms, (t) => df.get(t) as number) };
}

/** The weighted term × context matrix. */
function weigh(
  counts: readonly Map<number, number>[],
  termCount: number,
  df: Uint32Array,
  weighting: TermWeighting,
): SparseMatrix {
  const n = counts.length;
  const termTotal = new Float64Array(termCount);
  const contextTotal = counts.map((m) => [...m.values()].reduce((a, b) => a + b, 0));
  for (const m of counts) for (const [t, c] of m) termTotal[t] = (termTotal[t] as number) + c;
  const total = contextTotal.reduce((a, b) => a + b, 0);
  // Context-distribution smoothing (α = 0.75) keeps rare contexts from inflating PMI.
  const smoothed = contextTotal.map((c) => c ** 0.75);
  const smoothedTotal = smoothed.reduce((a, b) => a + b, 0);
  const row: number[] = [];
  const col: number[] = [];
  const value: number[] = [];
  counts.forEach((m, c) => {
    for (const [t, k] of [...m].sort((a, b) => a[0] - b[0])) {
      const w =
        weighting === 'tfidf'
          ? Math.log1p(k) * Math.log(n / (df[t] as number))
          : Math.log(
              k /
                total /
                (((termTotal[t] as number) / total) * ((smoothed[c] as number) / smoothedTotal)),
            );
      if (w <= 0) continue;
      row.push(t);
      col.push(c);
      value.push(w);
    }
  });
  return {
    rows: termCount,
    cols: n,
    row: Uint32Array.from(row),
    col: Uint32Array.from(col),
    value: Float64Array.from(value),
  };
}

/** Learn a term space from contexts, each a list of terms (tokenize's output). Deterministic. */
export function learnTermSpace(
  contexts: readonly (readonly string[])[],
  options: TermSpaceOptions = {},
): TermSpace {
  const { terms, counts, df } = countTerms(contexts, options.minContexts ?? 2);
  const matrix = weigh(counts, terms.length, df, options.weighting ?? 'ppmi');
  const want = Math.max(1, Math.min(options.dimensions ?? 128, terms.length, contexts.length));
  const { u, k } = truncatedSvd(matrix, want);
  const vectors = new Float32Array(terms.length * k);
  for (let t = 0; t < terms.length; t++) {
    // Each term's vector has unit length: a frequent term does not outweigh the others by size alone.
    let s = 0;
    for (let j = 0; j < k; j++) s += (u[t * k + j] as number) ** 2;
    const norm = Math.sqrt(s) || 1;
    for (let j = 0; j < k; j++) vectors[t * k + j] = (u[t * k + j] as number) / norm;
  }
  const n = contexts.length;
  return {
    dimensions: k,
    terms: new Map(terms.map((t, i) => [t, i])),
    vectors,
    idf: Float32Array.from(df, (d) => Math.log(1 + n / d)),
  };
}

/** A text's vector: the IDF-weighted sum of its known terms' vectors, unit length (zero when none is known). */
export function embedTerms(space: TermSpace, terms: readonly string[]): Float32Array {
  const k = space.dimensions;
  const sum = new Float64Array(k);
  for (const t of terms) {
    const r = space.terms.get(t);
    if (r === undefined) continue;
    const w = space.idf[r] as number;
    for (let j = 0; j < k; j++)
      sum[j] = (sum[j] as number) + w * (space.vectors[r * k + j] as number);
  }
  let s = 0;
  for (const x of sum) s += x * x;
  const norm = Math.sqrt(s);
  return Float32Array.from(sum, (x) => (norm > 0 ? x / norm : 0));
}
