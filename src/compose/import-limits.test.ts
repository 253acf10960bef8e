import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { cutUtf8, utf8Bytes } from './import-limits.js';

describe('cutUtf8', () => {
  it('keeps a text that fits whole', () => {
    assert.equal(cutUtf8('héllo', 6), 'héllo');
    assert.equal(cutUtf8('anything', 0), '');
  });

  it('never splits a character: two-, three- and four-byte ones', () => {
    // é is 2 bytes, € 3, 😀 4 (a surrogate pair in JavaScript).
    assert.equal(cutUtf8('aé', 2), 'a');
    assert.equal(cutUtf8('a€', 3), 'a');
    assert.equal(cutUtf8('a😀b', 4), 'a');
    assert.equal(cutUtf8('a😀b', 5), 'a😀');
    // Nothing whole fits: nothing, not a line end found past the bound.
    assert.equal(cutUtf8('é€\n', 1), '');
  });

  it('cuts after a line end near the bound rather than inside a line', () => {
    const text = `${'x'.repeat(50)}\n${'y'.repeat(50)}\n`;
    assert.equal(cutUtf8(text, 80), `${'x'.repeat(50)}\n`);
    // A line end far before the bound (over a KiB back) is not worth the loss.
    const long = `a\n${'b'.repeat(5000)}`;
    assert.equal(utf8Bytes(cutUtf8(long, 4000)), 4000);
  });

  it('gives valid UTF-8 within the bound, a prefix of the text (property)', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('a', '\n', 'é', '€', '😀'), maxLength: 200 }),
        fc.nat(800),
        (text, max) => {
          const cut = cutUtf8(text, max);
          assert.ok(utf8Bytes(cut) <= Math.max(0, max));
          assert.ok(text.startsWith(cut));
          assert.ok(!cut.includes('\uFFFD') || text.includes('\uFFFD'), 'no character split');
          if (utf8Bytes(text) <= max) assert.equal(cut, text);
        },
      ),
      { numRuns: 300 },
    );
  });
});
