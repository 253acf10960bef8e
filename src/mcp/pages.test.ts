import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { cursorOf, jsonBytes, pageOf } from './pages.js';

const items = Array.from({ length: 10 }, (_, i) => ({ n: i, pad: 'x'.repeat(100) }));
const each = jsonBytes(items[0]);

describe('pageOf', () => {
  it('fills a page with whole items up to the budget, and continues from the cursor', () => {
    const first = pageOf('t', items, undefined, 'v1', each * 3);
    assert.deepEqual(
      first.items.map((i) => i.n),
      [0, 1, 2],
    );
    const second = pageOf('t', items, first.nextCursor, 'v1', each * 3);
    assert.deepEqual(
      second.items.map((i) => i.n),
      [3, 4, 5],
    );
  });

  it('gives one item a page when it alone passes the budget', () => {
    const r = pageOf('t', items, undefined, 'v1', 1);
    assert.equal(r.items.length, 1);
    assert.ok(r.nextCursor);
  });

  it('gives everything and no cursor when it fits', () => {
    const r = pageOf('t', items, undefined, 'v1');
    assert.equal(r.items.length, 10);
    assert.equal(r.nextCursor, undefined);
  });

  it('refuses a cursor of another list, another catalog, or made up, with -32602', () => {
    for (const cursor of [
      cursorOf('other', 3, 'v1'),
      cursorOf('t', 3, 'v2'),
      cursorOf('t', 0, 'v1'),
      cursorOf('t', 10, 'v1'),
      'garbage',
    ])
      assert.throws(() => pageOf('t', items, cursor, 'v1'), { code: -32602 }, cursor);
  });
});
