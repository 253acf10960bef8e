// The leading left singular vectors of a sparse matrix, by a randomized range finder with power
// iterations (Halko, Martinsson and Tropp, 2011): deterministic, the random start seeded.

import { seededAt } from '../util/seeded.js';

/** A sparse matrix of `rows` × `cols`, as parallel arrays of entries. */
export interface SparseMatrix {
  rows: number;
  cols: number;
  row: Uint32Array;
  col: Uint32Array;
  value: Float64Array;
}

/** A dense matrix, row-major. */
interface Dense {
  rows: number;
  cols: number;
  data: Float64Array;
}

/**
 * A · X (`transpose` false) or Aᵀ · X (true), X dense with `l` columns, written into `into` (a
 * buffer of the result's size, reused from one power iteration to the next).
 */
function multiply(a: SparseMatrix, x: Dense, transpose: boolean, into: Float64Array): Dense {
  const rows = transpose ? a.cols : a.rows;
  const l = x.cols;
  const out = into.fill(0);
  const from = transpose ? a.row : a.col;
  const to = transpose ? a.col : a.row;
  for (let e = 0; e < a.value.length; e++) {
    const v = a.value[e] as number;
    const src = (from[e] as number) * l;
    const dst = (to[e] as number) * l;
    for (let j = 0; j < l; j++)
      out[dst + j] = (out[dst + j] as number) + v * (x.data[src + j] as number);
  }
  return { rows, cols: l, data: out };
}

/**
 * A · Ω for the random start Ω (cols × l, entries uniform in [-1, 1), row-major from `seed`), each
 * entry made when it is used: Ω is never held, which for a library of many contexts is the largest
 * matrix of all.
 */
function multiplyRandom(a: SparseMatrix, l: number, seed: number): Dense {
  const out = new Float64Array(a.rows * l);
  for (let e = 0; e < a.value.length; e++) {
    const v = a.value[e] as number;
    const src = (a.col[e] as number) * l;
    const dst = (a.row[e] as number) * l;
    for (let j = 0; j < l; j++)
      out[dst + j] = (out[dst + j] as number) + v * (seededAt(seed, src + j) * 2 - 1);
  }
  return { rows: a.rows, cols: l, data: out };
}

/**
 * Orthonormalise the columns in place (modified Gram-Schmidt); a column that vanishes stays zero.
 * `scratch` (the matrix's size) holds the columns while they are worked on.
 */
function orthonormalise(m: Dense, scratch: Float64Array): Dense {
  const { rows, cols, data } = m;
  // Worked on column by column, so each column is contiguous.
  const columns: Float64Array[] = [];
  for (let j = 0; j < cols; j++) {
    const c = scratch.subarray(j * rows, (j + 1) * rows);
    for (let i = 0; i < rows; i++) c[i] = data[i * cols + j] as number;
    for (const prev of columns) {
      let d = 0;
      for (let i = 0; i < rows; i++) d += (c[i] as number) * (prev[i] as number);
      for (let i = 0; i < rows; i++) c[i] = (c[i] as number) - d * (prev[i] as number);
    }
    let n = 0;
    for (let i = 0; i < rows; i++) n += (c[i] as number) ** 2;
    n = Math.sqrt(n);
    for (let i = 0; i < rows; i++) c[i] = n > 1e-12 ? (c[i] as number) / n : 0;
    columns.push(c);
  }
  for (let j = 0; j < cols; j++) {
    const c = columns[j] as Float64Array;
    for (let i = 0; i < rows; i++) data[i * cols + j] = c[i] as number;
  }
  return m;
}

