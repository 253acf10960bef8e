import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { withinBudget } from './query.js';

describe('the posting budget', () => {
  const df = (t: string): number => ({ rare: 10, mid: 3000, common: 9000, zero: 0 })[t] ?? 0;

  it('asks the rarest terms first while they fit, keeping query order', () => {
    assert.deepEqual(withinBudget(['common', 'rare', 'mid', 'zero'], df, 5000), [
      'rare',
      'mid',
      'zero',
    ]);
  });

  it('always asks the two rarest, even over the budget', () => {
    assert.deepEqual(withinBudget(['common', 'mid'], df, 100), ['common', 'mid']);
    assert.deepEqual(withinBudget(['common', 'mid', 'rare'], df, 100), ['mid', 'rare']);
  });

  it('keeps everything when the budget is large', () => {
    assert.deepEqual(withinBudget(['common', 'mid', 'rare'], df, 1e9), ['common', 'mid', 'rare']);
  });
});
