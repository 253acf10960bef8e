import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { chosenFirst, hiddenReason, rankItems } from './listing-rank.js';

const item = (key: string, index: number, pinned = false) => ({ key, index, pinned });

describe('rankItems', () => {
  it('ranks pinned, then relevance (scored first), then usage, then name, then position', () => {
    const items = [
      item('d', 0),
      item('c', 1),
      item('b', 2),
      item('a', 3),
      item('p', 4, true),
      item('a', 5),
    ];
    const ranked = rankItems(
      items,
      new Map([
        ['c', 0],
        ['d', Number.POSITIVE_INFINITY],
      ]),
      new Map([
        ['b', 3],
        ['c', 99],
        ['a', Number.NaN],
      ]),
    );
    assert.deepEqual(
      ranked.map((i) => i.index),
      [4, 0, 1, 2, 3, 5],
    );
  });
});

describe('rankItems with an order', () => {
  it('ranks the unscored, unused and unpinned by the order given (the spread), not by name', () => {
    const items = [item('a', 0), item('b', 1), item('c', 2), item('u', 3)];
    const order = new Map([
      [0, 2],
      [1, 0],
      [2, 1],
      [3, 9],
    ]);
    const ranked = rankItems(items, undefined, new Map([['u', 1]]), order);
    assert.deepEqual(
      ranked.map((i) => i.key),
      ['u', 'b', 'c', 'a'],
    );
    assert.equal(chosenFirst(item('u', 3), undefined, new Map([['u', 1]])), true);
    assert.equal(chosenFirst(item('a', 0), new Map([['a', 0]])), true);
    assert.equal(
      chosenFirst(item('a', 0), new Map([['a', Number.NaN]]), new Map([['a', 0]])),
      false,
    );
  });
});

describe('hiddenReason', () => {
  it('checks the override, then disable-model-invocation, then inactive paths', () => {
    const none = new Set<string>();
    assert.equal(
      hiddenReason({ name: 'a', visibility: 'hidden', disableModelInvocation: true }, none),
      'override',
    );
    assert.equal(
      hiddenReason({ name: 'a', disableModelInvocation: true, paths: ['x'] }, none),
      'disable-model-invocation',
    );
    assert.equal(hiddenReason({ name: 'a', paths: ['x'] }, none), 'inactive-paths');
    assert.equal(hiddenReason({ name: 'a', paths: ['x'] }, new Set(['a'])), null);
    assert.equal(hiddenReason({ name: 'a', paths: [''], visibility: 'name-only' }, none), null);
  });
});
