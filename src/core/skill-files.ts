// The files of a skill folder, for the MCP server's resources, `read_skill_file` and the Skills
// extension: each file with its size and sha256 digest, and reading one file confined to the folder.
// A path that is absolute, climbs out (`..`), hides a separator (`%2F`, a backslash) or reaches
// through a link to outside the folder is refused (the rule is src/files/confine.ts's).

import { createHash } from 'node:crypto';
import path from 'node:path';
import { SkillsetError } from '../errors.js';
import { skillBoundary, withinBoundary } from '../files/confine.js';
import { SKIPPED_FOLDERS } from '../files/folders.js';
import type { FileSystem } from '../files/fs.js';
import { skillFolderFiles } from '../files/skill-folder.js';
import type { Skill } from '../skill/types.js';

/** One file of a skill folder. */
export interface SkillFile {
  /** Relative to the skill folder, `/`-separated. */
  path: string;
  size: number;
  /** `sha256:<hex>` of its bytes. */
  digest: string;
}

/** Limits on what a skill folder may hold for it to be served whole. */
export interface FileLimits {
  /** Files listed at most (the rest are left out, and the listing says so). */
  maxFiles: number;
  /** The most bytes one file may have to be read. */
  maxFileBytes: number;
  /** The most bytes all the files listed may have together. */
  maxTotalBytes: number;
}

/** The default limits: 1,000 files, 10 MB a file, 50 MB in all. */
export const DEFAULT_FILE_LIMITS: FileLimits = {
  maxFiles: 1_000,
  maxFileBytes: 10 * 1024 * 1024,
  maxTotalBytes: 50 * 1024 * 1024,
};

const digestOf = (bytes: Uint8Array): string =>
  `sha256:${createHash('sha256').update(bytes).digest('hex')}`;

/**
 * Every file of `skill`'s folder, sorted by path, each with its size and digest; files reached
 * through a link that leaves the folder, and files past the limits, are left out and counted.
 */
export async function skillFiles(
  skill: Pick<Skill, 'dir' | 'source'>,
  fs: FileSystem,
  limits: FileLimits = DEFAULT_FILE_LIMITS,
): Promise<{ files: SkillFile[]; skipped: Array<{ path: string; reason: string }> }> {
  const bounds = await skillBoundary(fs, skill);
  const files: SkillFile[] = [];
  const skipped: Array<{ path: string; reason: string }> = [];
  let total = 0;
  for await (const item of skillFolderFiles(fs, bounds.dir, bounds)) {
    const r = item.rel;
    if (item.kind === 'skipped') {
      skipped.push({ path: r, reason: item.reason });
      continue;
    }
    if (files.length >= limits.maxFiles) {
      skipped.push({ path: r, reason: `past the limit of ${limits.maxFiles} files` });
      continue;
    }
    if (item.size > limits.maxFileBytes || total + item.size > limits.maxTotalBytes) {
      skipped.push({ path: r, reason: 'past the size limits' });
      continue;
    }
    const read = await fs.readFile(item.path, limits.maxFileBytes).catch(() => undefined);
    if (!read?.ok) {
      skipped.push({ path: r, reason: 'unreadable' });
      continue;
    }
    total += read.size;
    files.push({ path: r, size: read.size, digest: digestOf(read.bytes) });
  }
  return { files, skipped };
}

/** Why `rel` is not a path inside a skill folder, or undefined when it is one. */
export function unsafePath(rel: string): string | undefined {
  if (rel === '' || rel.trim() === '') return 'the path is empty';
  if (rel.includes('\0')) return 'the path holds a NUL character';
  if (/%(2f|5c|2e)/i.test(rel)) return 'the path holds an encoded separator or dot';
  if (rel.includes('\\')) return 'the path holds a backslash';
  if (rel.startsWith('/') || path.isAbsolute(rel) || /^[a-z]:/i.test(rel))
    return 'the path is absolute';
  if (rel.split('/').some((s) => s === '..')) return 'the path climbs out of the skill folder';
  if (rel.split('/').some((s) => SKIPPED_FOLDERS.has(s)))
    return 'version control and dependency folders are not served';
  return undefined;
}

/** Read one file of `skill`'s folder, confined to it: text when it is UTF-8, else base64. */
export async function readSkillFile(
  skill: Pick<Skill, 'id' | 'dir' | 'source'>,
  rel: string,
  fs: FileSystem,
  limits: FileLimits = DEFAULT_FILE_LIMITS,
): Promise<{ path: string; size: number; digest: string; text?: string; base64?: string }> {
  const refuse = (why: string) =>
    new SkillsetError('usage/unsafe-path', `\`${rel}\` is not a file of \`${skill.id}\`: ${why}`, {
      hint: 'Pass a path relative to the skill folder, as listed in the skill resources.',
      data: { skill: skill.id, path: rel },
    });
  const bad = unsafePath(rel);
  if (bad) throw refuse(bad);
  const clean = rel
    .split('/')
    .filter((s) => s !== '' && s !== '.')
    .join('/');
  if (clean === '') throw refuse('it is the skill folder itself, not a file in it');
  const bounds = await skillBoundary(fs, skill);
  const root = bounds.dir;
  let real: string;
  try {
    real = await fs.realpath(path.join(root, ...clean.split('/')));
  } catch {
    throw new SkillsetError('usage/unknown-file', `\`${skill.id}\` has no file \`${rel}\``, {
      hint: 'The skill resources list its files.',
      data: { skill: skill.id, path: rel },
    });
  }
  if (real === root) throw refuse('it is the skill folder itself, not a file in it');
  if (!withinBoundary(real, bounds, clean === 'SKILL.md' ? 'skill-md' : 'file'))
    throw refuse('it leads outside the skill folder');
  const read = await fs
    .readFile(real, limits.maxFileBytes, { noFollow: true })
    .catch(() => undefined);
  if (!read?.ok) {
    const why =
      read?.reason === 'not-a-file'
        ? read.kind === 'dir'
          ? 'it is a folder; name a file in it'
          : 'it is not a regular file'
        : read?.reason === 'too-large'
          ? `it is over ${limits.maxFileBytes} bytes`
          : 'it cannot be read';
    throw new SkillsetError(
      'usage/unknown-file',
      `\`${rel}\` of \`${skill.id}\` cannot be read: ${why}`,
      {
        hint: 'The skill resources list its files.',
        data: { skill: skill.id, path: rel },
      },
    );
  }
  const digest = digestOf(read.bytes);
  // ignoreBOM keeps a byte-order mark in the text: the text must be the very bytes the digest covers.
  const text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  try {
    return { path: clean, size: read.size, digest, text: text.decode(read.bytes) };
  } catch {
    return {
      path: clean,
      size: read.size,
      digest,
      base64: Buffer.from(read.bytes).toString('base64'),
    };
  }
}
