// `skillset.lock.json`: what `add` installed, so that `install` restores it and `verify` checks it.
// Sorted and free of timestamps (two branches that add different skills merge cleanly): per skill,
// where it came from (source, ref, the commit resolved), where it sits, and a manifest of every file
// with an aggregate digest. Written whole through a rename, under a lock file, so that processes
// adding at once take turns and none loses the other's skill.

import path from 'node:path';
import { z } from 'zod';
import { SkillsetError } from '../errors.js';
import { lockOn } from '../files/file-lock.js';
import { errorCode, type FileSystem } from '../files/fs.js';
import type { AuditVerdict } from './audit-step.js';
import type { ManifestFile } from './manifest.js';

/** The lock file's name, in the project folder (or, for `--user`, in `~/.skillset/`). */
export const LOCK_FILE = 'skillset.lock.json';

/** One installed skill. */
export interface LockEntry {
  /** The source as given to `add`: a git URL, `owner/repo[/path]`, a folder or archive relative to the project, or an index URL. */
  source: string;
  sourceType: 'git' | 'folder' | 'archive' | 'well-known';
  /** The ref asked for (a branch, a tag, a commit; `HEAD` when none was). */
  ref?: string;
  /** The commit it resolved to (git sources). */
  commit?: string;
  /** The skill's folder inside the source, `/`-separated ('' when the source is the skill); its name in a well-known index. */
  path: string;
  /** The `sha256:` digest of the artifact the index named (well-known sources): what `outdated` compares. */
  artifact?: string;
  /** Where it is installed, relative to the project (or the home folder), `/`-separated. */
  installedAt: string;
  /** The aggregate digest of `files`. */
  digest: string;
  files: ManifestFile[];
  /** Rules whose `error` findings the user let through (`--allow-risk`). */
  allowedRisks?: string[];
  /** What the audit found in the files locked (audit-step.ts). */
  audit?: AuditVerdict;
}

/** The lock. */
export interface LockFile {
  version: 1;
  skills: Record<string, LockEntry>;
}

/** A relative, `/`-separated path that stays inside its folder: a lock from a repository decides no more. */
const inside = (min: number) =>
  z
    .string()
    .min(min)
    .refine((p) => !p.startsWith('/') && !p.includes('\\') && !p.split('/').includes('..'), {
      message: 'a path that leaves its folder',
    });

const fileSchema = z
  .object({
    path: inside(1),
    size: z.number().int().min(0),
    digest: z.string().regex(/^sha256:[0-9a-f]{64}$/),
    executable: z.literal(true).optional(),
  })
  .strict();

const entrySchema = z
  .object({
    source: z.string().min(1),
    sourceType: z.enum(['git', 'folder', 'archive', 'well-known']),
    ref: z.string().optional(),
    commit: z
      .string()
      .regex(/^[0-9a-f]{40}$/)
      .optional(),
    path: inside(0),
    artifact: z
      .string()
      .regex(/^sha256:[0-9a-f]{64}$/)
      .optional(),
    installedAt: inside(1),
    digest: z.string().regex(/^sha256:[0-9a-f]{64}$/),
    files: z.array(fileSchema),
    allowedRisks: z.array(z.string()).optional(),
    audit: z
      .object({
        verdict: z.enum(['clean', 'warnings', 'allowed-risk']),
        errors: z.number().int().min(0),
        warnings: z.number().int().min(0),
      })
      .strict()
      .optional(),
  })
  .strict();

const lockSchema = z
  .object({ version: z.literal(1), skills: z.record(z.string(), entrySchema) })
  .strict();

/** An empty lock. */
export const emptyLock = (): LockFile => ({ version: 1, skills: {} });

/** Read the lock at `file`: empty when there is none; a damaged one is an error (nothing is guessed). */
export async function readLock(fs: FileSystem, file: string): Promise<LockFile> {
  let text: string;
  try {
    const r = await fs.readFile(file, 64 * 1024 * 1024);
    if (!r.ok) throw new Error(r.reason);
    text = r.bytes.toString('utf8');
  } catch (e) {
    if (errorCode(e) === 'ENOENT') return emptyLock();
    throw new SkillsetError(
      'install/lock-unreadable',
      `${file} cannot be read: ${(e as Error).message}`,
    );
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    throw damaged(file, (e as Error).message);
  }
  const r = lockSchema.safeParse(parsed);
  if (!r.success) throw damaged(file, r.error.issues[0]?.message ?? 'not a lock');
  return r.data as LockFile;
}

const damaged = (file: string, why: string) =>
  new SkillsetError('install/lock-unreadable', `${file} is not a valid lock (${why})`, {
    hint: 'Restore it from version control, or remove it and add the skills again.',
  });

/** The lock's text: keys sorted at every level, two-space indent, a final newline. */
export function lockText(lock: LockFile): string {
  const sorted = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(sorted);
    if (v !== null && typeof v === 'object')
      return Object.fromEntries(
        Object.keys(v)
          .sort()
          .map((k) => [k, sorted((v as Record<string, unknown>)[k])]),
      );
    return v;
  };
  return `${JSON.stringify(sorted(lock), null, 2)}\n`;
}

/**
 * Change the lock at `file` under its lock file: `change` gets the lock as it is now (another
 * process's additions included) and returns the new one, or undefined to leave it.
 */
export async function updateLock(
  fs: FileSystem,
  file: string,
  change: (lock: LockFile) => Promise<LockFile | undefined>,
): Promise<LockFile> {
  let result: LockFile | undefined;
  const had = await lockOn(
    fs,
    120_000,
    300_000,
  )(file, async () => {
    const now = await readLock(fs, file);
    const next = await change(now);
    result = next ?? now;
    if (next) await fs.writeFile(file, lockText(next));
  });
  if (!had || !result)
    throw new SkillsetError('install/lock-busy', `Another process holds ${file}.lock`, {
      hint: 'Wait for the other skillset command, or remove the lock file if no command runs.',
    });
  return result;
}

/** The project-relative, `/`-separated form of `p`. */
export const relativeTo = (root: string, p: string): string =>
  path.relative(root, p).split(path.sep).join('/');

/** A lock's skills as [name, entry], by name. */
export const sortedEntries = (skills: Record<string, LockEntry>): Array<[string, LockEntry]> =>
  Object.entries(skills).sort(([a], [b]) => (a < b ? -1 : 1));
