import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { hintAlternatives } from './completion.js';

describe('hintAlternatives', () => {
  for (const [hint, want] of [
    ['patch | minor | major', ['patch', 'minor', 'major']],
    ['json|yaml', ['json', 'yaml']],
    ['v1.2 | latest', ['v1.2', 'latest']],
    ['<pr-number-or-url> [focus]', []],
    ['[task description]', []],
    ['[a|b]', []],
    ['one', []],
    ['a | two words', []],
    ['a |', []],
    ['', []],
    [undefined, []],
  ] as const)
    it(`offers ${JSON.stringify(want)} for ${JSON.stringify(hint)}`, () => {
      assert.deepEqual(hintAlternatives(hint), want);
    });
});
