import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { skillBlocks } from './prompt-blocks.js';

describe('skillBlocks', () => {
  it('gives each skill and each import its own block, each marked for caching', () => {
    const blocks = skillBlocks([
      { name: 'a', text: 'A', imports: [{ spec: 'x.md', text: 'X\n' }] },
      { name: 'b', text: 'B' },
    ]);
    assert.deepEqual(blocks, [
      { type: 'text', text: 'A', cache_control: { type: 'ephemeral' } },
      {
        type: 'text',
        text: '<skill_import skill="a" path="x.md">\nX\n</skill_import>',
        cache_control: { type: 'ephemeral' },
      },
      { type: 'text', text: 'B', cache_control: { type: 'ephemeral' } },
    ]);
  });

  it('keeps to the API limit of four breakpoints: the last blocks keep theirs', () => {
    const blocks = skillBlocks(['a', 'b', 'c', 'd', 'e', 'f'].map((n) => ({ name: n, text: n })));
    assert.deepEqual(
      blocks.map((b) => b.cache_control !== undefined),
      [false, false, true, true, true, true],
    );
    const all = skillBlocks(
      ['a', 'b', 'c', 'd', 'e'].map((n) => ({ name: n, text: n })),
      {
        maxBreakpoints: Number.POSITIVE_INFINITY,
      },
    );
    assert.ok(all.every((b) => b.cache_control));
  });
});
