// One rule for every byte skillset serves from a skill: a skill's files are those whose real path is
// inside the skill's real folder, and its SKILL.md may also be a link to a file elsewhere inside the
// root it was found in (one skill under two names). A link, or a git link placeholder, that leads
// anywhere else is refused. Discovery, body reads, the folder's files and MCP resources all ask here.

import path from 'node:path';
import type { Skill } from '../skill/types.js';
import { relativeInside } from '../util/paths.js';
import type { FileSystem } from './fs.js';

/** The real folders that bound a skill: its own folder, and the root it was found in. */
export interface Boundary {
  dir: string;
  root: string;
}

/** Which file of a skill is asked about: its SKILL.md, or any other file of its folder. */
export type FileRole = 'skill-md' | 'file';

/** Is the real path `real` inside the skill folder whose real path is `dir` (or the folder itself)? */
export function inSkillFolder(real: string, dir: string): boolean {
  return relativeInside(dir, real) !== undefined;
}

/** May the file whose real path is `real` be served as this skill's file of this role? */
export function withinBoundary(real: string, b: Boundary, role: FileRole = 'file'): boolean {
  if (inSkillFolder(real, b.dir)) return true;
  return role === 'skill-md' && relativeInside(b.root, real) !== undefined;
}

/** The boundary of `skill`, as real paths (a folder that cannot be resolved stands as written). */
export async function skillBoundary(
  fs: FileSystem,
  skill: Pick<Skill, 'dir' | 'source'>,
): Promise<Boundary> {
  const real = (p: string) => fs.realpath(p).catch(() => path.resolve(p));
  const [dir, root] = await Promise.all([real(skill.dir), real(skill.source.root)]);
  return { dir, root };
}

/** Why the file at `real` may not be served as this skill's, or undefined when it may. */
export function outsideReason(
  real: string,
  b: Boundary,
  role: FileRole = 'file',
): string | undefined {
  if (withinBoundary(real, b, role)) return undefined;
  return role === 'skill-md'
    ? `it is \`${real}\`, outside the skill's folder and its root`
    : `it is \`${real}\`, outside the skill's folder`;
}
