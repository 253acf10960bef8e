// One root read: its folders walked and its SKILL.md files read, through the caches on a warm start
// (the root's snapshot, else the walk cache and the parse cache).

import path from 'node:path';
import type { RootScan } from '../catalog/resolve.js';
import { diagnostic } from '../diagnostics/diagnostic.js';
import { systemFolder } from '../files/folders.js';
import { errorCode, type FileSystem, nodeFileSystem } from '../files/fs.js';
import { statPath } from '../files/stat-path.js';
import { PARSER_VERSION, ParseCache } from './cache.js';
import { expectRecords } from './compact.js';
import { chainFolders, type GitignoreStack, gitignoreChain, NO_GITIGNORE } from './gitignore.js';
import { scanLegacy } from './legacy.js';
import { type ReadSkill, readAll } from './read.js';
import { RootSnapshot, type SnapshotHit } from './root-snapshot.js';
import { candidateOf } from './scan-snapshot.js';
import { projectFolders, type RootSpec } from './scopes.js';
import type { KeptFile } from './snapshot-columns.js';
import { type FoundSkill, type WalkResult, walkRoot } from './walk.js';
import { WalkCache } from './walk-cache.js';

/** How discovery reads each root. */
export interface ScanOptions {
  maxDepth: number;
  maxFolders: number;
  maxFileBytes: number;
  cacheDir: string | false;
  acceptLowercase: boolean;
  onFileRead: ((realPath: string, bytes: Buffer) => void) | undefined;
  cwd: string;
  home: string;
}

/** Is this root's read a snapshot that holds (its scan to be made from it), rather than a scan? */
export const isHit = (r: RootScan | SnapshotHit): r is SnapshotHit => 'whole' in r;

/**
 * Read one root: its scan, or, on a warm start, the root's snapshot when it still holds (the caller
 * rescans it, unless the catalog's snapshot answers for every root).
 */
export async function scanRoot(
  fs: FileSystem,
  spec: RootSpec,
  o: ScanOptions,
): Promise<RootScan | SnapshotHit> {
  const realRoot = await openRoot(fs, spec);
  if (typeof realRoot !== 'string') return realRoot;
  if (spec.legacy) return scanLegacy(fs, spec, realRoot, o.maxFileBytes);

  const chain = await gitignoreFolders(fs, spec, o);
  const walkOptions = {
    recursive: spec.recursive ?? false,
    maxDepth: o.maxDepth,
    maxFolders: o.maxFolders,
    acceptLowercase: o.acceptLowercase,
  };
  // A warm start on the real file system reuses the last scan whole when nothing it read changed;
  // else the last walk when no folder it listed changed, and each file's record while the file did not.
  const key =
    o.cacheDir !== false && fs === nodeFileSystem
      ? JSON.stringify([realRoot, spec.path, walkOptions, chain])
      : undefined;
  const snapshot =
    key !== undefined && o.cacheDir !== false
      ? RootSnapshot.open(
          o.cacheDir,
          `${PARSER_VERSION}\0${o.maxFileBytes}\0${key}`,
          spec.path,
          realRoot,
        )
      : undefined;
  // A snapshot that holds was made of a root no `.gitignore` of the chain ignored, and they are as
  // they were (it depends on them): they are read only when it does not.
  const hit = snapshot?.load();
  if (hit) {
    expectRecords(hit.dir.length);
    return hit;
  }
  let ignores: GitignoreStack = NO_GITIGNORE;
  if (chain.length > 0) {
    ignores = await gitignoreChain(fs, chain);
    if (ignores.ignores(spec.path, true)) return { candidates: [], diagnostics: [] };
  }
  const walkCache =
    key !== undefined && o.cacheDir !== false ? WalkCache.open(o.cacheDir, key) : undefined;
  let walk = walkCache?.load();
  if (!walk) {
    if (walkCache) for (const dir of chain) walkCache.watch.gitignore(path.join(dir, '.gitignore'));
    walk = await walkRoot(
      fs,
      spec.path,
      realRoot,
      walkCache ? { ...walkOptions, watch: walkCache.watch } : walkOptions,
      ignores,
    );
    walkCache?.save(walk);
  }
  expectRecords(walk.found.length);
  // Like the walk's, the parse cache is the real file system's: its files sit in a folder on disk,
  // read and written synchronously on the hot path, and describe files on disk.
  const cache =
    o.cacheDir === false || fs !== nodeFileSystem
      ? undefined
      : ParseCache.open(o.cacheDir, realRoot, o.maxFileBytes);
  const reads = await readAll(fs, walk.found, realRoot, o.maxFileBytes, cache, o.onFileRead);
  const written = cache?.save();
  const deps = walkCache?.deps();
  const kept = cache && keptFiles(walk.found, reads, cache);
  if (snapshot && cache && deps && kept)
    snapshot.save(
      walk,
      deps,
      kept,
      written === undefined ? undefined : { file: path.basename(cache.path), writtenAt: written },
    );
  return scanOf(walk, reads, spec, realRoot);
}

