// A lock file beside a file: made exclusively (holding the process id and host), removed when done.
// A lock whose process of this machine is gone, or one older than the stale time, was left by a
// process that died, and is broken. The state store and the
// install lock (skillset.lock.json) take turns through it.

import os from 'node:os';
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
      // Left by a process that died while holding it (one of this machine that is gone, or any
      // older than the stale time): broken, and tried again at once.
      const owner = held ? await ownerOf(fs, lockFile) : undefined;
      if (
        (held && Date.now() - held.mtimeMs > staleMs) ||
        (owner !== undefined && isGone(owner) && (await ownerOf(fs, lockFile)) === owner)
      ) {
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

/** The `pid host` line a lock file holds, or undefined. */
async function ownerOf(fs: FileSystem, lockFile: string): Promise<string | undefined> {
  const r = await fs.readFile(lockFile, 256).catch(() => undefined);
  return r?.ok ? r.bytes.toString('utf8').trim() : undefined;
}

/** Is the owner a process of this machine that no longer runs? (Another machine's is never judged.) */
function isGone(owner: string): boolean {
  const [pid, host] = owner.split(' ');
  const n = Number(pid);
  if (!Number.isInteger(n) || n <= 0 || host !== os.hostname()) return false;
  try {
    process.kill(n, 0);
    return false;
  } catch (e) {
    return errorCode(e) === 'ESRCH';
  }
}

/** Make the lock file `file` (holding this process's id and host); false when another holds it. */
async function createExclusive(fs: FileSystem, file: string): Promise<boolean> {
  try {
    await fs.writeFile(file, `${process.pid} ${os.hostname()}\n`, { exclusive: true });
    return true;
  } catch (e) {
    if (errorCode(e) === 'EEXIST') return false;
    throw e;
  }
}
