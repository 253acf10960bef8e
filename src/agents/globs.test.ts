import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { expandBraces, globList } from './globs.js';

describe('expandBraces', () => {
  const cases: Array<[string, string[]]> = [
    ['src/**/*.ts', ['src/**/*.ts']],
    ['src/*.{ts,tsx}', ['src/*.ts', 'src/*.tsx']],
    ['{a,b}/{c,d}', ['a/c', 'a/d', 'b/c', 'b/d']],
    ['x.{a,{b,c}}', ['x.a', 'x.b', 'x.c']],
    ['literal{}.md', ['literal{}.md']],
    ['one{only}.md', ['one{only}.md']],
    ['open{a,b', ['open{a,b']],
  ];
  for (const [glob, want] of cases)
    it(`expands ${glob}`, () => {
      assert.deepEqual(expandBraces(glob), want);
    });

  it('keeps a glob as written past 256 patterns', () => {
    const glob = '{a,b}'.repeat(9);
    assert.deepEqual(expandBraces(glob), [glob]);
  });
});

describe('globList', () => {
  it('joins trimmed, expanded globs with commas and drops duplicates and empties', () => {
    assert.equal(
      globList([' CHANGELOG.md ', 'packages/*/CHANGELOG.md', '', '*.{md,mdx}', '*.md']),
      'CHANGELOG.md,packages/*/CHANGELOG.md,*.md,*.mdx',
    );
    assert.equal(globList(undefined), '');
  });
});
