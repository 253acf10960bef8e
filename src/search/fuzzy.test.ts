import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { editBound, editDistance, oneEdit, Vocabulary } from './fuzzy.js';
import { tokenize } from './tokenize.js';

describe('editDistance', () => {
  it('counts inserts, deletes, substitutions and swapped neighbours as one edit each', () => {
    assert.equal(editDistance('kubernet', 'kubernet', 2), 0);
    assert.equal(editDistance('kubernt', 'kubernet', 2), 1);
    assert.equal(editDistance('kubernet', 'kuberent', 2), 1);
    assert.equal(editDistance('postgres', 'postgras', 2), 1);
    assert.equal(editDistance('terraform', 'teraform', 2), 1);
    assert.equal(editDistance('ab', 'ba', 2), 1);
    assert.equal(editDistance('kitten', 'sitting', 3), 3);
  });

  it('stops at max + 1 once the distance must exceed max', () => {
    assert.equal(editDistance('kitten', 'sitting', 1), 2);
    assert.equal(editDistance('a', 'abcdef', 2), 3);
    assert.equal(editDistance('salesforce', 'photosynthesis', 2), 3);
  });

  it('is symmetric and never above the longer length (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), fc.string({ maxLength: 12 }), (a, b) => {
        const d = editDistance(a, b, 20);
        assert.equal(d, editDistance(b, a, 20));
        assert.ok(d <= Math.max(a.length, b.length));
        assert.equal(d === 0, a === b);
      }),
    );
  });
});

describe('editBound', () => {
  it('grows with the length of the word, and leaves short words and codes alone', () => {
    assert.equal(editBound('helm'), 0);
    assert.equal(editBound('kubernt'), 1);
    assert.equal(editBound('kubernetes'), 2);
    assert.equal(editBound('sc2086'), 0);
    assert.equal(editBound('400k'), 0);
  });
});

describe('Vocabulary', () => {
  const vocabulary = new Vocabulary([
    { term: 'kubernet', meta: 12, body: 40 },
    { term: 'kubectl', meta: 3, body: 20 },
    { term: 'govern', meta: 5, body: 9 },
    { term: 'governor', meta: 30, body: 80 },
    { term: 'sc2086', meta: 1, body: 1 },
  ]);

  it('finds the terms within the bound, nearest first, then the most used', () => {
    assert.deepEqual(
      vocabulary.near('kubernt', 1).map((n) => [n.term, n.distance]),
      [['kubernet', 1]],
    );
    assert.deepEqual(
      vocabulary.near('governo', 2).map((n) => n.term),
      ['governor', 'govern'],
    );
    assert.deepEqual(vocabulary.near('kubernet', 2), []);
  });

  it('keeps the first letter: a real word a letter away is seldom a typo of it', () => {
    const v = new Vocabulary([{ term: 'later', meta: 9, body: 9 }]);
    assert.deepEqual(v.near('water', 1), []);
    assert.ok(!oneEdit('water').has('later'));
    assert.ok(oneEdit('valdation').has('validation'));
    assert.ok(oneEdit('kubernetse').has('kubernetes'));
  });

  it('tries the spellings one edit from the word as typed, when its stem is far from the right one', () => {
    const v = new Vocabulary([{ term: 'valid', meta: 40, body: 200 }]);
    const stem = (w: string) => tokenize(w)[0] ?? '';
    assert.equal(stem('validaton'), 'validaton');
    assert.deepEqual(v.near('validaton', 2), []);
    assert.deepEqual(
      v.near('validaton', 2, { text: 'validaton', stem }).map((n) => [n.term, n.distance]),
      [['valid', 1]],
    );
  });

  it('matches nothing with a bound of 0, and never a code', () => {
    assert.deepEqual(vocabulary.near('kubernt', 0), []);
    assert.deepEqual(vocabulary.near('sc2087', 2), []);
  });
});
