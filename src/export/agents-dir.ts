// The agents-dir target: each skill folder copied byte for byte to `.agents/skills/<name>/`, no link followed out of it.

import path from 'node:path';
import { inSkillFolder } from '../files/confine.js';
import { SKIPPED_FOLDERS } from '../files/folders.js';
import type { ExportFs } from './fs.js';
import type { DesiredFile, ExportEntry } from './types.js';

/** One file of a skill folder: its path inside the folder (`/`-separated) and bytes. */
export interface FolderFile {
  rel: string;
  bytes: Buffer;
  executable: boolean;
}

/** Folders never copied: a repository's history and installed packages are not part of a skill. */

/** A skill folder larger than this is not copied (it is not a skill so much as a project). */
export const FOLDER_LIMITS = { files: 10_000, bytes: 64 * 1024 * 1024 };

function inside(child: string, root: string): boolean {
  return child === root || child.startsWith(root.endsWith(path.sep) ? root : `${root}${path.sep}`);
}

/**
 * Read a skill folder's files, sorted by path. A link is followed only when it resolves inside the
 * folder; others are skipped with a warning. Folders under `exclude` (the out folder's own copies)
 * are not read. Undefined when the folder is over FOLDER_LIMITS.
 */
export async function readSkillFolder(
  fs: ExportFs,
  dir: string,
  warn: (message: string) => void,
  exclude?: string,
): Promise<FolderFile[] | undefined> {
  const root = await fs.realpath(dir);
  // A skill that lives under the excluded folder is read whole; only copies below it are skipped.
  const skip = exclude !== undefined && !inside(root, exclude) ? exclude : undefined;
  const files: FolderFile[] = [];
  let bytes = 0;
  // The folders being walked: a link back into one of them is a loop.
  const walk = async (real: string, rel: string, above: ReadonlySet<string>): Promise<boolean> => {
    for (const name of await fs.readdir(real)) {
      const at = path.join(real, name);
      const relAt = rel === '' ? name : `${rel}/${name}`;
      let st = await fs.lstat(at);
      let target = at;
      if (st?.kind === 'symlink') {
        const resolved = await fs.realpath(at).catch(() => undefined);
        if (resolved === undefined) {
          warn(`${relAt} in ${dir} is a dangling link; not copied`);
          continue;
        }
        if (!inSkillFolder(resolved, root)) {
          warn(`${relAt} in ${dir} links outside the skill folder; not copied`);
          continue;
        }
        target = resolved;
        st = await fs.stat(resolved);
      }
      if (st?.kind === 'dir') {
        if (SKIPPED_FOLDERS.has(name) || above.has(target)) continue;
        if (skip !== undefined && inside(target, skip)) continue;
        if (!(await walk(target, relAt, new Set([...above, target])))) return false;
      } else if (st?.kind === 'file') {
        const b = await fs.readFile(target);
        bytes += b.length;
        files.push({ rel: relAt, bytes: b, executable: (st.mode & 0o111) !== 0 });
        if (files.length > FOLDER_LIMITS.files || bytes > FOLDER_LIMITS.bytes) return false;
      } else if (st) warn(`${relAt} in ${dir} is not a file or folder; not copied`);
    }
    return true;
  };
  if (!(await walk(root, '', new Set([root])))) {
    warn(
      `${dir} is over ${FOLDER_LIMITS.files.toLocaleString('en-US')} files or ${FOLDER_LIMITS.bytes / 1024 / 1024} MiB; not copied`,
    );
    return undefined;
  }
  return files.sort((a, b) => (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0));
}

/** The files a copy wants for one entry: its folder's files under `<base>/<stem>/`. */
export function agentsDirFiles(
  entry: ExportEntry,
  folder: readonly FolderFile[],
  base: string,
): DesiredFile[] {
  return folder.map((f) => ({
    path: `${base}/${entry.stem}/${f.rel}`,
    bytes: f.bytes,
    executable: f.executable,
  }));
}
