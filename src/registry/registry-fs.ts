// A registry's skills as a read-only file system: what one caller may see (the namespaces granted to
// its team), listed from the files table at the namespaces' current generations. Discovery, bodies,
// load and read-file go through it as they go through a folder on disk, so a registry server is the
// same service over another file system. Nothing here can be written. Only the listing is held: each
// SKILL.md's bytes come with it for discovery's one read of them, and every other read asks the
// registry for the file by its digest (the most recent few kept), so a team's view of a
// 100,000-skill library costs its listing, not its bytes.

import path from 'node:path';
import type pg from 'pg';
import {
  type DirEntry,
  type FileInfo,
  type FileSystem,
  fsError,
  type ReadResult,
} from '../files/fs.js';
import { pgError } from '../search/pg-schema.js';
import { REGISTRY_MOUNT } from './paths.js';

interface FileNode {
  size: number;
  mode: number;
  digest: string;
  /** The namespace (a space's name): where to ask for the bytes. */
  space: string;
  /** The bytes as listed (a SKILL.md's), until discovery has read them once. */
  bytes?: Buffer | undefined;
}

/** Bytes of files read on demand kept per file system (the most recently read first to stay). */
const KEPT_BYTES = 32 * 1024 * 1024;

/** A registry's files as a file system, read again (a publish made current) by `reload`. */
export interface RegistryFileSystem extends FileSystem {
  reload(): Promise<void>;
}

/** Read the files of `spaces` (names) in schema `s` into a file system under REGISTRY_MOUNT. */
export async function registryFileSystem(
  pool: pg.Pool,
  s: string,
  spaces: readonly string[],
  shown: string,
): Promise<RegistryFileSystem> {
  let tree = await readTree(pool, s, spaces);
  const kept = new Map<string, Buffer>();
  let keptBytes = 0;
  const bytesOf = async (file: string, f: FileNode): Promise<Buffer> => {
    if (f.bytes) {
      const b = f.bytes;
      f.bytes = undefined;
      return b;
    }
    const key = `${f.digest}\0${file}`;
    const hit = kept.get(key);
    if (hit) return hit;
    const asked = pool.query<{ bytes: Buffer }>(
      `SELECT f.bytes FROM ${s}.files AS f JOIN ${s}.spaces AS sp ON sp.id = f.space AND f.gen <= sp.gen
        WHERE sp.name = $1 AND f.folder = $2 AND f.rel = $3 AND f.digest = $4`,
      [f.space, path.posix.dirname(file), path.posix.basename(file), f.digest],
    );
    const row = (
      await asked.catch((e: unknown) => {
        throw pgError(e, shown);
      })
    ).rows[0];
    // Replaced since the listing was read: the listing moves on with the publish's notice.
    if (!row) throw fsError('ENOENT', file);
    kept.set(key, row.bytes);
    keptBytes += row.bytes.length;
    for (const [k, b] of kept) {
      if (keptBytes <= KEPT_BYTES) break;
      kept.delete(k);
      keptBytes -= b.length;
    }
    return row.bytes;
  };
  const fs = readOnlyFs(() => tree, bytesOf);
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
    await pool.query<{
      folder: string;
      rel: string;
      mode: number;
      size: number;
      digest: string;
      space: string;
      bytes: Buffer | null;
    }>(
      `SELECT f.folder, f.rel, f.mode, f.size, f.digest, sp.name AS space,
        CASE WHEN f.rel = 'SKILL.md' THEN f.bytes END AS bytes FROM ${s}.files AS f
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
    files.set(file, {
      size: r.size,
      mode: r.mode,
      digest: r.digest,
      space: r.space,
      bytes: r.bytes ?? undefined,
    });
    addDir(path.posix.dirname(file));
    const name = path.posix.basename(file);
    dirs.get(path.posix.dirname(file))?.set(name, { name, kind: 'file' });
  }
  return { files, dirs };
}

/** The file system over the tree `now()` gives (absolute, normalised paths), its bytes from `bytesOf`. */
function readOnlyFs(
  now: () => Tree,
  bytesOf: (file: string, f: FileNode) => Promise<Buffer>,
): FileSystem {
  const norm = (p: string): string => path.posix.resolve('/', p);
  const info = (p: string): FileInfo => {
    const { files, dirs } = now();
    const at = norm(p);
    const f = files.get(at);
    if (f) return { kind: 'file', size: f.size, mtimeMs: 0, mode: f.mode };
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
      if (f.size > maxBytes) return { ok: false, reason: 'too-large', size: f.size, kind: 'file' };
      const bytes = await bytesOf(norm(p), f);
      return { ok: true, bytes, size: bytes.length, mtimeMs: 0 };
    },
    mkdir: readOnly,
    writeFile: readOnly,
    rm: readOnly,
  };
}
