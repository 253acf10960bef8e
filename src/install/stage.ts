// Copying a skill folder into a staging folder beside its target (the same file system, so that it
// moves into place with one rename): its files only, through the one folder walk, so that a link
// that leaves the skill, a `.git` or `node_modules` folder, or a FIFO is never copied.

import { chmod, mkdir, mkdtemp, rmdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { SkillsetError } from '../errors.js';
import type { FileSystem } from '../files/fs.js';
import { skillFolderFiles } from '../files/skill-folder.js';
import { relativeInside } from '../util/paths.js';
import { type FetchedTree, fetchTree, findSkills } from './fetch.js';
import type { LockEntry } from './lock.js';
import { folderManifest, MAX_INSTALL_FILE_BYTES, type Manifest } from './manifest.js';
import { parseSource, type Source } from './source.js';

/** A skill staged for the lock: its copy, manifest and new entry. */
export interface StagedSkill {
  name: string;
  staged: string;
  manifest: Manifest;
  entry: LockEntry;
}

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
  // mkdtemp makes it private; an installed skill is read by whoever reads the project.
  await chmod(staged, 0o755);
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

/**
 * The trees one run fetched, by source and commit: the skills of one repository at one commit share
 * one fetch. `close` removes them all.
 */
export interface Trees {
  get(
    source: Source,
    at: { commit?: string; ref?: string; skills?: readonly string[] },
  ): Promise<FetchedTree>;
  close(): Promise<void>;
}

/** A new, empty set of fetched trees over `fs`. */
export function fetchedTrees(fs: FileSystem): Trees {
  const trees = new Map<string, Promise<FetchedTree>>();
  return {
    get(source, at) {
      const where =
        source.kind === 'git'
          ? [source.url, source.subpath, at.commit ?? null, at.ref ?? source.ref ?? null]
          : source.kind === 'well-known'
            ? [source.index, ...(at.skills ?? [])]
            : [source.kind === 'folder' ? source.dir : source.file];
      const key = JSON.stringify([source.kind, ...where]);
      let t = trees.get(key);
      if (!t) {
        t = fetchTree(source, fs, at);
        trees.set(key, t);
      }
      return t;
    },
    async close() {
      for (const t of trees.values()) await t.then((x) => x.cleanup()).catch(() => undefined);
      trees.clear();
    },
  };
}

/**
 * Fetch `e`'s source at `at` (a commit, else its ref), through `trees`, and stage the skill at its
 * locked path; the entry is `e` with the staged files (and the commit fetched). The caller closes
 * `trees`.
 */
export async function stageEntry(
  ctx: { fs: FileSystem; cwd: string },
  name: string,
  e: LockEntry,
  at: { commit?: string },
  skillsDir: string,
  trees: Trees,
): Promise<StagedSkill> {
  const source = await parseSource(e.source, ctx.cwd, ctx.fs);
  // A lock may come with a repository: its local sources are read only inside the project.
  const local =
    source.kind === 'folder' ? source.dir : source.kind === 'archive' ? source.file : undefined;
  if (local !== undefined && relativeInside(ctx.cwd, local) === undefined)
    throw new SkillsetError(
      'install/untrusted-source',
      `The lock names \`${e.source}\`, outside the project, for \`${name}\`: not read`,
      {
        hint: `A local source outside the project does not travel with the lock: \`skillset add ${e.source}\` reads it by hand.`,
      },
    );
  const tree = await trees.get(source.kind === 'git' ? { ...source, subpath: '' } : source, {
    ...(at.commit ? { commit: at.commit } : {}),
    ...(e.ref ? { ref: e.ref } : {}),
    // Of an index, the one skill: each is its own download.
    ...(source.kind === 'well-known' ? { skills: [e.path] } : {}),
  });
  const artifact = tree.artifacts?.[e.path];
  const dir = path.join(tree.dir, ...e.path.split('/').filter(Boolean));
  const found = (await findSkills(ctx.fs, dir)).find((f) => f.rel === '');
  if (!found)
    throw new SkillsetError(
      'install/no-skills',
      `${e.source} has no skill at \`${e.path || '.'}\` any more`,
    );
  const copy = await stageSkill(ctx.fs, dir, skillsDir);
  return {
    name,
    staged: copy.staged,
    manifest: copy.manifest,
    entry: {
      ...e,
      ...(at.commit ? { commit: at.commit } : {}),
      ...(artifact ? { artifact } : {}),
      digest: copy.manifest.digest,
      files: copy.manifest.files,
    },
  };
}
