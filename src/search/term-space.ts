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

/**
 * Counts of each term in each context, by context: the entries of context `c` are `start[c]` to
 * `start[c + 1]`, by term row ascending. Typed arrays, not a map a context: a large library has
 * millions of entries.
 */
interface Counts {
  start: Uint32Array;
  term: Uint32Array;
  count: Uint32Array;
}

/** Contexts, each a list of terms: an array, or a function that gives them afresh on each call. */
export type Contexts = readonly (readonly string[])[] | (() => Iterable<readonly string[]>);

/** The counts, the vocabulary sorted (so the output never depends on input order of terms). */
function countTerms(
  contexts: Contexts,
  minContexts: number,
): { terms: string[]; counts: Counts; df: Uint32Array } {
  // Read twice: once for the vocabulary and the sizes, once for the counts.
  const each = typeof contexts === 'function' ? contexts : () => contexts;
  const df = new Map<string, number>();
  let n = 0;
  let size = 0;
  for (const c of each()) {
    n++;
    size += c.length;
    for (const t of new Set(c)) df.set(t, (df.get(t) ?? 0) + 1);
  }
  const terms = [...df]
    .filter(([, n]) => n >= minContexts)
    .map(([t]) => t)
    .sort();
  const row = new Map(terms.map((t, i) => [t, i]));
  const start = new Uint32Array(n + 1);
  const term = new Uint32Array(size);
  const count = new Uint32Array(size);
  let at = 0;
  let i = 0;
  for (const c of each()) {
    const rows: number[] = [];
    for (const t of c) {
      const r = row.get(t);
      if (r !== undefined) rows.push(r);
    }
    rows.sort((a, b) => a - b);
    for (let k = 0; k < rows.length; k++) {
      if (k > 0 && rows[k] === rows[k - 1]) count[at - 1] = (count[at - 1] as number) + 1;
      else {
        term[at] = rows[k] as number;
        count[at] = 1;
        at++;
      }
    }
    start[++i] = at;
  }
  return {
    terms,
    counts: { start, term: term.subarray(0, at), count: count.subarray(0, at) },
    df: Uint32Array.from(terms, (t) => df.get(t) as number),
  };
}

/** The weighted term × context matrix. */
function weigh(
  counts: Counts,
  termCount: number,
  df: Uint32Array,
  weighting: TermWeighting,
): SparseMatrix {
  const n = counts.start.length - 1;
  const termTotal = new Float64Array(termCount);
  const contextTotal = new Float64Array(n);
  for (let c = 0; c < n; c++)
    for (let e = counts.start[c] as number; e < (counts.start[c + 1] as number); e++) {
      const t = counts.term[e] as number;
      const k = counts.count[e] as number;
      termTotal[t] = (termTotal[t] as number) + k;
      contextTotal[c] = (contextTotal[c] as number) + k;
    }
  const total = contextTotal.reduce((a, b) => a + b, 0);
  // Context-distribution smoothing (α = 0.75) keeps rare contexts from inflating PMI.
  const smoothed = contextTotal.map((c) => c ** 0.75);
  const smoothedTotal = smoothed.reduce((a, b) => a + b, 0);
  const size = counts.term.length;
  const row = new Uint32Array(size);
  const col = new Uint32Array(size);
  const value = new Float64Array(size);
  let at = 0;
  for (let c = 0; c < n; c++)
    for (let e = counts.start[c] as number; e < (counts.start[c + 1] as number); e++) {
      const t = counts.term[e] as number;
      const k = counts.count[e] as number;
      const w =
        weighting === 'tfidf'
          ? Math.log1p(k) * Math.log(n / (df[t] as number))
          : Math.log(
              k /
                total /
                (((termTotal[t] as number) / total) * ((smoothed[c] as number) / smoothedTotal)),
            );
      if (w <= 0) continue;
      row[at] = t;
      col[at] = c;
      value[at] = w;
      at++;
    }
  return {
    rows: termCount,
    cols: n,
    row: row.subarray(0, at),
    col: col.subarray(0, at),
    value: value.subarray(0, at),
  };
}

/** Learn a term space from contexts, each a list of terms (tokenize's output). Deterministic. */
export function learnTermSpace(contexts: Contexts, options: TermSpaceOptions = {}): TermSpace {
  const { terms, counts, df } = countTerms(contexts, options.minContexts ?? 2);
  const matrix = weigh(counts, terms.length, df, options.weighting ?? 'ppmi');
  const want = Math.max(
    1,
    Math.min(options.dimensions ?? 128, terms.length, counts.start.length - 1),
  );
  const { u, k } = truncatedSvd(matrix, want);
  const vectors = new Float32Array(terms.length * k);
  for (let t = 0; t < terms.length; t++) {
    // Each term's vector has unit length: a frequent term does not outweigh the others by size alone.
    let s = 0;
    for (let j = 0; j < k; j++) s += (u[t * k + j] as number) ** 2;
    const norm = Math.sqrt(s) || 1;
    for (let j = 0; j < k; j++) vectors[t * k + j] = (u[t * k + j] as number) / norm;
  }
  const n = counts.start.length - 1;
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

/** A term space as bytes, to keep with the index: a JSON header, then the vectors and the IDFs. */
export function encodeTermSpace(space: TermSpace): Uint8Array {
  const header = Buffer.from(
    JSON.stringify({ dimensions: space.dimensions, terms: [...space.terms.keys()] }),
  );
  // The floats start at a multiple of 4 bytes, so they can be read in place.
  const at = 4 + Math.ceil(header.length / 4) * 4;
  const out = new Uint8Array(at + space.vectors.byteLength + space.idf.byteLength);
  new DataView(out.buffer).setUint32(0, header.length, true);
  out.set(header, 4);
  out.set(
    new Uint8Array(space.vectors.buffer, space.vectors.byteOffset, space.vectors.byteLength),
    at,
  );
  out.set(
    new Uint8Array(space.idf.buffer, space.idf.byteOffset, space.idf.byteLength),
    at + space.vectors.byteLength,
  );
  return out;
}

/** The term space encodeTermSpace wrote; undefined for bytes that are not one (damaged). */
export function decodeTermSpace(bytes: Uint8Array): TermSpace | undefined {
  try {
    const copy = new Uint8Array(bytes);
    const length = new DataView(copy.buffer).getUint32(0, true);
    const header = JSON.parse(Buffer.from(copy.subarray(4, 4 + length)).toString('utf8')) as {
      dimensions: number;
      terms: string[];
    };
    const at = 4 + Math.ceil(length / 4) * 4;
    const n = header.terms.length;
    const k = header.dimensions;
    if (copy.byteLength !== at + 4 * n * (k + 1)) return undefined;
    // Every float finite, or the bytes are damage: the space is learned again.
    const floats = new Float32Array(copy.buffer, at, n * (k + 1));
    if (!floats.every(Number.isFinite)) return undefined;
    return {
      dimensions: k,
      terms: new Map(header.terms.map((t, i) => [t, i])),
      vectors: floats.subarray(0, n * k),
      idf: floats.subarray(n * k),
    };
  } catch {
    return undefined;
  }
}
