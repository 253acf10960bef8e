// The root snapshot's file: its columns, their check before use, and the JSON it is written as
// (root-snapshot.ts reads and writes it).

import { type Diagnostic, isDiagnosticList } from '../diagnostics/diagnostic.js';
import type { DescriptionSource } from '../skill/types.js';
import type { FoundSkill } from './walk.js';

/** Bump when the file's shape, or what a scan keeps, changes. */
export const SNAPSHOT_VERSION = 1;

/** The parse cache holding the kept records' front matter (its second file), as written at `writtenAt`. */
export interface ParseFiles {
  /** The first file's name, in the snapshot's folder. */
  file: string;
  writtenAt: number;
}

/**
 * The file's first line: the walk's folders and found files by column, paths written whole (read
 * without joining). Its second line is the JSON array of the kept records' descriptions, decoded only
 * when one is asked for (a search asks for none).
 */
export interface SnapshotFile {
  version: number;
  writtenAt: number;
  /** Names this write among all others (a catalog snapshot names the scans it was made from). */
  nonce: string;
  root: string;
  realRoot: string;
  parse: ParseFiles | null;
  /** Each folder the walk listed (the root, or a path below it), and its mtime. */
  folders: string[];
  mtimes: number[];
  /** Each `.gitignore` consulted: [file, size, mtimeMs], or [file, -1, -1] when it did not exist. */
  files: Array<[string, number, number]>;
  /** The walk's own diagnostics and folder count. */
  diagnostics: Diagnostic[];
  count: number;
  /** Per found file: its folder (an index into `folders`), its path and its kind as the walk saw it. */
  dir: number[];
  path: string[];
  kind: FoundSkill['kind'][];
  /** Per found file: size and mtime (-1 for an entry that is not a file). */
  size: number[];
  mtime: number[];
  /** Per found file, its record's head, or `null` in `hash` when none is kept. */
  hash: Array<string | null>;
  /** The length of the second line, in bytes (a file cut short is not used). */
  descriptions: number;
  source: DescriptionSource[];
  bytes: number[];
  bodyOffset: number[];
  bodyLine: number[];
  /** Heads' diagnostics, by found file, for those that have any. */
  headDiagnostics: Record<string, Diagnostic[]>;
}

const isArray = (a: unknown, n: number): boolean => Array.isArray(a) && a.length === n;

/**
 * Is `s` a snapshot of this version, every column of the right length? The values' types are checked
 * as they are used: a warm start reads thousands.
 */
export function wellFormed(s: SnapshotFile): boolean {
  const f = s.folders?.length ?? -1;
  const n = s.dir?.length ?? -1;
  return (
    s.version === SNAPSHOT_VERSION &&
    typeof s.writtenAt === 'number' &&
    typeof s.nonce === 'string' &&
    isArray(s.folders, f) &&
    isArray(s.mtimes, f) &&
    Array.isArray(s.files) &&
    isDiagnosticList(s.diagnostics) &&
    typeof s.count === 'number' &&
    isArray(s.dir, n) &&
    isArray(s.path, n) &&
    isArray(s.kind, n) &&
    isArray(s.size, n) &&
    isArray(s.mtime, n) &&
    isArray(s.hash, n) &&
    typeof s.descriptions === 'number' &&
    isArray(s.source, n) &&
    isArray(s.bytes, n) &&
    isArray(s.bodyOffset, n) &&
    isArray(s.bodyLine, n) &&
    typeof s.headDiagnostics === 'object' &&
    s.headDiagnostics !== null &&
    (s.parse === null ||
      (typeof s.parse?.file === 'string' &&
        !s.parse.file.includes('/') &&
        typeof s.parse.writtenAt === 'number'))
  );
}

/**
 * Does every folder lie in the root, every found file's column hold a value of its type, and every
 * path name a file in its folder?
 */
export function typed(s: SnapshotFile, root: string): boolean {
  const f = s.folders.length;
  for (let i = 0; i < f; i++) {
    const d = s.folders[i];
    if (
      typeof d !== 'string' ||
      typeof s.mtimes[i] !== 'number' ||
      (d !== root && !(d.startsWith(root) && d.charCodeAt(root.length) === 47))
    )
      return false;
  }
  for (let i = 0; i < s.dir.length; i++) {
    const at = s.dir[i] as number;
    const dir = s.folders[at] as string;
    const file = s.path[i];
    const hash = s.hash[i];
    if (
      !(Number.isInteger(at) && at >= 0 && at < f) ||
      typeof file !== 'string' ||
      !file.startsWith(dir) ||
      file.charCodeAt(dir.length) !== 47 ||
      file.length === dir.length + 1 ||
      file.indexOf('/', dir.length + 1) !== -1 ||
      (s.kind[i] !== 'file' && s.kind[i] !== 'dir' && s.kind[i] !== 'other') ||
      typeof s.size[i] !== 'number' ||
      typeof s.mtime[i] !== 'number' ||
      (hash !== null &&
        (typeof hash !== 'string' ||
          s.kind[i] !== 'file' ||
          typeof s.source[i] !== 'string' ||
          typeof s.bytes[i] !== 'number' ||
          typeof s.bodyOffset[i] !== 'number' ||
          typeof s.bodyLine[i] !== 'number'))
    )
      return false;
  }
  for (const k in s.headDiagnostics) if (!isDiagnosticList(s.headDiagnostics[k])) return false;
  return true;
}

/** A folder's path relative to the root (`''` for the root itself). */
export const relOf = (root: string, dir: string): string =>
  dir === root ? '' : dir.slice(root.length + 1);

/** `rel` below `base` as the walk writes it (`''` is `base` itself). */
export const below = (base: string, rel: string): string => (rel === '' ? base : `${base}/${rel}`);

/** JSON with non-ASCII as `\u` escapes: read as Latin-1, an ASCII file loads several times faster. */
export function asciiJson(data: unknown): string {
  return JSON.stringify(data).replace(
    /[\u007f-\uffff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
