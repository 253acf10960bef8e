import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { statPath } from './stat-path.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'skillset-stat-'));
const file = path.join(dir, 'SKILL.md');
writeFileSync(file, '---\nname: x\n---\nbody\n');
// A time with a fraction of a millisecond: the caches compare mtimes for equality.
utimesSync(file, 1_700_000_000.123456, 1_700_000_000.123456);
const folder = path.join(dir, 'folder');
mkdirSync(folder);
const link = path.join(dir, 'link.md');
symlinkSync(file, link);
const fifo = path.join(dir, 'fifo');
const hasFifo = spawnSync('mkfifo', [fifo]).status === 0;

/** What `stat` says of `p`, or the code it throws. */
function outcome(stat: () => unknown): unknown {
  try {
    return stat();
  } catch (e) {
    return { threw: (e as NodeJS.ErrnoException).code };
  }
}

/** What fs.statSync says of `p`, in statPath's terms. */
function expected(p: string): unknown {
  return outcome(() => {
    const s = statSync(p, { throwIfNoEntry: false });
    if (!s) return undefined;
    const kind = s.isFile() ? 'file' : s.isDirectory() ? 'dir' : 'other';
    return { size: s.size, mtimeMs: s.mtimeMs, kind };
  });
}

describe('statPath', () => {
  it('answers as fs.statSync does, call after call', () => {
    const paths = [
      file,
      folder,
      link,
      dir,
      path.join(dir, 'missing'),
      path.join(file, 'below-a-file'),
      ...(hasFifo ? [fifo] : []),
    ];
    for (let round = 0; round < 3; round++)
      for (const p of paths)
        assert.deepEqual(
          outcome(() => statPath(p)),
          expected(p),
          p,
        );
  });

  it('keeps the fraction of a millisecond of an mtime', () => {
    assert.equal(statPath(file)?.mtimeMs, statSync(file).mtimeMs);
  });

  it('refuses a path with a NUL in it, as fs.statSync does', () => {
    assert.throws(() => statPath(`${file}\0.md`), { code: 'ERR_INVALID_ARG_VALUE' });
  });
});
