import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  asciiJson,
  below,
  relOf,
  SNAPSHOT_VERSION,
  type SnapshotFile,
  typed,
  wellFormed,
} from './snapshot-file.js';

const root = '/lib';

/** A well-formed snapshot of two skills in `/lib/g`, the first kept, the second read afresh. */
function snapshot(): SnapshotFile {
  return {
    version: SNAPSHOT_VERSION,
    writtenAt: 1,
    nonce: 'n',
    root,
    realRoot: root,
    parse: { file: 'parse-x.json', writtenAt: 1 },
    folders: ['/lib', '/lib/g', '/lib/g/a', '/lib/g/b'],
    mtimes: [1, 2, 3, 4],
    files: [],
    diagnostics: [],
    count: 4,
    dir: [2, 3],
    path: ['/lib/g/a/SKILL.md', '/lib/g/b/SKILL.md'],
    kind: ['file', 'file'],
    size: [10, 20],
    mtime: [5, 6],
    hash: ['h', null],
    descriptions: 8,
    source: ['frontmatter', 'none'],
    bytes: [10, 0],
    bodyOffset: [3, 0],
    bodyLine: [2, 0],
    headDiagnostics: {},
  };
}

const check = (s: SnapshotFile): boolean => wellFormed(s) && typed(s, root);

describe('the root snapshot file', () => {
  it('accepts a snapshot as written', () => {
    assert.equal(check(snapshot()), true);
  });

  for (const [what, change] of [
    ['another version', { version: SNAPSHOT_VERSION + 1 }],
    ['a column of another length', { size: [10] }],
    ['a folder outside the root', { folders: ['/lib', '/libx', '/lib/g/a', '/lib/g/b'] }],
    ['a path outside its folder', { path: ['/lib/g/b/SKILL.md', '/lib/g/b/SKILL.md'] }],
    ['a path below its folder', { path: ['/lib/g/a/x/SKILL.md', '/lib/g/b/SKILL.md'] }],
    ['a folder index out of range', { dir: [2, 9] }],
    ['a kind the walk does not keep', { kind: ['file', 'symlink'] }],
    ['a kept head of the wrong type', { bytes: ['10', 0] }],
    ['a parse cache named by a path', { parse: { file: '../parse-x.json', writtenAt: 1 } }],
    ['head diagnostics that are not lists', { headDiagnostics: { 0: 'x' } }],
  ] as const) {
    it(`refuses ${what}`, () => {
      assert.equal(check({ ...snapshot(), ...change } as unknown as SnapshotFile), false);
    });
  }

  it('joins and splits paths as the walk writes them', () => {
    assert.equal(below(root, ''), root);
    assert.equal(below(root, 'g/a'), '/lib/g/a');
    assert.equal(relOf(root, root), '');
    assert.equal(relOf(root, '/lib/g/a'), 'g/a');
  });

  it('writes JSON in ASCII that reads back the same', () => {
    const value = { d: 'café — ü 🎉', n: [1.5, -2] };
    const text = asciiJson(value);
    assert.match(text, /^[\x20-\x7e]*$/);
    assert.deepEqual(JSON.parse(text), value);
  });
});
