// A registry's skills as a read-only file system: what one caller may see (the namespaces granted to
// its team), read from the files table once, at the namespaces' current generations. Discovery,
// bodies, load and read-file go through it as they go through a folder on disk, so a registry server
// is the same service over another file system. Nothing here can be written.

import path from 'node:path';
import type pg from 'pg';
import {
  type DirEntry,
  type FileInfo,
  type FileSystem,
  fsError,
  type ReadResult,
} from '../files/fs.js';
import { REGISTRY_MOUNT } from './paths.js';

interface FileNode {
  bytes: Buffer;
  mode: number;
}

/** A registry's files as a file system, read again (a publish made current) by `reload`. */
export interface RegistryFileSystem extends FileSystem {
  reload(): Promise<void>;
}

/** Read the files of `spaces` (names) in schema `s` into a file system under REGISTRY_MOUNT. */
export async function registryFileSystem(
  pool: pg.Pool,
  s: string,
  spaces: readonly string[],
): Promise<RegistryFileSystem> {
  let tree = await readTree(pool, s, spaces);
  const fs = readOnlyFs(() => tree);
  return {
    ...fs,
    async reload() {
      tree = await readTree(pool, s, spaces);
    },
  };
}

/** The files and folders of a registry's namespaces, by absolute path. */
interface Tree {
  files: Map<string, FileNode>;
  dirs: Map<string, Map<string, DirEntry>>;
}

async function readTree(pool: pg.Pool, s: string, spaces: readonly string[]): Promise<Tree> {
  const rows = (
    await pool.query<{ folder: string; rel: string; mode: number; bytes: Buffer }>(
      `SELECT f.folder, f.rel, f.mode, f.bytes FROM ${s}.files AS f
      JOIN ${s}.spaces AS sp ON sp.id = f.space AND f.gen <= sp.gen AND sp.name = ANY($1)`,
      [spaces],
    )
  ).rows;
  const files = new Map<string, FileNode>();
  const dirs = new Map<string, Map<string, DirEntry>>();
  const addDir = (dir: string): void => {
    if (dirs.has(dir)) return;
    dirs.set(dir, new Map());
    if (dir === '/') return;
    const parent = path.posix.dirname(dir);
    addDir(parent);
    const name = path.posix.basename(dir);
    dirs.get(parent)?.set(name, { name, kind: 'dir' });
  };
  addDir(REGISTRY_MOUNT);
  for (const space of spaces) addDir(`${REGISTRY_MOUNT}/${space}`);
  for (const r of rows) {
    const file = `${r.folder}/${r.rel}`;
    // A folder's rows are only ever the ones publish wrote: never a path out of the mount.
    if (!file.startsWith(`${REGISTRY_MOUNT}/`) || path.posix.normalize(file) !== file) continue;
    files.set(file, { bytes: r.bytes, mode: r.mode });
    addDir(path.posix.dirname(file));
    const name = path.posix.basename(file);
    dirs.get(path.posix.dirname(file))?.set(name, { name, kind: 'file' });
  }
  return { files, dirs };
}

/** The file system over the tree `now()` gives (absolute, normalised paths). */
function readOnlyFs(now: () => Tree): FileSystem {
  const norm = (p: string): string => path.posix.resolve('/', p);
  const info = (p: string): FileInfo => {
    const { files, dirs } = now();
    const at = norm(p);
    const f = files.get(at);
    if (f) return { kind: 'file', size: f.bytes.length, mtimeMs: 0, mode: f.mode };
    if (dirs.has(at)) return { kind: 'dir', size: 0, mtimeMs: 0, mode: 0o755 };
    throw fsError('ENOENT', p);
  };
  const readOnly = async (p: string): Promise<never> => {
    throw fsError('EROFS', p);
  };
  return {
    async readdir(dir) {
      const { files, dirs } = now();
      const entries = dirs.get(norm(dir));
      if (!entries) throw fsError(files.has(norm(dir)) ? 'ENOTDIR' : 'ENOENT', dir);
      return [...entries.values()].sort((a, b) => (a.name < b.name ? -1 : 1));
    },
    stat: async (p) => info(p),
    async realpath(p) {
      info(p);
      return norm(p);
    },
    async readlink(p) {
      info(p);
      throw fsError('EINVAL', p);
    },
    async readFile(p, maxBytes): Promise<ReadResult> {
      const i = info(p);
      const f = now().files.get(norm(p));
      if (!f) return { ok: false, reason: 'not-a-file', size: i.size, kind: i.kind };
      if (f.bytes.length > maxBytes)
        return { ok: false, reason: 'too-large', size: f.bytes.length, kind: 'file' };
      return { ok: true, bytes: f.bytes, size: f.bytes.length, mtimeMs: 0 };
    },
    mkdir: readOnly,
    writeFile: readOnly,
    rm: readOnly,
  };
}
