// The one walk of a skill folder's files: what a load lists, what MCP serves and digests, what an export
// copies. Entries come
// in path order; the folders discovery skips and those deeper than a skill's levels are not entered;
// a link is followed only when it resolves inside the skill's boundary (src/files/confine.ts), and
// a folder is walked once, so a link back up never walks a tree twice. Nothing is read.

import path from 'node:path';
import { relativeInside } from '../util/paths.js';
import { type Boundary, withinBoundary } from './confine.js';
import { SKILL_FILE_LEVELS, SKIPPED_FOLDERS } from './folders.js';
import type { FileSystem } from './fs.js';

/** A file of the folder, or an entry left out and why. */
export type FolderItem =
  | {
      kind: 'file';
      /** Relative to the skill folder, `/`-separated. */
      rel: string;
      /** The walked folder joined with `rel`. */
      path: string;
      size: number;
      /** Permission bits (an export keeps the executable ones). */
      mode: number;
    }
  | { kind: 'skipped'; rel: string; reason: string };

const byName = (a: { name: string }, b: { name: string }): number =>
  a.name < b.name ? -1 : a.name > b.name ? 1 : 0;

/**
 * The files of the skill folder `bounds.dir` (walked from `dir`, its path as the caller knows it),
 * in path order; a consumer that has enough stops iterating. A folder whose real path is inside
 * `skip` (an export's own copies, when the skill holds the out folder) is not entered.
 */
export async function* skillFolderFiles(
  fs: FileSystem,
  dir: string,
  bounds: Boundary,
  skip?: string,
): AsyncGenerator<FolderItem> {
  // A skill that lives under `skip` is walked whole: only folders below the skill are skipped.
  const skipped = skip !== undefined && relativeInside(skip, bounds.dir) === undefined ? skip : '';
  const walked = new Set<string>([bounds.dir]);
  yield* walk(fs, { dir, rel: '', depth: 0 }, { ...bounds, skip: skipped }, walked);
}

async function* walk(
  fs: FileSystem,
  at: { dir: string; rel: string; depth: number },
  bounds: Boundary & { skip: string },
  walked: Set<string>,
): AsyncGenerator<FolderItem> {
  const entries = await fs.readdir(at.dir).catch(() => []);
  entries.sort(byName);
  for (const e of entries) {
    const p = path.join(at.dir, e.name);
    const rel = at.rel === '' ? e.name : `${at.rel}/${e.name}`;
    const real = await fs.realpath(p).catch(() => undefined);
    if (real === undefined) {
      yield { kind: 'skipped', rel, reason: 'a link that leads nowhere' };
      continue;
    }
    if (!withinBoundary(real, bounds, rel === 'SKILL.md' ? 'skill-md' : 'file')) {
      yield { kind: 'skipped', rel, reason: 'a link to outside the skill folder' };
      continue;
    }
    const info = await fs.stat(p).catch(() => undefined);
    if (info?.kind === 'dir') {
      if (SKIPPED_FOLDERS.has(e.name) || at.depth >= SKILL_FILE_LEVELS) continue;
      if (bounds.skip !== '' && relativeInside(bounds.skip, real) !== undefined) continue;
      // Walked already, or the skill folder or a folder above it (a loop).
      if (walked.has(real) || relativeInside(real, bounds.dir) !== undefined) {
        yield { kind: 'skipped', rel, reason: 'a link to a folder already listed' };
        continue;
      }
      walked.add(real);
      yield* walk(fs, { dir: p, rel, depth: at.depth + 1 }, bounds, walked);
    } else if (info?.kind === 'file')
      yield { kind: 'file', rel, path: p, size: info.size, mode: info.mode };
    else if (info) yield { kind: 'skipped', rel, reason: 'not a file or folder' };
  }
}
