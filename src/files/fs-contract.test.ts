// The writes every FileSystem makes, one suite run against the real file system (in a temporary
// folder) and the memory one: folders made, files replaced whole, exclusive creates, removals.

import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { tempFolders } from '../test-support/temp.js';
import { errorCode, type FileSystem, nodeFileSystem } from './fs.js';
import { createMemoryFileSystem } from './memory-fs.js';

const temp = tempFolders('skillset-fs-');

/** Each implementation, with a fresh empty folder to write in. */
const implementations: Array<[string, () => { fs: FileSystem; dir: string }]> = [
  ['the real file system', () => ({ fs: nodeFileSystem, dir: temp() })],
  ['the memory file system', () => ({ fs: createMemoryFileSystem({ tmp: {} }), dir: '/tmp' })],
];

const code = (p: Promise<unknown>): Promise<string | undefined> =>
  p.then(
    () => undefined,
    (e: unknown) => errorCode(e),
  );

const text = async (fs: FileSystem, file: string): Promise<string> => {
  const r = await fs.readFile(file, 1024);
  assert.ok(r.ok);
  return r.bytes.toString('utf8');
};

const names = async (fs: FileSystem, dir: string): Promise<string[]> =>
  (await fs.readdir(dir)).map((e) => e.name).sort();

for (const [name, make] of implementations)
  describe(`${name}'s writes`, () => {
    it('makes a chain of folders, again without error, and refuses a file in the way', async () => {
      const { fs, dir } = make();
      const deep = path.join(dir, 'a', 'b', 'c');
      await fs.mkdir(deep);
      await fs.mkdir(deep);
      assert.equal((await fs.stat(deep)).kind, 'dir');
      await fs.writeFile(path.join(dir, 'f'), 'x');
      assert.equal(await code(fs.mkdir(path.join(dir, 'f', 'g'))), 'ENOTDIR');
      assert.equal(await code(fs.mkdir(path.join(dir, 'f'))), 'ENOTDIR');
    });

    it('replaces a file whole and leaves nothing beside it', async () => {
      const { fs, dir } = make();
      const file = path.join(dir, 'state.json');
      await fs.writeFile(file, 'first, and longer\n');
      await fs.writeFile(file, Buffer.from('second\n'));
      assert.equal(await text(fs, file), 'second\n');
      assert.deepEqual(await names(fs, dir), ['state.json']);
      assert.equal((await fs.stat(file)).mode & 0o111, 0);
      assert.equal(await code(fs.writeFile(path.join(dir, 'none', 'f'), 'x')), 'ENOENT');
      assert.equal(await code(fs.writeFile(dir, 'x')), 'EISDIR');
    });

    it('sets the executable bits where the read bits are, and clears them on a plain write', async () => {
      const { fs, dir } = make();
      const file = path.join(dir, 'run.sh');
      await fs.writeFile(file, '#!/bin/sh\n', { executable: true });
      const mode = (await fs.stat(file)).mode;
      assert.equal(mode & 0o111, (mode & 0o444) >> 2);
      assert.notEqual(mode & 0o111, 0);
      await fs.writeFile(file, '#!/bin/sh\n');
      assert.equal((await fs.stat(file)).mode & 0o111, 0);
    });

    it('creates a file exclusively once, and says EEXIST after', async () => {
      const { fs, dir } = make();
      const lock = path.join(dir, 'x.lock');
      await fs.writeFile(lock, '1\n', { exclusive: true });
      assert.equal(await code(fs.writeFile(lock, '2\n', { exclusive: true })), 'EEXIST');
      assert.equal(await text(fs, lock), '1\n');
    });

    it('removes a file and an empty folder, not a full one, and says ENOENT for nothing', async () => {
      const { fs, dir } = make();
      await fs.mkdir(path.join(dir, 'full', 'empty'));
      await fs.writeFile(path.join(dir, 'full', 'f'), 'x');
      assert.equal(await code(fs.rm(path.join(dir, 'full'))), 'ENOTEMPTY');
      await fs.rm(path.join(dir, 'full', 'f'));
      await fs.rm(path.join(dir, 'full', 'empty'));
      await fs.rm(path.join(dir, 'full'));
      assert.deepEqual(await names(fs, dir), []);
      assert.equal(await code(fs.rm(path.join(dir, 'full'))), 'ENOENT');
    });
  });

describe("the real file system's folder making", () => {
  it('ends with an error under /proc, where recursive mkdir spins', async () => {
    assert.ok(
      ['ENOENT', 'EACCES', 'EPERM', 'EROFS'].includes(
        (await code(nodeFileSystem.mkdir('/proc/self/skillset/cache'))) ?? '',
      ),
    );
  });
});
