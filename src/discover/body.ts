// Read a skill's body on demand, checking the file against the content hash it was parsed with.

import { createHash } from 'node:crypto';
import { SkillsetError } from '../errors.js';
import { parseSkillFile, repairUtf8 } from '../skill/parse.js';
import type { Skill } from '../skill/types.js';
import { type FileSystem, nodeFileSystem } from './fs.js';
import { DEFAULT_MAX_FILE_BYTES } from './read.js';

/** A skill's body as read now, and whether the file changed since the skill was parsed. */
export interface SkillBody {
  body: string;
  /** 1-based line of the body's first line in the file. */
  bodyLine: number;
  /** sha256 of the bytes read now. */
  contentHash: string;
  /** True when the file no longer matches `skill.contentHash` (the body is the new one). */
  changed: boolean;
}

/**
 * What reading a body needs of a skill: its file and the content hash it was parsed with, and where
 * its body starts when known (otherwise the file is parsed again to find it).
 */
export type BodySource = Pick<Skill, 'path' | 'contentHash'> &
  Partial<Pick<Skill, 'realPath' | 'bodyOffset' | 'bodyLine'>>;

/** Read the Markdown body of `skill` from disk. Throws SkillsetError if the file is gone or unreadable. */
export async function readSkillBody(
  skill: BodySource,
  options: { fs?: FileSystem; maxFileBytes?: number } = {},
): Promise<SkillBody> {
  const fs = options.fs ?? nodeFileSystem;
  let r: Awaited<ReturnType<FileSystem['readFile']>>;
  try {
    r = await fs.readFile(
      skill.realPath || skill.path,
      options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES,
    );
  } catch (e) {
    throw new SkillsetError(
      'skill/unreadable',
      `Cannot read ${skill.path}: ${(e as Error).message}`,
      { cause: e },
    );
  }
  if (!r.ok)
    throw new SkillsetError(
      'skill/unreadable',
      `Cannot read ${skill.path}: ${r.reason === 'too-large' ? 'file too large' : 'not a regular file'}`,
    );
  const contentHash = createHash('sha256').update(r.bytes).digest('hex');
  const changed = contentHash !== skill.contentHash;
  const known =
    !changed && skill.bodyOffset !== undefined && skill.bodyLine !== undefined
      ? { bodyOffset: skill.bodyOffset, bodyLine: skill.bodyLine }
      : parseSkillFile(r.bytes, skill.path);
  return {
    body: repairUtf8(r.bytes).toString('utf8', known.bodyOffset),
    bodyLine: known.bodyLine,
    contentHash,
    changed,
  };
}
