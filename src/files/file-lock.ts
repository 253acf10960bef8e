// A lock file beside a file: made exclusively (holding the process id), removed when done. A lock
// older than the stale time was left by a process that died, and is broken. The state store and the
// install lock (skillset.lock.json) take turns through it.

import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { errorCode, type FileSystem } from './fs.js';

/** Run `f` holding `<file>.lock` (made exclusively); false when the lock was not had in time. */
export function lockOn(fs: FileSystem, waitMs: number, staleMs: number) {
  const remove = (lockFile: string) =>
    fs.rm(lockFile).catch((e: unknown) => {
      if (errorCode(e) !== 'ENOENT') throw e;
    });
  return async (file: string, f: () => Promise<void>): Promise<boolean> => {
    const lockFile = `${file}.lock`;
    const deadline = Date.now() + waitMs;
    let pause = 2;
    await fs.mkdir(path.dirname(file));
    while (!(await createExclusive(fs, lockFile))) {
      const held = await fs.stat(lockFile).catch(() => undefined);
      // Left by a process that died while holding it: broken, and tried again at once.
      if (held && Date.now() - held.mtimeMs > staleMs) {
        await remove(lockFile);
        continue;
      }
      if (Date.now() >= deadline) return false;
      await delay(pause);
      pause = Math.min(pause * 2, 50);
    }
    try {
      await f();
      return true;
    } finally {
      await remove(lockFile);
    }
  };
}

/** Make the lock file `file` (holding this process's id); false when another holds it. */
async function createExclusive(fs: FileSystem, file: string): Promise<boolean> {
  try {
    await fs.writeFile(file, `${process.pid}\n`, { exclusive: true });
    return true;
  } catch (e) {
    if (errorCode(e) === 'EEXIST') return false;
    throw e;
  }
}
