// The file system an export reads and writes through: a small interface and the Node implementation.

import nodeFs from 'node:fs';
import path from 'node:path';
import { makeDirs, writeFileAtomically } from '../util/dirs.js';
import type { ExistingFile } from './types.js';

/** What lstat or stat reports. */
export interface ExportStat {
  kind: 'file' | 'dir' | 'symlink' | 'other';
  /** Permission bits. */
  mode: number;
  size: number;
}

/** What an export needs from a file system; methods throw Node-style errors (with `code`). */
export interface ExportFs {
  /** The entry itself (links not followed), or undefined when nothing is there. */
  lstat(p: string): Promise<ExportStat | undefined>;
  /** The entry, links followed, or undefined when nothing is there (or the link dangles). */
  stat(p: string): Promise<ExportStat | undefined>;
  readFile(p: string): Promise<Buffer>;
  /** Entry names, sorted. */
  readdir(p: string): Promise<string[]>;
  realpath(p: string): Promise<string>;
  /** Write whole or not at all (temporary file and rename), folders made as needed. */
  writeFile(p: string, bytes: Buffer, options?: { executable?: boolean }): Promise<void>;
  /** Set or clear the executable bits (as the read bits allow). */
  setExecutable(p: string, executable: boolean): Promise<void>;
  remove(p: string): Promise<void>;
  /** Remove a folder if it is empty; true when it was removed. */
  removeDirIfEmpty(p: string): Promise<boolean>;
}

function kindOf(st: nodeFs.Stats): ExportStat['kind'] {
  if (st.isSymbolicLink()) return 'symlink';
  if (st.isFile()) return 'file';
  if (st.isDirectory()) return 'dir';
  return 'other';
}

function statOrUndefined(f: () => nodeFs.Stats): ExportStat | undefined {
  try {
    const st = f();
    return { kind: kindOf(st), mode: st.mode & 0o7777, size: st.size };
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'ELOOP') return undefined;
    throw e;
  }
}

/** Executable bits where the read bits are set: 0o644 → 0o755. */
function withExecutable(mode: number, executable: boolean): number {
  return executable ? mode | ((mode & 0o444) >> 2) : mode & ~0o111;
}

function setExecutableBits(p: string, executable: boolean): void {
  const mode = nodeFs.statSync(p).mode & 0o7777;
  const next = withExecutable(mode, executable);
  if (next !== mode) nodeFs.chmodSync(p, next);
}

/** The real file system; writes go through writeFileAtomically. */
export const nodeExportFs: ExportFs = {
  async lstat(p) {
    return statOrUndefined(() => nodeFs.lstatSync(p));
  },
  async stat(p) {
    return statOrUndefined(() => nodeFs.statSync(p));
  },
  async readFile(p) {
    return nodeFs.readFileSync(p);
  },
  async readdir(p) {
    return nodeFs.readdirSync(p).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  },
  async realpath(p) {
    return nodeFs.realpathSync(p);
  },
  async writeFile(p, bytes, options = {}) {
    makeDirs(path.dirname(p));
    writeFileAtomically(p, bytes);
    if (options.executable) setExecutableBits(p, true);
  },
  async setExecutable(p, executable) {
    setExecutableBits(p, executable);
  },
  async remove(p) {
    nodeFs.unlinkSync(p);
  },
  async removeDirIfEmpty(p) {
    try {
      if (nodeFs.readdirSync(p).length > 0) return false;
      nodeFs.rmdirSync(p);
      return true;
    } catch {
      return false;
    }
  },
};

/** The absolute path of `rel` (`/`-separated) in the out folder. */
export function outPath(outDir: string, rel: string): string {
  return path.join(outDir, ...rel.split('/'));
}

/** What is at `file`: a file's bytes, or what else is there; undefined when nothing is. */
export async function readExisting(fs: ExportFs, file: string): Promise<ExistingFile | undefined> {
  const st = await fs.lstat(file);
  if (st === undefined) return undefined;
  if (st.kind === 'file')
    return { kind: 'file', bytes: await fs.readFile(file), executable: (st.mode & 0o111) !== 0 };
  return {
    kind: 'other',
    what: st.kind === 'symlink' ? 'link' : st.kind === 'dir' ? 'folder' : 'special file',
  };
}
