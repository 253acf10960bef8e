import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import {
  argumentValues,
  findArgumentPlaceholders,
  hasArgumentPlaceholder,
  renderArguments,
  splitArguments,
  substituteArguments,
} from './arguments.js';

describe('splitArguments', () => {
  const cases: Array<[string, string[]]> = [
    ['', []],
    ['   ', []],
    ['a b  c', ['a', 'b', 'c']],
    ['"my widget" React Vue', ['my widget', 'React', 'Vue']],
    ["'it''s' x", ['its', 'x']],
    [`"say \\"hi\\"" 'a\\b'`, ['say "hi"', 'a\\b']],
    ['a\\ b c', ['a b', 'c']],
    ['"" x', ['', 'x']],
    ['pre"mid dle"post', ['premid dlepost']],
    ['"a\\nb"', ['a\\nb']],
    ['$HOME `x` $(y)', ['$HOME', '`x`', '$(y)']],
    ['"unclosed rest', ['unclosed rest']],
    ['tab\there\nnewline', ['tab', 'here', 'newline']],
  ];
  for (const [raw, want] of cases)
    it(`splits ${JSON.stringify(raw)}`, () => assert.deepEqual(splitArguments(raw), want));

  it('never throws and never yields more words than characters (property)', () => {
    fc.assert(
      fc.property(fc.string(), (raw) => {
        assert.ok(splitArguments(raw).length <= raw.length);
      }),
    );
  });
});

describe('substituteArguments', () => {
  const cases: Array<[string, string, string, string[]?]> = [
    // [body, raw, expected, names]
    ['Fix $ARGUMENTS now', '42 high', 'Fix 42 high now'],
    ['raw keeps quotes: $ARGUMENTS', '"a b" c', 'raw keeps quotes: "a b" c'],
    ['$ARGUMENTS[0] / $ARGUMENTS[1]', '"a b" c', 'a b / c'],
    ['$0 from $1 to $2', 'SearchBar React Vue', 'SearchBar from React to Vue'],
    ['first $0, missing $3', 'a b', 'first a, missing '],
    ['missing $ARGUMENTS[2]', 'a b', 'missing '],
    ['none given: [$0] [$ARGUMENTS[1]] [$ARGUMENTS]', '', 'none given: [] [] []'],
    ['$10 is the eleventh', 'a b c d e f g h i j k', 'k is the eleventh'],
    ['\\$ARGUMENTS and \\$1 stay, $0 goes', 'a b', '$ARGUMENTS and $1 stay, a goes'],
    ['\\$ARGUMENTS[0] stays, $ARGUMENTS[0] goes', 'a', '$ARGUMENTS[0] stays, a goes'],
    ['$1x and $ARGUMENTSX are text: $1', 'a b', '$1x and $ARGUMENTSX are text: b'],
    ['price \\$5, cost $HOME, $0', 'a', 'price $5, cost $HOME, a'],
    ['Fix $issue on $branch', '42 hotfix', 'Fix 42 on hotfix', ['issue', 'branch']],
    ['$issues is not $issue', '42', '$issues is not 42', ['issue']],
    ['$old-name to $new-name', 'A B', 'A to B', ['old-name', 'new-name']],
    ['named missing: $branch', '42', 'named missing: ', ['issue', 'branch']],
    ['\\$issue stays, $issue goes', '42', '$issue stays, 42 goes', ['issue']],
    ['named and indexed: $issue = $0', '42', 'named and indexed: 42 = 42', ['issue']],
  ];
  for (const [body, raw, want, names] of cases)
    it(`expands ${JSON.stringify(body)} with ${JSON.stringify(raw)}`, () =>
      assert.equal(substituteArguments(body, raw, names), want));

  it('never scans an argument value again', () => {
    assert.equal(substituteArguments('go $0 $1', '$1 "$ARGUMENTS"'), 'go $1 $ARGUMENTS');
  });

  it('appends ARGUMENTS after a blank line when the body has no placeholder', () => {
    assert.equal(
      substituteArguments('Do the thing.\n', 'x "y z"'),
      'Do the thing.\n\nARGUMENTS: x "y z"',
    );
  });

  it('does not append when the raw string is empty or blank', () => {
    assert.equal(substituteArguments('Do the thing.', ''), 'Do the thing.');
    assert.equal(substituteArguments('Do the thing.', '  '), 'Do the thing.');
  });

  it('does not append when any placeholder is used, even a missing index', () => {
    assert.equal(substituteArguments('only $5', 'a'), 'only ');
    assert.equal(substituteArguments('by name $who', 'a', ['who']), 'by name a');
  });

  it('appends when the only placeholders are escaped', () => {
    assert.equal(substituteArguments('write \\$1', 'a'), 'write $1\n\nARGUMENTS: a');
  });

  it('ignores names that are not names or that shadow $ARGUMENTS', () => {
    assert.equal(substituteArguments('$ARGUMENTS $9x', 'a', ['ARGUMENTS', '9x']), 'a $9x');
  });
});

describe('findArgumentPlaceholders', () => {
  it('reports offsets, refs and escapes', () => {
    const text = 'a $0 \\$1 $ARGUMENTS[2] $ARGUMENTS $who';
    assert.deepEqual(findArgumentPlaceholders(text, ['who']), [
      { start: 2, end: 4, ref: 0, escaped: false },
      { start: 5, end: 8, ref: 1, escaped: true },
      { start: 9, end: 22, ref: 2, escaped: false },
      { start: 23, end: 33, ref: 'all', escaped: false },
      { start: 34, end: 38, ref: 0, escaped: false },
    ]);
    assert.equal(hasArgumentPlaceholder('nothing $HOME here'), false);
  });

  it('lets a renderer quote values and rewrite the text between them', () => {
    const text = renderArguments('[$0] and [$1]', argumentValues('x y'), {
      value: (v, ref, before) => `<${v}:${ref}:${before.length}>`,
      literal: (t) => t.toUpperCase(),
    });
    assert.equal(text, '[<x:0:1>] AND [<y:1:10>]');
  });
});