/** The root's real path, or the scan that says why it is not read (missing, not a folder, the system's). */
async function openRoot(fs: FileSystem, spec: RootSpec): Promise<string | RootScan> {
  let realRoot: string;
  try {
    realRoot = await fs.realpath(spec.path);
    const st = await fs.stat(realRoot);
    if (st.kind !== 'dir') throw Object.assign(new Error('not a folder'), { code: 'ENOTDIR' });
  } catch (e) {
    const code = errorCode(e);
    return {
      candidates: [],
      diagnostics: [
        diagnostic(
          'discover/missing-root',
          'error',
          spec.path,
          code === 'ENOENT'
            ? `Path does not exist: ${spec.path}`
            : code === 'ENOTDIR'
              ? `Not a directory: ${spec.path}`
              : `Skills folder could not be read (${code ?? String(e)}): ${spec.path}`,
          {
            data: { code, scope: spec.scope },
          },
        ),
      ],
    };
  }
  const system = systemFolder(realRoot);
  if (system === undefined) return realRoot;
  return {
    candidates: [],
    diagnostics: [
      diagnostic(
        'discover/system-folder',
        'error',
        spec.path,
        `The root is in ${system}, a folder of the operating system, not of skills; not read`,
        { data: { real: realRoot, scope: spec.scope } },
      ),
    ],
  };
}

/** The folders above the root whose `.gitignore` files apply to it. */
async function gitignoreFolders(fs: FileSystem, spec: RootSpec, o: ScanOptions): Promise<string[]> {
  if (!spec.recursive && spec.scope !== 'nested') return [];
  const project = await projectFolders(fs, spec.path, o.home);
  const top = project[project.length - 1] ?? spec.path;
  return chainFolders(spec.scope === 'nested' ? o.cwd : top, path.dirname(spec.path));
}

/** The root's scan: a candidate per SKILL.md read, and the walk's and the reads' diagnostics. */
function scanOf(
  walk: WalkResult,
  reads: readonly ReadSkill[],
  spec: RootSpec,
  realRoot: string,
): RootScan {
  const out: RootScan = { candidates: [], diagnostics: [...walk.diagnostics] };
  for (const [order, r] of reads.entries()) {
    if (r.ok)
      out.candidates.push(candidateOf(walk.found[order] as FoundSkill, r, spec, realRoot, order));
    else out.diagnostics.push(...r.diagnostics);
  }
  return out;
}

/**
 * What a root snapshot keeps of each found file after a scan: the record the parse cache kept for it,
 * when the record is the file's own (no link followed, nothing said on the way), else only its state,
 * so that a change makes the next scan read it as usual. Undefined when a file's state is unknown.
 */
function keptFiles(
  found: readonly FoundSkill[],
  reads: readonly ReadSkill[],
  cache: ParseCache,
): Array<KeptFile | undefined> | undefined {
  const out = new Array<KeptFile | undefined>(found.length);
  for (const [i, f] of found.entries()) {
    if (f.kind !== 'file') continue;
    const r = reads[i];
    const e = cache.kept(f.file);
    if (
      e &&
      r?.ok &&
      r.diagnostics.length === 0 &&
      r.realPath === `${f.realDir}/${path.basename(f.file)}`
    ) {
      out[i] = { size: e.size, mtimeMs: e.mtimeMs, head: e.head };
      continue;
    }
    try {
      const st = statPath(f.file);
      if (st?.kind !== 'file') return undefined;
      out[i] = { size: st.size, mtimeMs: st.mtimeMs };
    } catch {
      return undefined;
    }
  }
  return out;
}
