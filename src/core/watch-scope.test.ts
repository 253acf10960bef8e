import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { folderPrint } from './watch-poll.js';
import { covered, WatchScope } from './watch-scope.js';

const dir = { isDirectory: () => true };
const file = { isDirectory: () => false };

describe('WatchScope', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'skillset-watch-scope-'));
  mkdirSync(path.join(root, 'skill', 'build'), { recursive: true });
  writeFileSync(path.join(root, '.gitignore'), 'build/\n*.md\n');

  it('takes in paths to the depth, and never .git, node_modules or a system folder', () => {
    const scope = new WatchScope(100, () => assert.fail('not full'));
    scope.addBase({ dir: root, depth: 1 });
    assert.equal(scope.ignored(root), false);
    assert.equal(scope.ignored(path.join(root, 'a', 'b')), false);
    assert.equal(scope.ignored(path.join(root, 'a', 'b', 'c')), true);
    assert.equal(scope.ignored(path.join(root, '.git'), dir), true);
    assert.equal(scope.ignored(path.join(root, 'node_modules'), dir), true);
    assert.equal(scope.ignored('/proc/self'), true);
    // Outside every base: chokidar waiting at a missing root's parent, not counted.
    assert.equal(scope.ignored(path.dirname(root)), false);
    assert.equal(scope.size, 2);
  });

  it('keeps out of folders a .gitignore ignores, never away from a file it names', () => {
    const scope = new WatchScope(100, () => undefined);
    scope.addBase({ dir: root, depth: 9 });
    assert.equal(scope.ignored(path.join(root, 'skill', 'build'), dir), true);
    assert.equal(scope.ignored(path.join(root, 'skill', 'SKILL.md'), file), false);
    writeFileSync(path.join(root, '.gitignore'), '*.md\n');
    scope.gitignoreChanged(root);
    assert.equal(scope.ignored(path.join(root, 'skill', 'build'), dir), false);
  });

  it('refuses every path past the bound and says so once; a path gone frees its place', () => {
    let full = 0;
    const scope = new WatchScope(3, () => full++);
    scope.addBase({ dir: root, depth: 5 });
    for (const p of ['a', 'b', 'c']) assert.equal(scope.ignored(path.join(root, p)), false);
    assert.equal(scope.ignored(path.join(root, 'd')), true);
    assert.equal(scope.ignored(path.join(root, 'e')), true);
    assert.equal(scope.ignored(path.join(root, 'a')), false, 'a path taken in stays in');
    assert.equal(full, 1);
    scope.forget(path.join(root, 'a'));
    assert.equal(scope.size, 2);
  });

  it('says a skill folder is covered by a root only to the depth its files can be at', () => {
    const roots = [{ dir: root, depth: 9 }];
    assert.equal(covered(roots, path.join(root, 'skill')), true);
    assert.equal(covered(roots, path.join(root, 'a', 'skill')), false);
    assert.equal(covered(roots, path.join(root, 'node_modules')), false);
    assert.equal(covered(roots, path.join(os.tmpdir(), 'elsewhere')), false);
  });
});

describe('folderPrint', () => {
  it('changes when a file in the folder changes, and only then', async () => {
    const d = mkdtempSync(path.join(os.tmpdir(), 'skillset-watch-print-'));
    mkdirSync(path.join(d, 'references'));
    writeFileSync(path.join(d, 'SKILL.md'), 'one\n');
    const first = await folderPrint(d);
    assert.equal(await folderPrint(d), first);
    writeFileSync(path.join(d, 'references', 'notes.md'), 'two\n');
    const second = await folderPrint(d);
    assert.notEqual(second, first);
    writeFileSync(path.join(d, 'references', 'notes.md'), 'three\n');
    assert.notEqual(await folderPrint(d), second);
  });
});
