// The file system skillset reads and writes through: a small interface, a Node implementation, errors
// by code. Discovery, bodies, export, the tier build and the state store all take it from settings.

import fs from 'node:fs';
import path from 'node:path';
import { type Diagnostic, diagnostic } from '../diagnostics/diagnostic.js';
import { makeDirs, withExecutable, writeFileAtomically } from '../util/dirs.js';
import { statPath } from './stat-path.js';

/** The kind of a directory entry, as readdir reports it (links are not followed). */
export type EntryKind = 'file' | 'dir' | 'symlink' | 'other';

/** A directory entry. */
export interface DirEntry {
  name: string;
  kind: EntryKind;
}

/** What stat reports (links followed). */
export interface FileInfo {
  kind: Exclude<EntryKind, 'symlink'>;
  size: number;
  mtimeMs: number;
  /** Permission bits (`0o755`, say). */
  mode: number;
}

/** A bounded read: the bytes, or only the size when the file is over the limit. */
export type ReadResult =
  | { ok: true; bytes: Buffer; size: number; mtimeMs: number }
  | { ok: false; reason: 'too-large' | 'not-a-file'; size: number; kind: EntryKind };

/** How to read a file. */
export interface ReadOptions {
  /** Fail with `ELOOP` when the path is itself a link (a file read where discovery confined it). */
  noFollow?: boolean;
}

/** How to write a file. */
export interface WriteOptions {
  /** Set the executable bits where the read bits are (0o644 → 0o755). */
  executable?: boolean;
  /** Create the file only if nothing is at the path (else EEXIST), in place: a lock file. */
  exclusive?: boolean;
}

/**
 * What skillset needs from a file system. Methods throw errors carrying a Node-style `code`
 * (`ENOENT`, `EACCES`, `ELOOP`, `ENOTDIR`, `EEXIST`, `ENOTEMPTY`) for paths they cannot use.
 */
export interface FileSystem {
  readdir(dir: string): Promise<DirEntry[]>;
  stat(path: string): Promise<FileInfo>;
  realpath(path: string): Promise<string>;
  readlink(path: string): Promise<string>;
  /**
   * Read a regular file of at most `maxBytes`; never blocks on a FIFO. Links are followed unless
   * `noFollow`, when a link as the last component fails with `ELOOP`.
   */
  readFile(path: string, maxBytes: number, options?: ReadOptions): Promise<ReadResult>;
  /** Make `dir` and the folders above it that are missing; always ends (ENOENT past 32 missing levels). */
  mkdir(dir: string): Promise<void>;
  /**
   * Write `data` to `path` whole or not at all (a temporary file renamed into place: a reader sees the
   * old file or the new, never part of one). Its folder must exist. A link at `path` is replaced.
   */
  writeFile(path: string, data: string | Uint8Array, options?: WriteOptions): Promise<void>;
  /** Remove a file, a link (not what it points to) or an empty folder (ENOTEMPTY for another). */
  rm(path: string): Promise<void>;
}

/** The `code` of a file-system error, or `undefined`. */
export function errorCode(e: unknown): string | undefined {
  return typeof e === 'object' && e !== null && 'code' in e
    ? String((e as { code: unknown }).code)
    : undefined;
}

/**
 * The diagnostic for a link that could not be followed (`e` from stat or read): a loop, a dangling
 * target, or another failure. A linked folder is skipped with a warning; a linked SKILL.md is an error.
 */
export async function linkFailure(
  fs: FileSystem,
  link: string,
  e: unknown,
  as: 'folder' | 'file',
): Promise<Diagnostic> {
  const code = errorCode(e);
  const target = await fs.readlink(link).catch(() => undefined);
  const severity = as === 'folder' ? 'warning' : 'error';
  const outcome = as === 'folder' ? 'not followed' : 'not loaded';
  if (code === 'ELOOP')
    return diagnostic(
      'discover/symlink-loop',
      severity,
      link,
      `Link \`${target ?? '?'}\` loops back on itself; ${outcome}`,
      { data: { target } },
    );
  if ((code === 'ENOENT' || code === 'ENOTDIR') && target !== undefined)
    return diagnostic(
      'discover/dangling-link',
      severity,
      link,
      `Link target \`${target}\` does not exist; ${outcome}`,
      { data: { target } },
    );
  return as === 'folder'
    ? diagnostic(
        'discover/unreadable-folder',
        severity,
        link,
        `Link could not be followed (${code ?? String(e)})`,
        { data: { target, code } },
      )
    : diagnostic(
        'discover/unreadable-file',
        severity,
        link,
        `File could not be read (${code ?? String(e)}); not loaded`,
        { data: { code } },
      );
}

