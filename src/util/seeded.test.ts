import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { seeded, seededAt } from './seeded.js';

describe('seeded', () => {
  it('gives the same numbers for the same seed, in [0, 1)', () => {
    const a = seeded(7);
    const b = seeded(7);
    for (let i = 0; i < 1000; i++) {
      const x = a();
      assert.equal(x, b());
      assert.ok(x >= 0 && x < 1);
    }
  });

  it('seededAt gives the i-th number without the ones before, far past 2^32 steps of state', () => {
    for (const seed of [0, 1, 42, 0xffffffff]) {
      const next = seeded(seed);
      for (let i = 0; i < 5000; i++) assert.equal(seededAt(seed, i), next(), `${seed} at ${i}`);
    }
    // The state wraps at 2^32: position 2^32 is position 0 again.
    assert.equal(seededAt(3, 2 ** 32), seededAt(3, 0));
  });
});
