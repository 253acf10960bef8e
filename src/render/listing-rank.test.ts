import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { hiddenReason, rankItems } from './listing-rank.js';

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
