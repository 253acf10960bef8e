// Read a skill's body on demand, checking the file against the content hash it was parsed with.

import { createHash } from 'node:crypto';
import { SkillsetError } from '../errors.js';
import { outsideReason, skillBoundary } from '../files/confine.js';
import { errorCode, type FileSystem, nodeFileSystem, type ReadResult } from '../files/fs.js';
import { parseSkillFile, repairUtf8 } from '../skill/parse.js';
import type { Skill } from '../skill/types.js';
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
 * its body starts when known (otherwise the file is parsed again to find it). With its folder and
 * source, a file that has become a link since discovery is followed only inside the skill's bounds.
 */
export type BodySource = Pick<Skill, 'path' | 'contentHash'> &
  Partial<Pick<Skill, 'realPath' | 'bodyOffset' | 'bodyLine' | 'dir' | 'source'>>;

function unreadable(skill: BodySource, why: string, cause?: unknown): SkillsetError {
  return new SkillsetError('skill/unreadable', `Cannot read ${skill.path}: ${why}`, {
    ...(cause ? { cause } : {}),
    hint: 'Check that its SKILL.md still exists and is readable; a link must stay inside the skill root.',
  });
}

/**
 * Read the file discovery confined, never through a link it did not see: a SKILL.md replaced by a
 * link since (a `git pull`, say) is followed only when its target is inside the skill's bounds.
 */
async function readConfined(fs: FileSystem, skill: BodySource, max: number): Promise<ReadResult> {
  const at = skill.realPath || skill.path;
  try {
    return await fs.readFile(at, max, { noFollow: true });
  } catch (e) {
    if (errorCode(e) !== 'ELOOP') throw unreadable(skill, (e as Error).message, e);
  }
  if (!skill.dir || !skill.source) throw unreadable(skill, 'it is now a link');
  let real: string;
  try {
    real = await fs.realpath(at);
  } catch (e) {
    throw unreadable(skill, `it is now a link that leads nowhere (${errorCode(e) ?? e})`, e);
  }
  const bounds = await skillBoundary(fs, { dir: skill.dir, source: skill.source });
  const why = outsideReason(real, bounds, 'skill-md');
  if (why) throw unreadable(skill, `it is now a link, and ${why}`);
  try {
    return await fs.readFile(real, max, { noFollow: true });
  } catch (e) {
    throw unreadable(skill, (e as Error).message, e);
  }
}

/** Read the Markdown body of `skill` from disk. Throws SkillsetError if the file is gone or unreadable. */
export async function readSkillBody(
  skill: BodySource,
  options: { fs?: FileSystem; maxFileBytes?: number } = {},
): Promise<SkillBody> {
  const fs = options.fs ?? nodeFileSystem;
  const r = await readConfined(fs, skill, options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES);
  if (!r.ok)
    throw unreadable(skill, r.reason === 'too-large' ? 'file too large' : 'not a regular file');
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
