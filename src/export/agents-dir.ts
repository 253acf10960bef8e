// The agents-dir target: each skill folder copied byte for byte to `.agents/skills/<name>/`, no link followed out of it.

import type { FileSystem } from '../files/fs.js';
import { skillFolderFiles } from '../files/skill-folder.js';
import type { DesiredFile, ExportEntry } from './types.js';

/** One file of a skill folder: its path inside the folder (`/`-separated) and bytes. */
export interface FolderFile {
  rel: string;
  bytes: Buffer;
  executable: boolean;
}

/** A skill folder larger than this is not copied (it is not a skill so much as a project). */
export const FOLDER_LIMITS = { files: 10_000, bytes: 64 * 1024 * 1024 };

/** What a copy says of an entry the walk left out; none for a link back to a folder it walked. */
const SKIP_WARNINGS: Readonly<Record<string, string>> = {
  'a link that leads nowhere': 'is a dangling link',
  'a link to outside the skill folder': 'links outside the skill folder',
  'not a file or folder': 'is not a file or folder',
};

/**
 * Read a skill folder's files through the one walk (src/files/skill-folder.ts), sorted by path: a
 * link is followed only when it resolves inside the folder; others are skipped with a warning.
 * `exclude` names what of the out folder a skill folder may hold, never read: its own copies (a
 * folder) and its manifest (a file). Undefined when the folder is over FOLDER_LIMITS.
 */
export async function readSkillFolder(
  fs: FileSystem,
  dir: string,
  warn: (message: string) => void,
  exclude: { folder?: string; file?: string } = {},
): Promise<FolderFile[] | undefined> {
  const root = await fs.realpath(dir);
  const files: FolderFile[] = [];
  let bytes = 0;
  for await (const item of skillFolderFiles(fs, root, { dir: root, root }, exclude.folder)) {
    if (item.kind === 'file' && item.path === exclude.file) continue;
    if (item.kind === 'skipped') {
      const what = SKIP_WARNINGS[item.reason];
      if (what) warn(`${item.rel} in ${dir} ${what}; not copied`);
      continue;
    }
    const r = await fs.readFile(item.path, FOLDER_LIMITS.bytes);
    if (!r.ok && r.reason === 'not-a-file') continue; // gone from under the walk
    bytes += r.size;
    if (r.ok) files.push({ rel: item.rel, bytes: r.bytes, executable: (item.mode & 0o111) !== 0 });
    if (!r.ok || files.length > FOLDER_LIMITS.files || bytes > FOLDER_LIMITS.bytes) {
      warn(
        `${dir} is over ${FOLDER_LIMITS.files.toLocaleString('en-US')} files or ${FOLDER_LIMITS.bytes / 1024 / 1024} MiB; not copied`,
      );
      return undefined;
    }
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
