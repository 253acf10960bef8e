import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type SparseMatrix, truncatedSvd } from './truncated-svd.js';

/** A 30 × 20 matrix with singular values 2^-i, its singular vectors the unit vectors, rows permuted. */
function knownMatrix(): { a: SparseMatrix; rowOf: number[] } {
  const rowOf = Array.from({ length: 20 }, (_, i) => (i * 7) % 30);
  return {
    a: {
      rows: 30,
      cols: 20,
      row: Uint32Array.from(rowOf),
      col: Uint32Array.from(rowOf.keys()),
      value: Float64Array.from(rowOf, (_, i) => 2 ** -i),
    },
    rowOf,
  };
}

describe('truncatedSvd', () => {
  it('finds the leading singular values and vectors of a matrix whose SVD is known', () => {
    const { a, rowOf } = knownMatrix();
    const { u, sigma, k } = truncatedSvd(a, 4);
    assert.equal(k, 4);
    for (let c = 0; c < 4; c++) {
      assert.ok(Math.abs((sigma[c] as number) - 2 ** -c) < 1e-9, `sigma ${c}`);
      for (let r = 0; r < 30; r++) {
        const want = r === rowOf[c] ? 1 : 0;
        assert.ok(Math.abs(Math.abs(u[r * 4 + c] as number) - want) < 1e-6, `u[${r}][${c}]`);
      }
    }
  });

  it('gives the same output, byte for byte, each time, and a column’s sign is fixed', () => {
    const { a } = knownMatrix();
    const first = truncatedSvd(a, 5);
    const second = truncatedSvd(a, 5);
    assert.deepEqual(Buffer.from(first.u.buffer), Buffer.from(second.u.buffer));
    assert.deepEqual(Buffer.from(first.sigma.buffer), Buffer.from(second.sigma.buffer));
    for (let c = 0; c < 5; c++) {
      const column = Array.from({ length: 30 }, (_, r) => first.u[r * 5 + c] as number);
      assert.ok((column.find((x) => Math.abs(x) > 1e-9) as number) > 0);
    }
  });

  it('asks for no more vectors than the matrix has', () => {
    assert.equal(truncatedSvd(knownMatrix().a, 50).k, 20);
  });
});
