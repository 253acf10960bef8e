// The root snapshot's columns: each found file's state as the scan left it, added to the columns, and
// checked against the file system before the snapshot is used (root-snapshot.ts).

import { statMatches } from '../files/stat-path.js';
import type { Head } from './compact.js';
import { below, relOf, type SnapshotFile } from './snapshot-file.js';
import type { FoundSkill } from './walk.js';
import { filesHold, type WalkDeps } from './walk-cache.js';

/** A found SKILL.md as the scan left it: its size and mtime, and its record's head when one is kept. */
export interface KeptFile {
  size: number;
  mtimeMs: number;
  /** Absent: the file is read afresh each time (a link placeholder, a file that does not parse). */
  head?: Head;
}

/** Is every folder, `.gitignore` and SKILL.md a snapshot depends on as it was? */
export function dependenciesHold(s: SnapshotFile): boolean {
  const { folders, mtimes } = s;
  for (let i = 0; i < folders.length; i++)
    if (!statMatches(folders[i] as string, 'dir', -1, mtimes[i] as number)) return false;
  if (!filesHold(s.files)) return false;
  for (let i = 0; i < s.dir.length; i++)
    if (
      s.kind[i] === 'file' &&
      !statMatches(s.path[i] as string, 'file', s.size[i] as number, s.mtime[i] as number)
    )
      return false;
  return true;
}

/**
 * The folders a walk listed, with their mtimes and each one's index; undefined when one is not written
 * as the snapshot rebuilds it, changed too recently (`recent`) or comes twice.
 */
export function listedFolders(
  deps: WalkDeps,
  root: string,
  recent: (mtime: number) => boolean,
): { folders: string[]; mtimes: number[]; index: Map<string, number> } | undefined {
  const folders: string[] = [];
  const mtimes: number[] = [];
  const index = new Map<string, number>();
  for (const [dir, mtime] of deps.folders) {
    if (below(root, relOf(root, dir)) !== dir || recent(mtime) || index.has(dir)) return undefined;
    index.set(dir, folders.length);
    folders.push(dir);
    mtimes.push(mtime);
  }
  return { folders, mtimes, index };
}

/** Does the snapshot rebuild this found entry as it is (its paths, and a kept state for a file only)? */
export function rebuilt(
  f: FoundSkill,
  kept: KeptFile | undefined,
  root: string,
  realRoot: string,
): boolean {
  const name = f.file.slice(f.dir.length + 1);
  return !(
    f.file !== `${f.dir}/${name}` ||
    name.includes('/') ||
    f.rel !== relOf(root, f.dir) ||
    f.realDir !== below(realRoot, f.rel) ||
    (f.kind === 'file') !== (kept !== undefined) ||
    (f.kind !== 'file' && f.kind !== 'dir' && f.kind !== 'other')
  );
}

/** Add found entry `i` (in folder `at`) to the snapshot's columns, and its description to `descriptions`. */
export function addFound(
  s: SnapshotFile,
  descriptions: string[],
  i: number,
  at: number,
  f: FoundSkill,
  kept: KeptFile | undefined,
): void {
  const head = kept?.head;
  s.dir.push(at);
  s.path.push(f.file);
  s.kind.push(f.kind);
  s.size.push(kept ? kept.size : -1);
  s.mtime.push(kept ? kept.mtimeMs : -1);
  s.hash.push(head ? head.contentHash : null);
  descriptions.push(head ? head.description : '');
  s.source.push(head ? head.descriptionSource : 'none');
  s.bytes.push(head ? head.bytes : 0);
  s.bodyOffset.push(head ? head.bodyOffset : 0);
  s.bodyLine.push(head ? head.bodyLine : 0);
  if (head && head.diagnostics.length > 0) s.headDiagnostics[i] = head.diagnostics;
}
