import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { queryTerms } from './query.js';
import { tokenize, words } from './tokenize.js';

describe('tokenize', () => {
  it('lower-cases, stems and drops stop words and contractions typed without the apostrophe', () => {
    assert.deepEqual(tokenize('The tests DOESNT pass, whats wrong'), ['test', 'pass', 'wrong']);
    assert.deepEqual(tokenize("doesn't"), []);
  });

  it('gives snake_case whole and in parts, and keeps camelCase whole in skill text', () => {
    assert.deepEqual(tokenize('with_sharing'), ['with_sharing', 'share']);
    assert.deepEqual(tokenize('renderedCallback'), ['renderedcallback']);
  });

  it('splits camelCase and PascalCase on request, and keeps plural acronyms whole', () => {
    const camel = { camel: true, compounds: false };
    assert.deepEqual(tokenize('pythonTesting', camel), ['python', 'test']);
    assert.deepEqual(tokenize('PythonTesting', camel), ['python', 'test']);
    assert.deepEqual(tokenize('XMLParser', camel), ['xml', 'parser']);
    assert.deepEqual(tokenize('CVEs', camel), ['cve']);
  });

  it('keeps c#, f# and c++ as words of their own', () => {
    assert.deepEqual(tokenize('C# or F# or C++, not abc#'), ['c#', 'f#', 'c++', 'abc']);
  });

  it('never throws, and words() sees the words tokenize sees (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 120 }), (s) => {
        const all = words(s).flatMap((w) => tokenize(w));
        assert.deepEqual(all, tokenize(s));
      }),
      { numRuns: 300 },
    );
  });
});

describe('identifier words in queries', () => {
  it('scores python_testing, pythonTesting, python-testing and kebab-case as their spaced words', () => {
    for (const [id, spaced] of [
      ['python_testing', 'python testing'],
      ['pythonTesting', 'python testing'],
      ['PythonTesting', 'python testing'],
      ['python-testing', 'python testing'],
      ['kebab-case', 'kebab case'],
      ['bash_defensive_patterns', 'bash defensive patterns'],
    ]) {
      assert.deepEqual(queryTerms(id as string), queryTerms(spaced as string), id);
    }
  });
});

describe('one-line descriptions', () => {
  it('cut at a word and never split an emoji', async () => {
    const { oneLine } = await import('./format.js');
    const cut = oneLine(`${'a'.repeat(98)}🙂🙂🙂🙂`);
    assert.ok(!/[\ud800-\udbff]…$/.test(cut) && cut.endsWith('…'), cut);
    assert.equal(oneLine('short\n  text'), 'short text');
    assert.equal(oneLine('word '.repeat(40)).length <= 100, true);
  });
});

describe('words in other scripts', () => {
  it('keeps a Latin word apart from Japanese, Chinese or Korean written against it', () => {
    assert.deepEqual(tokenize('Djangoのセキュリティ対策'), ['django', 'のセキュリティ対策']);
    assert.deepEqual(tokenize('如何编写Go测试'), ['如何编写', 'go', '测试']);
    assert.deepEqual(tokenize('café 技能'), ['café', '技能']);
  });

  it('weighs a question in Spanish, German or French on its content words', () => {
    assert.deepEqual(tokenize('¿cómo configuro prometheus para kubernetes?'), [
      'configuro',
      'prometheu',
      'kubernet',
    ]);
    assert.deepEqual(tokenize('Wie verhindere ich rekursive Trigger in Apex?'), [
      'verhinder',
      'rekurs',
      'trigger',
      'apex',
    ]);
    // English words that other languages share are kept: ES modules, `die`, `comment`.
    assert.deepEqual(tokenize('es modules die comment'), ['es', 'modul', 'die', 'comment']);
  });
});
