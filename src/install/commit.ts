// Putting staged skill folders into place with the lock, so that a process killed at any point
// leaves the old state or the new one. Before anything moves, a journal beside the lock names each
// move and the digest of the lock it leads to; every install command first settles a journal left by
// a killed one: forward when the new lock was written, else back.

import { createHash } from 'node:crypto';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { FileSystem } from '../files/fs.js';
import { type LockFile, lockText, updateLock } from './lock.js';

/** One folder put in place (`staged` set) or taken away (`staged` unset). */
export interface FolderMove {
  /** The installed folder. */
  target: string;
  /** The new folder, staged on the same file system. */
  staged?: string;
}

interface Journal {
  lockDigest: string;
  moves: Array<{ target: string; backup: string; staged?: string }>;
}

const digestOf = (text: string): string => createHash('sha256').update(text).digest('hex');
const journalOf = (lockFile: string): string => `${lockFile}.journal`;
const exists = (fs: FileSystem, p: string) =>
  fs.stat(p).then(
    () => true,
    () => false,
  );

/**
 * Before reading the lock: settle a journal a killed command left, under the lock's lock file (a
 * journal of a command still running is its own: this waits for it). Without a journal, nothing is
 * taken: a read-only project can still be verified.
 */
export async function settle(fs: FileSystem, lockFile: string): Promise<void> {
  if (!(await exists(fs, journalOf(lockFile)))) return;
  await updateLock(fs, lockFile, async () => {
    await recover(fs, lockFile);
    return undefined;
  });
}

/** Settle a journal a killed command left: forward when its lock was written, else back (held under the lock). */
async function recover(fs: FileSystem, lockFile: string): Promise<'none' | 'forward' | 'back'> {
  const file = journalOf(lockFile);
  const read = await fs.readFile(file, 16 * 1024 * 1024).catch(() => undefined);
  if (!read?.ok) return 'none';
  let j: Journal;
  try {
    j = JSON.parse(read.bytes.toString('utf8')) as Journal;
  } catch {
    // A journal cut short was written before anything moved.
    await fs.rm(file);
    return 'back';
  }
  const lock = await fs.readFile(lockFile, 64 * 1024 * 1024).catch(() => undefined);
  const written = lock?.ok === true && digestOf(lock.bytes.toString('utf8')) === j.lockDigest;
  for (const m of j.moves) {
    const backedUp = await exists(fs, m.backup);
    if (written) {
      if (backedUp) await rm(m.backup, { recursive: true, force: true });
    } else if (backedUp) {
      await rm(m.target, { recursive: true, force: true });
      await rename(m.backup, m.target);
    } else if (m.staged !== undefined && !(await exists(fs, m.staged))) {
      // The staged folder was moved in, and nothing stood there before: take it out again.
      await rm(m.target, { recursive: true, force: true });
    }
    if (m.staged) await rm(m.staged, { recursive: true, force: true });
  }
  await fs.rm(file);
  return written ? 'forward' : 'back';
}

/**
 * Under the lock's lock file: give `change` the lock as it is now; move the folders it returns into
 * place (or away) and write the lock it returns, journalled.
 */
export async function commitMoves(
  fs: FileSystem,
  lockFile: string,
  change: (lock: LockFile) => Promise<{ lock: LockFile; moves: FolderMove[] } | undefined>,
): Promise<LockFile> {
  return updateLock(fs, lockFile, async (now) => {
    await recover(fs, lockFile);
    const next = await change(now);
    if (!next) return undefined;
    const text = lockText(next.lock);
    const stamp = `${process.pid}-${Date.now().toString(36)}`;
    const journal: Journal = {
      lockDigest: digestOf(text),
      moves: next.moves.map((m) => ({ ...m, backup: `${m.target}.skillset-old-${stamp}` })),
    };
    await fs.writeFile(journalOf(lockFile), JSON.stringify(journal));
    try {
      for (const m of journal.moves) {
        if (await exists(fs, m.target)) await rename(m.target, m.backup);
        if (m.staged) {
          await mkdir(path.dirname(m.target), { recursive: true });
          await rename(m.staged, m.target);
        }
      }
      // The lock written is the point of no return; updateLock writes the same text again.
      await fs.writeFile(lockFile, text);
    } catch (e) {
      // A move or the lock refused (a full disk, a folder made read-only): back to the old state now.
      await recover(fs, lockFile).catch(() => undefined);
      throw e;
    }
    for (const m of journal.moves) await rm(m.backup, { recursive: true, force: true });
    await fs.rm(journalOf(lockFile));
    return next.lock;
  });
}
