import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { escapeXml } from './available-skills.js';
import { clip, ELLIPSIS, entryText, oneLine } from './listing-text.js';

describe('oneLine', () => {
  it('turns every line break and the blanks around it into one space', () => {
    assert.equal(oneLine('  one\n  two \r\n\n three\rfour  '), 'one two three four');
  });
});

describe('entryText', () => {
  it('joins description and when_to_use with " - ", leaving out an empty part', () => {
    assert.equal(entryText('Does X.', 'Use when Y.'), 'Does X. - Use when Y.');
    assert.equal(entryText('Does X.\nAnd Z.', undefined), 'Does X. And Z.');
    assert.equal(entryText('', 'Use when Y.'), 'Use when Y.');
    assert.equal(entryText(' \n ', ' '), '');
  });
});

describe('clip', () => {
  it('keeps a text that fits and counts `…` as one character', () => {
    assert.equal(clip('abcdef', 6), 'abcdef');
    assert.equal(clip('abcdef', 5), 'abcd…');
    assert.equal(clip('abcdef', 5).length, 5);
    assert.equal(clip('abcdef', 1), ELLIPSIS);
    assert.equal(clip('abcdef', 0), '');
  });

  it('drops the blanks before `…` and never splits a surrogate pair', () => {
    assert.equal(clip('ab  cdef', 5), 'ab…');
    assert.equal(clip('a😀bc', 3), 'a…');
    assert.equal(clip('a😀bc', 4), 'a😀…');
  });

  it('measures with the form’s escaping', () => {
    const xml = (s: string) => escapeXml(s).length;
    // Each `&` is `&amp;` (5): 14 of them and `…` fit in 71 of 74.
    const cut = clip('&'.repeat(20), 74, xml);
    assert.equal(cut, `${'&'.repeat(14)}…`);
    assert.equal(xml(cut), 71);
  });
});
