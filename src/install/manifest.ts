// A skill folder's manifest: every file, sorted by path, with its size and `sha256:` digest (as the
// MCP Skills extension's entries have them), and one aggregate digest over the list, so that two
// folders are the same when their digests are. Files reached through a link that leaves the folder
// are not in it; a copy never holds them either.

import { createHash } from 'node:crypto';
import type { FileSystem } from '../files/fs.js';
import { skillFolderFiles } from '../files/skill-folder.js';

/** One file of a manifest. */
export interface ManifestFile {
  /** Relative to the skill folder, `/`-separated. */
  path: string;
  size: number;
  /** `sha256:<hex>` of its bytes. */
  digest: string;
  /** Executable (the owner's execute bit). */
  executable?: true;
}

/** A folder's manifest. */
export interface Manifest {
  files: ManifestFile[];
  /** `sha256:` over each file's path, digest, size and mode, in order. */
  digest: string;
}

/** The most bytes one installed file may have. */
export const MAX_INSTALL_FILE_BYTES = 50 * 1024 * 1024;

const sha = (data: Uint8Array | string): string =>
  `sha256:${createHash('sha256').update(data).digest('hex')}`;

/** The aggregate digest of `files`. */
export function aggregateDigest(files: readonly ManifestFile[]): string {
  return sha(
    files.map((f) => `${f.path}\0${f.digest}\0${f.size}\0${f.executable ? 'x' : '-'}\n`).join(''),
  );
}

/** The manifest of the folder `dir` (its real path is the boundary: links out are left out). */
export async function folderManifest(fs: FileSystem, dir: string): Promise<Manifest> {
  const real = await fs.realpath(dir);
  const files: ManifestFile[] = [];
  for await (const item of skillFolderFiles(fs, dir, { dir: real, root: real })) {
    if (item.kind !== 'file') continue;
    const read = await fs.readFile(item.path, MAX_INSTALL_FILE_BYTES);
    if (!read.ok) continue;
    files.push({
      path: item.rel,
      size: read.size,
      digest: sha(read.bytes),
      ...((item.mode & 0o100) !== 0 ? { executable: true as const } : {}),
    });
  }
  return { files, digest: aggregateDigest(files) };
}

/** What differs between an installed folder and the manifest it was installed with. */
export interface ManifestDrift {
  modified: string[];
  missing: string[];
  extra: string[];
}

/** Compare `now` against `locked`. */
export function compareManifests(
  locked: readonly ManifestFile[],
  now: readonly ManifestFile[],
): ManifestDrift {
  const was = new Map(locked.map((f) => [f.path, f]));
  const is = new Map(now.map((f) => [f.path, f]));
  const drift: ManifestDrift = { modified: [], missing: [], extra: [] };
  for (const [p, f] of was) {
    const g = is.get(p);
    if (!g) drift.missing.push(p);
    else if (g.digest !== f.digest || g.size !== f.size || !g.executable !== !f.executable)
      drift.modified.push(p);
  }
  for (const p of is.keys()) if (!was.has(p)) drift.extra.push(p);
  return drift;
}
