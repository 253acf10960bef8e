// What an export reads of the out folder through the injected FileSystem: where a relative path is,
// what is at a path, and the writes that make folders as needed.

import path from 'node:path';
import { errorCode, type FileInfo, type FileSystem, type ReadResult } from '../files/fs.js';
import type { ExistingFile } from './types.js';

/** The absolute path of `rel` (`/`-separated) in the out folder. */
export function outPath(outDir: string, rel: string): string {
  return path.join(outDir, ...rel.split('/'));
}

/** The entry at `p` (links followed), or undefined when nothing is there (or a link dangles). */
export async function statIfThere(fs: FileSystem, p: string): Promise<FileInfo | undefined> {
  try {
    return await fs.stat(p);
  } catch (e) {
    const code = errorCode(e);
    if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'ELOOP') return undefined;
    throw e;
  }
}

/** What is at `file`: a file's bytes, or what else is there; undefined when nothing is. */
export async function readExisting(
  fs: FileSystem,
  file: string,
): Promise<ExistingFile | undefined> {
  let r: ReadResult;
  try {
    // Read whole (no bound), never through a link in the file's place: a link is not ours to write through.
    r = await fs.readFile(file, Number.MAX_SAFE_INTEGER, { noFollow: true });
  } catch (e) {
    const code = errorCode(e);
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
    if (code === 'ELOOP') return { kind: 'other', what: 'link' };
    if (code === 'ENXIO') return { kind: 'other', what: 'special file' }; // a socket
    throw e;
  }
  if (!r.ok) return { kind: 'other', what: r.kind === 'dir' ? 'folder' : 'special file' };
  const { mode } = await fs.stat(file);
  return { kind: 'file', bytes: r.bytes, executable: (mode & 0o111) !== 0 };
}

/** Write `bytes` to `file` whole, its folder made first. */
export async function writeWhole(
  fs: FileSystem,
  file: string,
  bytes: Buffer,
  executable = false,
): Promise<void> {
  await fs.mkdir(path.dirname(file));
  await fs.writeFile(file, bytes, { executable });
}

/** Remove the folder `dir` if it is empty (never a link in its place); true when it was removed. */
export async function removeDirIfEmpty(fs: FileSystem, dir: string): Promise<boolean> {
  const link = await fs.readlink(dir).then(
    () => true,
    () => false,
  );
  if (link) return false;
  return fs.rm(dir).then(
    () => true,
    () => false,
  );
}
