// The files of a skill folder as the security rules see them: walked once per skill (the one folder
// walk, src/files/skill-folder.ts), each read once, with bounds so a hostile folder cannot make the
// audit hang or hold unbounded memory.

import path from 'node:path';
import { skillBoundary } from '../../files/confine.js';
import { skillFolderFiles } from '../../files/skill-folder.js';
import type { SkillContext } from '../define-rule.js';

/** Files larger than this are not read: `security/oversized-file` names them. */
export const MAX_FILE_BYTES = 5 * 1024 * 1024;
/** Entries of one skill's folder looked at, at most (files, and links left out). */
export const MAX_FILES = 2000;
/** Bytes of one skill read, at most, all files together. */
export const MAX_TOTAL_BYTES = 64 * 1024 * 1024;

/** A file of the folder: where it is, and its bytes when they were read. */
export interface AuditFile {
  /** Relative to the skill folder, `/`-separated. */
  rel: string;
  /** Absolute path (the folder joined with `rel`). */
  path: string;
  size: number;
  mode: number;
  /** Undefined when the file is over a bound, or could not be read. */
  bytes?: Buffer;
}

/** What the walk left out because it leaves the folder, and where the bounds stopped it. */
export interface AuditFolder {
  files: AuditFile[];
  /** Links that lead outside the skill folder (or nowhere), relative paths. */
  linksOut: { rel: string; path: string; reason: string }[];
  /** Why the walk stopped early, if it did. */
  stopped?: string;
}

// Keyed by the context lint makes for one skill and drops when its rules have run: the bytes read
// are shared by the rules of that skill, and let go before the next skill's are read.
const cache = new WeakMap<object, Promise<AuditFolder>>();

/** The audit's view of the skill's folder, shared by every security rule run on this skill. */
export function auditFolder(ctx: SkillContext<unknown>): Promise<AuditFolder> {
  let found = cache.get(ctx);
  if (!found) {
    found = readFolder(ctx);
    cache.set(ctx, found);
  }
  return found;
}

async function readFolder(ctx: SkillContext<unknown>): Promise<AuditFolder> {
  const { fs, skill } = ctx;
  const bounds = await skillBoundary(fs, skill);
  const listed: AuditFile[] = [];
  const linksOut: AuditFolder['linksOut'] = [];
  let stopped: string | undefined;
  let entries = 0;
  for await (const item of skillFolderFiles(fs, skill.dir, bounds)) {
    // Every entry counts, links left out too: a million dangling links must not stall the audit either.
    if (++entries > MAX_FILES) {
      stopped = `more than ${MAX_FILES} entries`;
      break;
    }
    if (item.kind === 'file') listed.push({ ...item });
    // The walk's reasons for a link it did not follow out of the folder, or could not follow at all.
    else if (item.reason.startsWith('a link to outside') || item.reason.includes('nowhere'))
      linksOut.push({ rel: item.rel, path: path.join(skill.dir, item.rel), reason: item.reason });
  }
  // A skill nested in this one is audited here too (discovery may not load it on its own).
  const files = listed;
  const own = (ctx as unknown as { bytes?: Buffer }).bytes;
  let total = 0;
  for (const f of files) {
    if (f.rel === 'SKILL.md' && own) {
      f.bytes = own;
      continue;
    }
    if (f.size > MAX_FILE_BYTES) continue;
    if (total + f.size > MAX_TOTAL_BYTES) {
      stopped ??= `more than ${MAX_TOTAL_BYTES / 1024 / 1024} MB in all`;
      break;
    }
    const r = await fs.readFile(f.path, MAX_FILE_BYTES).catch(() => undefined);
    if (r?.ok) {
      f.bytes = r.bytes;
      total += r.bytes.length;
    }
  }
  return stopped === undefined ? { files, linksOut } : { files, linksOut, stopped };
}