/** Eigenvalues and eigenvectors (columns) of a small symmetric matrix, by cyclic Jacobi rotations. */
function symmetricEigen(
  s: Float64Array,
  n: number,
): { values: Float64Array; vectors: Float64Array } {
  const a = Float64Array.from(s);
  const v = new Float64Array(n * n);
  for (let i = 0; i < n; i++) v[i * n + i] = 1;
  for (let sweep = 0; sweep < 60; sweep++) {
    let off = 0;
    for (let p = 0; p < n; p++)
      for (let q = p + 1; q < n; q++) off += (a[p * n + q] as number) ** 2;
    if (off < 1e-22) break;
    for (let p = 0; p < n; p++)
      for (let q = p + 1; q < n; q++) {
        const apq = a[p * n + q] as number;
        if (Math.abs(apq) < 1e-300) continue;
        const theta = ((a[q * n + q] as number) - (a[p * n + p] as number)) / (2 * apq);
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(t * t + 1);
        const sn = t * c;
        for (let k = 0; k < n; k++) {
          const akp = a[k * n + p] as number;
          const akq = a[k * n + q] as number;
          a[k * n + p] = c * akp - sn * akq;
          a[k * n + q] = sn * akp + c * akq;
        }
        for (let k = 0; k < n; k++) {
          const apk = a[p * n + k] as number;
          const aqk = a[q * n + k] as number;
          a[p * n + k] = c * apk - sn * aqk;
          a[q * n + k] = sn * apk + c * aqk;
        }
        for (let k = 0; k < n; k++) {
          const vkp = v[k * n + p] as number;
          const vkq = v[k * n + q] as number;
          v[k * n + p] = c * vkp - sn * vkq;
          v[k * n + q] = sn * vkp + c * vkq;
        }
      }
  }
  const values = new Float64Array(n);
  for (let i = 0; i < n; i++) values[i] = a[i * n + i] as number;
  return { values, vectors: v };
}

/**
 * The `k` leading left singular vectors of `a` (rows × k, row-major) and their singular values,
 * largest first. `oversample` extra columns and `iterations` power iterations sharpen the estimate.
 */
export function truncatedSvd(
  a: SparseMatrix,
  k: number,
  options: { oversample?: number; iterations?: number; seed?: number } = {},
): { u: Float64Array; sigma: Float64Array; k: number } {
  const l = Math.min(k + (options.oversample ?? 10), a.rows, a.cols);
  // One buffer and one scratch a side, whatever the iterations: a library of many contexts makes the
  // contexts' side the largest thing the SVD holds.
  const termScratch = new Float64Array(a.rows * l);
  const contexts = new Float64Array(a.cols * l);
  const contextScratch = new Float64Array(a.cols * l);
  const q = orthonormalise(multiplyRandom(a, l, options.seed ?? 1), termScratch);
  for (let i = 0; i < (options.iterations ?? 2); i++) {
    const z = orthonormalise(multiply(a, q, true, contexts), contextScratch);
    // A · Z reads Z alone: Q's buffer takes the product.
    orthonormalise(multiply(a, z, false, q.data), termScratch);
  }
  // B = Qᵀ A, so B Bᵀ = Zᵀ Z with Z = Aᵀ Q.
  const z = multiply(a, q, true, contexts);
  const bbt = new Float64Array(l * l);
  for (let r = 0; r < z.rows; r++)
    for (let i = 0; i < l; i++) {
      const zi = z.data[r * l + i] as number;
      if (zi === 0) continue;
      for (let j = i; j < l; j++)
        bbt[i * l + j] = (bbt[i * l + j] as number) + zi * (z.data[r * l + j] as number);
    }
  for (let i = 0; i < l; i++) for (let j = 0; j < i; j++) bbt[i * l + j] = bbt[j * l + i] as number;
  const { values, vectors } = symmetricEigen(bbt, l);
  const order = [...values.keys()].sort(
    (x, y) => (values[y] as number) - (values[x] as number) || x - y,
  );
  const kk = Math.min(k, l);
  const u = new Float64Array(a.rows * kk);
  const sigma = new Float64Array(kk);
  for (let c = 0; c < kk; c++) {
    const e = order[c] as number;
    sigma[c] = Math.sqrt(Math.max(0, values[e] as number));
    // A column's sign is fixed (its largest entry positive), so the output does not depend on Jacobi's.
    let sign = 0;
    for (let r = 0; r < a.rows && sign === 0; r++) {
      let x = 0;
      for (let j = 0; j < l; j++)
        x += (q.data[r * l + j] as number) * (vectors[j * l + e] as number);
      if (Math.abs(x) > 1e-9) sign = Math.sign(x);
    }
    for (let r = 0; r < a.rows; r++) {
      let x = 0;
      for (let j = 0; j < l; j++)
        x += (q.data[r * l + j] as number) * (vectors[j * l + e] as number);
      u[r * kk + c] = x * (sign || 1);
    }
  }
  return { u, sigma, k: kk };
}
