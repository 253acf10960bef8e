// An in-memory FileSystem for tests and embedders: files, folders, links, and injected errors; writes
// change the tree (a write replaces a file whole, as the real one's rename does).

import path from 'node:path';
import { withExecutable } from '../util/dirs.js';
import { type DirEntry, type EntryKind, type FileInfo, type FileSystem, fsError } from './fs.js';

/** A node in a memory tree: a string or bytes is a file, an object a folder. */
export type MemoryTree = { [name: string]: MemoryTree | string | Buffer | MemoryNode };

/** Special nodes: links, FIFOs, and paths that fail with an error code. */
export type MemoryNode =
  | { kind: 'symlink'; target: string }
  | { kind: 'fifo' }
  | { kind: 'error'; code: string };

type Node =
  | { kind: 'dir'; children: Map<string, Node> }
  | { kind: 'file'; bytes: Buffer; mtimeMs: number; mode: number }
  | { kind: 'symlink'; target: string }
  | { kind: 'fifo' }
  | { kind: 'error'; code: string };

function isSpecial(v: unknown): v is MemoryNode {
  return (
    typeof v === 'object' &&
    v !== null &&
    !Buffer.isBuffer(v) &&
    typeof (v as { kind?: unknown }).kind === 'string'
  );
}

/** The modes of a file and a folder made here (as under the usual umask). */
const FILE_MODE = 0o644;
const DIR_MODE = 0o755;

function build(tree: MemoryTree, mtimeMs: number): Node {
  const children = new Map<string, Node>();
  for (const [name, v] of Object.entries(tree)) {
    if (typeof v === 'string' || Buffer.isBuffer(v))
      children.set(name, { kind: 'file', bytes: Buffer.from(v), mtimeMs, mode: FILE_MODE });
    else if (isSpecial(v)) children.set(name, { ...v });
    else children.set(name, build(v as MemoryTree, mtimeMs));
  }
  return { kind: 'dir', children };
}

type Dir = Extract<Node, { kind: 'dir' }>;

/** Resolve `p` in the tree at `root` to a node and its real path; `follow` decides the last component. */
function resolveIn(root: Dir, p: string, follow: boolean, hops = 0): { node: Node; real: string } {
  if (hops > 40) throw fsError('ELOOP', p);
  const parts = path.posix.resolve('/', p).split('/').filter(Boolean);
  let node: Node = root;
  let real = '/';
  for (let i = 0; i < parts.length; i++) {
    if (node.kind === 'error') throw fsError(node.code, real);
    if (node.kind !== 'dir') throw fsError('ENOTDIR', real);
    const child: Node | undefined = node.children.get(parts[i] as string);
    if (!child) throw fsError('ENOENT', path.posix.join(real, parts[i] as string));
    const childPath = path.posix.join(real, parts[i] as string);
    const last = i === parts.length - 1;
    if (child.kind === 'symlink' && (!last || follow)) {
      const target = path.posix.resolve(real, child.target);
      const r = resolveIn(root, target, true, hops + 1);
      node = r.node;
      real = r.real;
      continue;
    }
    node = child;
    real = childPath;
  }
  if (node.kind === 'error') throw fsError(node.code, real);
  return { node, real };
}

// An error node lists as a folder (as an unreadable folder does) and fails when read.
const kindOf = (n: Node): EntryKind =>
  n.kind === 'fifo' ? 'other' : n.kind === 'error' ? 'dir' : n.kind;

/** A FileSystem over an in-memory tree rooted at `/`. Links resolve like POSIX ones (40 hops at most). */
export function createMemoryFileSystem(
  tree: MemoryTree,
  options: { mtimeMs?: number } = {},
): FileSystem {
  const root = build(tree, options.mtimeMs ?? 0) as Dir;
  const resolve = (p: string, follow: boolean) => resolveIn(root, p, follow);
  return {
    async readdir(dir) {
      const { node } = resolve(dir, true);
      if (node.kind !== 'dir') throw fsError('ENOTDIR', dir);
      const out: DirEntry[] = [];
      for (const [name, child] of node.children) out.push({ name, kind: kindOf(child) });
      return out;
    },
    async stat(p) {
      const { node } = resolve(p, true);
      const info: FileInfo = {
        kind: kindOf(node) as FileInfo['kind'],
        size: 0,
        mtimeMs: 0,
        mode: node.kind === 'dir' ? DIR_MODE : 0,
      };
      if (node.kind === 'file') {
        info.size = node.bytes.length;
        info.mtimeMs = node.mtimeMs;
        info.mode = node.mode;
      }
      return info;
    },
    async realpath(p) {
      return resolve(p, true).real;
    },
    async readlink(p) {
      const { node } = resolve(p, false);
      if (node.kind !== 'symlink') throw fsError('EINVAL', p);
      return node.target;
    },
    async readFile(p, maxBytes, o) {
      const { node } = resolve(p, o?.noFollow !== true);
      if (node.kind === 'symlink') throw fsError('ELOOP', p);
      if (node.kind !== 'file')
        return { ok: false, reason: 'not-a-file', size: 0, kind: kindOf(node) };
      if (node.bytes.length > maxBytes)
        return { ok: false, reason: 'too-large', size: node.bytes.length, kind: 'file' };
      return { ok: true, bytes: node.bytes, size: node.bytes.length, mtimeMs: node.mtimeMs };
    },
    ...memoryWrites(root),
  };
}

/** The writes of a memory tree: each changes the tree at once, so a write is always whole. */
function memoryWrites(root: Dir): Pick<FileSystem, 'mkdir' | 'writeFile' | 'rm'> {
  /** The folder an entry `p` is in (links followed to it), and the entry's name. */
  const entry = (p: string): { folder: Dir; name: string } => {
    const abs = path.posix.resolve('/', p);
    if (abs === '/') throw fsError('EPERM', p);
    const { node } = resolveIn(root, path.posix.dirname(abs), true);
    if (node.kind !== 'dir') throw fsError('ENOTDIR', p);
    return { folder: node, name: path.posix.basename(abs) };
  };
  return {
    async mkdir(dir) {
      const parts = path.posix.resolve('/', dir).split('/').filter(Boolean);
      let at = '/';
      for (const part of parts) {
        const { node } = resolveIn(root, at, true);
        if (node.kind !== 'dir') throw fsError('ENOTDIR', at);
        at = path.posix.join(at, part);
        if (!node.children.has(part)) node.children.set(part, { kind: 'dir', children: new Map() });
      }
      if (resolveIn(root, at, true).node.kind !== 'dir') throw fsError('ENOTDIR', at);
    },
    async writeFile(p, data, o = {}) {
      const { folder, name } = entry(p);
      const there = folder.children.get(name);
      if (o.exclusive && there) throw fsError('EEXIST', p);
      if (there?.kind === 'dir') throw fsError('EISDIR', p);
      const mode = withExecutable(FILE_MODE, o.executable === true);
      // A copy: the caller may reuse its buffer.
      folder.children.set(name, {
        kind: 'file',
        bytes: Buffer.from(data),
        mtimeMs: Date.now(),
        mode,
      });
    },
    async rm(p) {
      const { folder, name } = entry(p);
      const there = folder.children.get(name);
      if (!there) throw fsError('ENOENT', p);
      if (there.kind === 'dir' && there.children.size > 0) throw fsError('ENOTEMPTY', p);
      folder.children.delete(name);
    },
  };
}
