import assert from 'node:assert/strict';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { age, ahead, old } from '../test-support/aged.js';
import { discoverSkills } from './discover.js';

/** Make a skill, and date every folder and file on the way a minute back (older than the racy guard). */
function skill(lib: string, rel: string): void {
  const dir = path.join(lib, rel);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'SKILL.md'), `---\ndescription: ${rel}\n---\nBody\n`);
  age(lib);
}
const ids = async (lib: string, cacheDir: string) =>
  (await discoverSkills({ roots: [lib], cacheDir })).skills.map((s) => s.id);
const walks = (cacheDir: string) => readdirSync(cacheDir).filter((f) => f.startsWith('walk-'));

describe('the walk cache', () => {
  it('reuses a walk while no folder changed, and walks again when one did', async () => {
    const tmp = mkdtempSync(path.join(os.tmpdir(), 'skillset-walk-'));
    const lib = path.join(tmp, 'lib');
    const cacheDir = path.join(tmp, 'cache');
    skill(lib, 'group/alpha');
    skill(lib, 'group/beta');
    assert.deepEqual(await ids(lib, cacheDir), ['alpha', 'beta']);
    assert.equal(walks(cacheDir).length, 1);
    assert.deepEqual(await ids(lib, cacheDir), ['alpha', 'beta']);
    // A new skill changes its parent folder's mtime.
    skill(lib, 'group/gamma');
    utimesSync(path.join(lib, 'group'), new Date(), new Date());
    assert.deepEqual(await ids(lib, cacheDir), ['alpha', 'beta', 'gamma']);
    // A removed one too.
    rmSync(path.join(lib, 'group', 'alpha'), { recursive: true });
    assert.deepEqual(await ids(lib, cacheDir), ['beta', 'gamma']);
  });

  it('walks again when a .gitignore it read changes, even though no folder did', async () => {
    const tmp = mkdtempSync(path.join(os.tmpdir(), 'skillset-walk-ignore-'));
    const lib = path.join(tmp, 'lib');
    const cacheDir = path.join(tmp, 'cache');
    skill(lib, 'kept');
    skill(lib, 'drafts/wip');
    writeFileSync(path.join(lib, '.gitignore'), 'nothing\n');
    age(lib);
    assert.deepEqual(await ids(lib, cacheDir), ['kept', 'wip']);
    assert.deepEqual(await ids(lib, cacheDir), ['kept', 'wip']);
    writeFileSync(path.join(lib, '.gitignore'), 'drafts/\n');
    utimesSync(lib, old, old); // the folder's own mtime kept: only the file's content and mtime changed
    assert.deepEqual(await ids(lib, cacheDir), ['kept']);
  });

  it('does not keep a walk that met a linked folder', async () => {
    const tmp = mkdtempSync(path.join(os.tmpdir(), 'skillset-walk-link-'));
    const lib = path.join(tmp, 'lib');
    const elsewhere = path.join(tmp, 'elsewhere');
    const cacheDir = path.join(tmp, 'cache');
    skill(lib, 'alpha');
    skill(elsewhere, 'beta');
    symlinkSync(path.join(elsewhere, 'beta'), path.join(lib, 'beta'));
    age(lib);
    assert.deepEqual(await ids(lib, cacheDir), ['alpha', 'beta']);
    assert.equal(walks(cacheDir).length, 0);
    // The link's target gains a skill of its own inside: found, since nothing was kept.
    skill(elsewhere, 'beta/nested');
    assert.deepEqual(await ids(lib, cacheDir), ['alpha', 'beta']);
  });

  it('does not trust folders changed within two seconds of the walk', async () => {
    const tmp = mkdtempSync(path.join(os.tmpdir(), 'skillset-walk-racy-'));
    const lib = path.join(tmp, 'lib');
    const cacheDir = path.join(tmp, 'cache');
    mkdirSync(path.join(lib, 'alpha'), { recursive: true });
    writeFileSync(path.join(lib, 'alpha', 'SKILL.md'), '---\ndescription: a\n---\nBody\n');
    age(lib, ahead());
    assert.deepEqual(await ids(lib, cacheDir), ['alpha']);
    assert.equal(walks(cacheDir).length, 0);
  });
});
