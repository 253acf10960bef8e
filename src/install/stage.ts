// Copying a skill folder into a staging folder beside its target (the same file system, so that it
// moves into place with one rename): its files only, through the one folder walk, so that a link
// that leaves the skill, a `.git` or `node_modules` folder, or a FIFO is never copied.

import { chmod, mkdir, mkdtemp, rmdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FileSystem } from '../files/fs.js';
import { skillFolderFiles } from '../files/skill-folder.js';
import { folderManifest, MAX_INSTALL_FILE_BYTES, type Manifest } from './manifest.js';

/** The folder stagings go in: beside the skills folder, on its file system. */
export const stagingRoot = (skillsDir: string): string =>
  path.join(path.dirname(skillsDir), '.skillset-staging');

/** Copy the skill folder `from` into a new staging folder under `skillsDir`'s; its path and manifest. */
export async function stageSkill(
  fs: FileSystem,
  from: string,
  skillsDir: string,
): Promise<{ staged: string; manifest: Manifest; skipped: string[] }> {
  const root = stagingRoot(skillsDir);
  await mkdir(root, { recursive: true });
  const staged = await mkdtemp(path.join(root, 'skill-'));
  const real = await fs.realpath(from);
  const skipped: string[] = [];
  for await (const item of skillFolderFiles(fs, from, { dir: real, root: real })) {
    if (item.kind !== 'file') {
      skipped.push(`${item.rel}: ${item.reason}`);
      continue;
    }
    const read = await fs.readFile(item.path, MAX_INSTALL_FILE_BYTES);
    if (!read.ok) {
      skipped.push(`${item.rel}: ${read.reason === 'too-large' ? 'over 50 MB' : 'not a file'}`);
      continue;
    }
    const to = path.join(staged, ...item.rel.split('/'));
    await mkdir(path.dirname(to), { recursive: true });
    await writeFile(to, read.bytes);
    await chmod(to, (item.mode & 0o100) !== 0 ? 0o755 : 0o644);
  }
  return { staged, manifest: await folderManifest(fs, staged), skipped };
}

/** Remove the staging folder once nothing is left in it (another process's staging keeps it). */
export async function dropStagingRoot(skillsDir: string): Promise<void> {
  await rmdir(stagingRoot(skillsDir)).catch(() => undefined);
}
