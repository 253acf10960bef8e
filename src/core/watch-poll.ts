// What a watch that gave way to polling compares from one poll to the next: each skill folder's
// files by path, size and modification time, hashed, so a poll finds the folders that changed
// without holding a watch or a record per file.

import { createHash } from 'node:crypto';
import { lstat, readdir, readlink } from 'node:fs/promises';
import path from 'node:path';
import { SKILL_FILE_LEVELS, SKIPPED_FOLDERS } from '../files/folders.js';
import { DEFAULT_FILE_LIMITS } from './skill-files.js';

/** Files counted at most: as many as a skill folder's files are listed (skill-files.ts). */
const MAX_FILES = DEFAULT_FILE_LIMITS.maxFiles;

/** A hash of what `dir` holds (links as their targets, never followed); equal hashes, same files. */
export async function folderPrint(dir: string): Promise<string> {
  const hash = createHash('sha256');
  let files = 0;
  const walk = async (at: string, rel: string, level: number): Promise<void> => {
    const entries = await readdir(at, { withFileTypes: true }).catch(() => []);
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const e of entries) {
      if (files >= MAX_FILES) return;
      const p = path.join(at, e.name);
      const r = rel === '' ? e.name : `${rel}/${e.name}`;
      if (e.isDirectory()) {
        if (!SKIPPED_FOLDERS.has(e.name) && level < SKILL_FILE_LEVELS) await walk(p, r, level + 1);
        continue;
      }
      files++;
      if (e.isSymbolicLink()) {
        hash.update(`${r}\0->${await readlink(p).catch(() => '?')}\n`);
        continue;
      }
      const st = await lstat(p).catch(() => undefined);
      hash.update(`${r}\0${st?.size ?? -1}\0${st?.mtimeMs ?? -1}\n`);
    }
  };
  await walk(dir, '', 0);
  return hash.digest('hex');
}
