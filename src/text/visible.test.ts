import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { visibleJson, visibleLine, visibleText } from './visible.js';

const hostile = '\x1b[2J\x1b]0;pwned\x07\x1b]8;;http://evil\x1b\\\x08\r\x9b\u202e\x7f\x00';
/** What no output may hold raw (newline and tab aside). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const RAW = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

describe('visibleLine', () => {
  it('shows every control, DEL, C1 and bidi character as an escape', () => {
    assert.equal(
      visibleLine(hostile),
      '\\x1b[2J\\x1b]0;pwned\\x07\\x1b]8;;http://evil\\x1b\\\\x08\\x0d\\x9b\\u{202e}\\x7f\\x00',
    );
    assert.equal(visibleLine('a\nb\tc'), 'a\\x0ab\\x09c');
    assert.equal(visibleLine('\u2066isolate\u2069'), '\\u{2066}isolate\\u{2069}');
  });

  it('leaves other text as it is, Unicode included', () => {
    for (const s of ['review-pr', 'Grüße, 日本語, עברית, 🙂', '\u00a0non-breaking', 'C:\\path'])
      assert.equal(visibleLine(s), s);
  });
});

describe('visibleText', () => {
  it('keeps newlines, tabs and CRLF, and escapes a lone CR', () => {
    assert.equal(visibleText('one\r\ntwo\tthree\n'), 'one\r\ntwo\tthree\n');
    assert.equal(visibleText('progress\rover'), 'progress\\x0dover');
    assert.equal(visibleText(`x${hostile}\n`).includes('\x1b'), false);
  });

  it('never leaves a raw unsafe character (any string)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => {
        assert.doesNotMatch(visibleText(s), RAW);
        assert.doesNotMatch(visibleText(s), /\r(?!\n)/);
        assert.doesNotMatch(visibleLine(s), /[\n\t\r]/);
      }),
    );
  });
});

describe('visibleJson', () => {
  it('parses to the exact value, with nothing unsafe raw', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.string({ unit: 'binary' }), (v, s) => {
        const value = { v, s, hostile };
        const json = visibleJson(JSON.stringify(value, null, 2));
        assert.deepEqual(JSON.parse(json), JSON.parse(JSON.stringify(value)));
        assert.doesNotMatch(json, RAW);
      }),
    );
  });
});