/** Does `path` exist? A path that exists but cannot be read counts as existing (the caller reports it). */
export async function pathExists(fs: FileSystem, path: string): Promise<boolean> {
  try {
    // The real file system answers a missing path without throwing (an error is costly to make).
    if (fs === nodeFileSystem) return statPath(path) !== undefined;
    await fs.stat(path);
    return true;
  } catch (e) {
    const code = errorCode(e);
    return code !== 'ENOENT' && code !== 'ENOTDIR';
  }
}

/**
 * Why skillset cannot write into `dir`, or undefined when it can (the folder is made if missing).
 * Access checks say nothing on some mounts (and pass for root): a file made and removed is the proof.
 */
export async function unwritableReason(fs: FileSystem, dir: string): Promise<string | undefined> {
  try {
    await fs.mkdir(dir);
    const probe = path.join(dir, `.probe-${process.pid}-${Date.now()}`);
    await fs.writeFile(probe, '', { exclusive: true });
    await fs.rm(probe);
    return undefined;
  } catch (e) {
    return errorCode(e) ?? (e as Error).message;
  }
}

/** Make an error with a Node-style code, for FileSystem implementations. */
export function fsError(code: string, path: string): Error {
  return Object.assign(new Error(`${code}: ${path}`), { code, path });
}

function kindOf(d: fs.Dirent | fs.Stats): EntryKind {
  if (d.isFile()) return 'file';
  if (d.isDirectory()) return 'dir';
  if (d.isSymbolicLink()) return 'symlink';
  return 'other';
}

const OPEN_FLAGS = fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0);
const NO_FOLLOW = fs.constants.O_NOFOLLOW ?? 0;

/**
 * The real file system. It makes synchronous calls behind the async interface: for many small
 * local files they are about 4× faster than libuv's thread pool (see docs/performance.md).
 */
export const nodeFileSystem: FileSystem = {
  async readdir(dir) {
    return fs
      .readdirSync(dir, { withFileTypes: true })
      .map((d) => ({ name: d.name, kind: kindOf(d) }));
  },
  async stat(path) {
    const s = fs.statSync(path);
    return {
      kind: kindOf(s) as FileInfo['kind'],
      size: s.size,
      mtimeMs: s.mtimeMs,
      mode: s.mode & 0o7777,
    };
  },
  async realpath(path) {
    return fs.realpathSync.native(path);
  },
  async readlink(path) {
    return fs.readlinkSync(path);
  },
  async readFile(path, maxBytes, options) {
    const fd = fs.openSync(path, options?.noFollow ? OPEN_FLAGS | NO_FOLLOW : OPEN_FLAGS);
    try {
      const s = fs.fstatSync(fd);
      if (!s.isFile()) return { ok: false, reason: 'not-a-file', size: s.size, kind: kindOf(s) };
      if (s.size > maxBytes) return { ok: false, reason: 'too-large', size: s.size, kind: 'file' };
      const bytes = Buffer.allocUnsafe(s.size);
      let off = 0;
      while (off < s.size) {
        const n = fs.readSync(fd, bytes, off, s.size - off, off);
        if (n === 0) break;
        off += n;
      }
      return {
        ok: true,
        bytes: off === s.size ? bytes : bytes.subarray(0, off),
        size: off,
        mtimeMs: s.mtimeMs,
      };
    } finally {
      fs.closeSync(fd);
    }
  },
  async mkdir(dir) {
    makeDirs(dir);
  },
  async writeFile(path, data, options = {}) {
    if (options.exclusive) fs.writeFileSync(path, data, { flag: 'wx' });
    else writeFileAtomically(path, data, options.executable === true);
    if (options.exclusive && options.executable)
      fs.chmodSync(path, withExecutable(fs.statSync(path).mode & 0o7777, true));
  },
  async rm(path) {
    if (fs.lstatSync(path).isDirectory()) fs.rmdirSync(path);
    else fs.unlinkSync(path);
  },
};
