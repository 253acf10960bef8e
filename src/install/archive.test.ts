// The archive readers over archives made here byte by byte: what a tar or a zip may hold is what
// comes out, and a hostile one (a name that climbs, a link, a bomb, a cut-short file) cannot do more.

import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { gzipSync } from 'node:zlib';
import { zip } from '../test-support/zip.js';
import { unpackArchive } from './archive.js';

/** One tar entry: a 512-byte header, then the data padded to 512. */
function tarEntry(
  name: string,
  data: string | Buffer,
  type = '0',
  mode = 0o644,
  link = '',
): Buffer {
  const body = Buffer.isBuffer(data) ? data : Buffer.from(data);
  const h = Buffer.alloc(512);
  h.write(name.slice(0, 100), 0);
  h.write(`${mode.toString(8).padStart(7, '0')}\0`, 100);
  h.write('0000000\0', 108);
  h.write('0000000\0', 116);
  h.write(`${body.length.toString(8).padStart(11, '0')}\0`, 124);
  h.write('00000000000\0', 136);
  h.write(type, 156);
  h.write(link, 157);
  h.write('ustar\0', 257);
  h.write('00', 263);
  h.write('        ', 148);
  let sum = 0;
  for (const x of h) sum += x;
  h.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148);
  return Buffer.concat([h, body, Buffer.alloc((512 - (body.length % 512)) % 512)]);
}
const tar = (...entries: Buffer[]) => Buffer.concat([...entries, Buffer.alloc(1024)]);

const out = () => mkdtempSync(path.join(os.tmpdir(), 'skillset-archive-'));
const files = (dir: string): string[] =>
  (readdirSync(dir, { recursive: true }) as string[])
    .map((f) => f.split(path.sep).join('/'))
    .sort();

describe('unpackArchive', () => {
  it('unpacks a gzipped tar: files, folders, the executable bit, a GNU long name', async () => {
    const long = `skills/${'l'.repeat(120)}/SKILL.md`;
    const dir = out();
    const skipped = await unpackArchive(
      'a.tar.gz',
      gzipSync(
        tar(
          tarEntry('skills/', '', '5', 0o755),
          tarEntry('skills/a/SKILL.md', '---\nname: a\n---\n'),
          tarEntry('skills/a/run.sh', 'echo\n', '0', 0o755),
          tarEntry('././@LongLink', `${long}\0`, 'L'),
          tarEntry(long.slice(0, 100), 'long\n'),
        ),
      ),
      dir,
    );
    assert.deepEqual(skipped, []);
    assert.equal(readFileSync(path.join(dir, 'skills/a/SKILL.md'), 'utf8'), '---\nname: a\n---\n');
    assert.ok((statSync(path.join(dir, 'skills/a/run.sh')).mode & 0o100) !== 0);
    assert.equal(readFileSync(path.join(dir, long), 'utf8'), 'long\n');
  });

  it('leaves out names that climb or are absolute, links and devices, and says so', async () => {
    const dir = out();
    const skipped = await unpackArchive(
      'b.tar',
      tar(
        tarEntry('../escape.md', 'x'),
        tarEntry('a/../../escape2.md', 'x'),
        tarEntry('/etc/abs.md', 'abs'),
        tarEntry('link', '', '2', 0o777, '/etc/passwd'),
        tarEntry('hard', '', '1', 0o644, 'link'),
        tarEntry('dev', '', '3'),
        tarEntry('ok.md', 'ok'),
      ),
      dir,
    );
    // An absolute name is made relative (as tar does); the others are refused.
    assert.deepEqual(files(dir), ['etc', 'etc/abs.md', 'ok.md']);
    assert.equal(skipped.length, 5);
    assert.ok(skipped.every((s) => /leaves the folder|a link or special file/.test(s)));
  });

  it('refuses a bomb, a cut-short entry and garbage, with one problem each', async () => {
    // A small bound stands for the real one (256 MB): the same code path, a smaller bomb.
    const limits = { totalBytes: 1024 * 1024, entries: 100 };
    const bomb = gzipSync(Buffer.alloc(4 * 1024 * 1024));
    for (const [name, bytes] of [
      ['bomb.tar.gz', bomb],
      ['short.tar', tarEntry('a.md', 'x'.repeat(2000)).subarray(0, 900)],
      ['junk.zip', Buffer.from('not a zip at all')],
    ] as const)
      await assert.rejects(
        unpackArchive(name, bytes as Buffer, out(), limits),
        (e: Error & { code?: string }) => {
          assert.equal(e.code, 'install/bad-archive', e.message);
          return true;
        },
      );
  });

  it('unpacks a zip: deflated files with their modes; links left out', async () => {
    const dir = out();
    const skipped = await unpackArchive(
      'c.zip',
      zip([
        { name: 'skills/z/SKILL.md', data: '---\nname: z\n---\nZ\n' },
        { name: 'skills/z/tool.sh', data: 'echo z\n', mode: 0o100755 },
        { name: 'skills/z/link', data: '/etc/passwd', mode: 0o120777 },
        { name: '../../zip-escape.md', data: 'x' },
      ]),
      dir,
    );
    assert.deepEqual(files(dir), ['skills', 'skills/z', 'skills/z/SKILL.md', 'skills/z/tool.sh']);
    assert.ok((statSync(path.join(dir, 'skills/z/tool.sh')).mode & 0o100) !== 0);
    assert.equal(skipped.length, 2);
  });
});
