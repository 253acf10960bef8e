import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { normalizeFrontmatter, parseBoolean, splitList } from './normalize.js';

describe('parseBoolean', () => {
  it('accepts the spellings skill files use, in any case', () => {
    for (const v of [true, 'true', 'YES', 'On', '1', 1])
      assert.equal(parseBoolean(v), true, String(v));
    for (const v of [false, 'false', 'no', 'OFF', '0', 0])
      assert.equal(parseBoolean(v), false, String(v));
    for (const v of ['maybe', 2, null, [], {}]) assert.equal(parseBoolean(v), undefined, String(v));
  });
});

describe('splitList', () => {
  it('splits on commas and white space, keeping brackets whole', () => {
    assert.deepEqual(splitList('Read, Grep  Bash(git add:*)'), ['Read', 'Grep', 'Bash(git add:*)']);
    assert.deepEqual(splitList('src/**/*.{ts,tsx}, docs/**'), ['src/**/*.{ts,tsx}', 'docs/**']);
    assert.deepEqual(splitList(''), []);
  });
});

describe('normalizeFrontmatter', () => {
  const norm = (raw: Record<string, unknown>) =>
    normalizeFrontmatter(raw, { tier: { line: 4, column: 1 } }, '/x/SKILL.md');

  it('types known fields and keeps unknown ones verbatim', () => {
    const { frontmatter, diagnostics } = norm({
      name: 'x',
      'allowed-tools': 'Read Grep',
      'disable-model-invocation': 'yes',
      triggers: { files: '*.ts', intents: ['review a PR'] },
      tier: { planner: 'critical', executor: 'optional' },
      'model-guidance': { preferred: 'opus', 'minimum-capability': 'high' },
      threshold: 0.7,
      'x-custom': { a: [1] },
    });
    assert.deepEqual(diagnostics, []);
    assert.deepEqual(frontmatter.allowedTools, ['Read', 'Grep']);
    assert.equal(frontmatter.disableModelInvocation, true);
    assert.deepEqual(frontmatter.triggers, {
      files: ['*.ts'],
      intents: ['review a PR'],
      contexts: [],
    });
    assert.deepEqual(frontmatter.tier, { planner: 'critical', executor: 'optional' });
    assert.deepEqual(frontmatter.modelGuidance, { preferred: 'opus', minimumCapability: 'high' });
    assert.equal(frontmatter.threshold, 0.7);
    assert.deepEqual(frontmatter.extra, { 'x-custom': { a: [1] } });
  });

  it('reads a plain list of triggers as intent phrases', () => {
    assert.deepEqual(norm({ triggers: ['a', 'b'] }).frontmatter.triggers, {
      files: [],
      intents: ['a', 'b'],
      contexts: [],
    });
  });

  it('drops a value of the wrong shape with a warning at its position', () => {
    const { frontmatter, diagnostics } = norm({ tier: 'urgent' });
    assert.equal(frontmatter.tier, undefined);
    assert.equal(diagnostics.length, 1);
    assert.equal(diagnostics[0]?.code, 'frontmatter/invalid-value');
    assert.deepEqual(diagnostics[0]?.start, { line: 4, column: 1 });
  });

  it('keeps the string entries of a metadata map and reports nested ones', () => {
    const { frontmatter, diagnostics } = norm({ metadata: { author: 'me', tags: ['a'] } });
    assert.deepEqual(frontmatter.metadata, { author: 'me' });
    assert.equal(diagnostics[0]?.data?.field, 'metadata.tags');
  });
});
