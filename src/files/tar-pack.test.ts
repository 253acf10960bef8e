import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { unpackArchive } from '../install/archive.js';
import { tempFolders } from '../test-support/temp.js';
import { type PackFile, tarGzOf } from './tar-pack.js';

const temp = tempFolders('skillset-tar-');

const long = `${'deep/'.repeat(30)}file.md`;
const longer = `${'x'.repeat(120)}/${'y'.repeat(120)}.md`;
const files: PackFile[] = [
  { rel: 'scripts/run.sh', bytes: Buffer.from('#!/bin/sh\necho hi\n'), executable: true },
  {
    rel: 'SKILL.md',
    bytes: Buffer.from('---\nname: t\ndescription: T.\n---\nBody\n'),
    executable: false,
  },
  { rel: long, bytes: Buffer.alloc(700, 0x61), executable: false },
  { rel: longer, bytes: Buffer.from('é\n'), executable: false },
  { rel: 'références/ü.md', bytes: Buffer.alloc(0), executable: false },
];

describe('tarGzOf', () => {
  it('gives the same bytes for the same files, whatever their order', () => {
    assert.ok(tarGzOf(files).equals(tarGzOf([...files].reverse())));
    assert.equal(tarGzOf(files)[9], 0xff);
  });

  it('unpacks, through skillset’s reader, to the files, paths long and short, modes kept', async () => {
    const dir = temp();
    const skipped = await unpackArchive('x.tar.gz', tarGzOf(files), dir);
    assert.deepEqual(skipped, []);
    for (const f of files) {
      const at = path.join(dir, ...f.rel.split('/'));
      assert.ok(readFileSync(at).equals(f.bytes), f.rel);
      assert.equal((statSync(at).mode & 0o111) !== 0, f.executable, f.rel);
    }
  });

  it('is a tar the system’s tar reads alike', (t) => {
    const dir = temp();
    const file = path.join(dir, 'x.tar.gz');
    writeFileSync(file, tarGzOf(files));
    const r = spawnSync('tar', ['-xzf', file, '-C', dir], { encoding: 'utf8' });
    if (r.error) return t.skip('no tar on this machine');
    assert.equal(r.status, 0, r.stderr);
    for (const f of files)
      assert.ok(readFileSync(path.join(dir, ...f.rel.split('/'))).equals(f.bytes), f.rel);
  });
});
