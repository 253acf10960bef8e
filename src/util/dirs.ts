// Folders skillset writes into (the cache): made without hanging, checked before use, written atomically.

import { createHash } from 'node:crypto';
import nodeFs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The default cache folder: `SKILLSET_CACHE_DIR`, else `$XDG_CACHE_HOME/skillset`, else `~/.cache/skillset`. */
export function defaultCacheDir(): string {
  if (process.env.SKILLSET_CACHE_DIR) return process.env.SKILLSET_CACHE_DIR;
  const base = process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
  return path.join(base, 'skillset');
}

/** Deepest chain of missing folders made at once; more is not a cache folder anyone meant. */
const MAX_MISSING = 32;

/**
 * `mkdir -p` that always ends. Node's own recursive mkdir spins forever under `/proc` (each
 * attempt at a missing parent reports ENOENT again), so each missing parent is made in turn.
 * Throws the file system's error (with its `code`) when a folder cannot be made.
 */
export function makeDirs(dir: string): void {
  const missing: string[] = [];
  let at = path.resolve(dir);
  for (;;) {
    let st: nodeFs.Stats | undefined;
    try {
      st = nodeFs.statSync(at);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    }
    if (st) {
      if (st.isDirectory()) break;
      throw Object.assign(new Error(`${at} is not a folder`), { code: 'ENOTDIR' });
    }
    missing.push(at);
    const parent = path.dirname(at);
    if (parent === at || missing.length > MAX_MISSING)
      throw Object.assign(new Error(`cannot make ${dir}`), { code: 'ENOENT' });
    at = parent;
  }
  for (const d of missing.reverse()) {
    try {
      nodeFs.mkdirSync(d);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e; // made by another process meanwhile
    }
  }
}

/**
 * Write `text` to `file` through a temporary file and a rename: a reader sees the old file or the new,
 * whole. `executable` sets the executable bits where the read bits are, before the rename.
 */
export function writeFileAtomically(
  file: string,
  text: string | Uint8Array,
  executable = false,
): void {
  const tmp = `${file}.${process.pid}.tmp`;
  try {
    nodeFs.writeFileSync(tmp, text);
    if (executable) nodeFs.chmodSync(tmp, withExecutable(nodeFs.statSync(tmp).mode & 0o7777, true));
    nodeFs.renameSync(tmp, file);
  } finally {
    removeIfThere(tmp);
  }
}

/** `mode` with the executable bits set where the read bits are (0o644 → 0o755), or cleared. */
export function withExecutable(mode: number, executable: boolean): number {
  return executable ? mode | ((mode & 0o444) >> 2) : mode & ~0o111;
}

/** A cache file's path: `<kind>-<the first 20 hex digits of sha256(key)>.<ext>` in `cacheDir`. */
export function cacheFile(cacheDir: string, kind: string, key: string, ext = 'json'): string {
  const name = createHash('sha256').update(key).digest('hex').slice(0, 20);
  return path.join(cacheDir, `${kind}-${name}.${ext}`);
}

/**
 * A cached fact about a file is trusted only when the file's mtime is this much older than the
 * cache's writing (the racy-git guard: a file changed in the same moment may look unchanged).
 */
export const RACY_MS = 2000;

/** A small state file kept beside an index in the cache folder (`<kind>-<key>.json`), none without a cache. */
export function stateFileFor(
  cacheDir: string | false,
  indexFile: string,
  kind: string,
): string | undefined {
  return cacheDir === false ? undefined : cacheFile(cacheDir, kind, indexFile);
}

/** Remove a file if it exists (unlink, not rmSync: that loads a module of its own on first use). */
function removeIfThere(file: string): void {
  try {
    nodeFs.unlinkSync(file);
  } catch {
    // Already gone (renamed into place), or never made.
  }
}
