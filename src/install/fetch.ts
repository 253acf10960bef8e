// Getting a source's tree, and finding the skills in it. A git source is fetched (one commit,
// shallow) into a temporary folder; a local folder is read where it is. Nothing in it is run.

import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { SkillsetError } from '../errors.js';
import type { FileSystem } from '../files/fs.js';
import { parseSkillFile } from '../skill/parse.js';
import { relativeInside } from '../util/paths.js';
import { ARCHIVE_LIMITS, unpackArchive } from './archive.js';
import { fetchCommit, resolveRef } from './git.js';
import type { Source } from './source.js';
import { fetchWellKnown } from './well-known.js';

/** A source's tree, ready to read. */
export interface FetchedTree {
  /** The folder to look for skills in (the repository's subpath, or the local folder). */
  dir: string;
  /** The commit fetched, and the ref asked for (git sources). */
  commit?: string;
  ref?: string;
  /** Each skill's artifact digest, by its folder in the tree (well-known sources). */
  artifacts?: Record<string, string>;
  /** What the source had that was not taken (well-known sources: index entries, archive entries). */
  warnings?: string[];
  /** Removes what the fetch made. */
  cleanup(): Promise<void>;
}

/** Fetch `source` at `ref` (or `commit`, restoring from a lock); of a well-known index, the `skills` named (default all). */
export async function fetchTree(
  source: Source,
  fs: FileSystem,
  at: { ref?: string; commit?: string; skills?: readonly string[] } = {},
): Promise<FetchedTree> {
  if (source.kind === 'folder') return { dir: source.dir, cleanup: async () => {} };
  if (source.kind === 'archive') return unpacked(source.file, fs);
  if (source.kind === 'well-known') return fetchWellKnown(source.index, at.skills);
  const ref = at.ref ?? source.ref;
  const resolved = at.commit
    ? { commit: at.commit, ref: ref ?? at.commit }
    : await resolveRef(source.url, ref);
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'skillset-fetch-'));
  const cleanup = () => rm(tmp, { recursive: true, force: true });
  try {
    await fetchCommit(source.url, resolved.commit, resolved.ref, tmp);
    const dir = path.join(tmp, source.subpath);
    if (relativeInside(tmp, dir) === undefined || !(await fs.stat(dir).catch(() => undefined)))
      throw new SkillsetError(
        'install/no-skills',
        `${source.spec} has no folder \`${source.subpath}\``,
      );
    return { dir, commit: resolved.commit, ref: resolved.ref, cleanup };
  } catch (e) {
    await cleanup();
    throw e;
  }
}

/** An archive unpacked into a temporary folder (archive.ts). */
async function unpacked(file: string, fs: FileSystem): Promise<FetchedTree> {
  const read = await fs.readFile(file, ARCHIVE_LIMITS.totalBytes);
  if (!read.ok)
    throw new SkillsetError('install/bad-archive', `${file} is too large or not a file`);
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'skillset-archive-'));
  const cleanup = () => rm(tmp, { recursive: true, force: true });
  try {
    await unpackArchive(file, read.bytes, tmp);
    return { dir: tmp, cleanup };
  } catch (e) {
    await cleanup();
    throw e;
  }
}

/** A skill found in a tree. */
export interface FoundSkill {
  name: string;
  /** Its folder. */
  dir: string;
  /** Its folder relative to the tree, `/`-separated ('' for the tree itself). */
  rel: string;
}

/** A name that is safe as a folder name: the spec's characters, nothing that climbs. */
const SAFE_NAME = /^[a-z0-9][a-z0-9._-]{0,127}$/i;

/** How deep below the tree skills are looked for. */
const DEPTH = 6;

/** The skills of `dir` (its own SKILL.md, or those below it, to a depth of six), by name. */
export async function findSkills(fs: FileSystem, dir: string): Promise<FoundSkill[]> {
  const out: FoundSkill[] = [];
  const walk = async (at: string, depth: number): Promise<void> => {
    const entries = await fs.readdir(at).catch(() => []);
    const file = entries.find((e) => e.kind === 'file' && e.name === 'SKILL.md');
    if (file) {
      out.push(await found(fs, dir, at));
      return;
    }
    if (depth >= DEPTH) return;
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const e of entries)
      if (e.kind === 'dir' && e.name !== '.git' && e.name !== 'node_modules')
        await walk(path.join(at, e.name), depth + 1);
  };
  await walk(dir, 0);
  return out;
}

async function found(fs: FileSystem, tree: string, dir: string): Promise<FoundSkill> {
  const read = await fs.readFile(path.join(dir, 'SKILL.md'), 1024 * 1024).catch(() => undefined);
  const named = read?.ok
    ? parseSkillFile(read.bytes, path.join(dir, 'SKILL.md')).frontmatter.name
    : undefined;
  const base = path.basename(dir);
  const name = typeof named === 'string' && SAFE_NAME.test(named) ? named : base;
  if (!SAFE_NAME.test(name))
    throw new SkillsetError(
      'install/unsafe-name',
      `The skill at ${dir} has no name usable as a folder`,
    );
  return { name, dir, rel: (relativeInside(tree, dir) ?? '').split(path.sep).join('/') };
}
