// A watch that gave way to polling: the roots read again on a timer, and each skill folder's files
// compared with the last poll's by path, size and modification time, hashed, so a poll finds the
// folders that changed without holding a watch or a record per file.

import { createHash } from 'node:crypto';
import { lstat, readdir, readlink } from 'node:fs/promises';
import path from 'node:path';
import { isUnchanged } from '../catalog/diff.js';
import { SKILL_FILE_LEVELS, SKIPPED_FOLDERS } from '../files/folders.js';
import type { Skill } from '../skill/types.js';
import { mapBounded, READS_IN_FLIGHT } from '../util/bounded.js';
import type { SkillService } from './service.js';
import { DEFAULT_FILE_LIMITS } from './skill-files.js';
import type { WatchBatch } from './watch.js';
import type { RefreshQueue } from './watch-queue.js';

/** Files counted at most: as many as a skill folder's files are listed (skill-files.ts). */
const MAX_FILES = DEFAULT_FILE_LIMITS.maxFiles;

/** A hash of what `dir` holds (links as their targets, never followed); equal hashes, same files. */
export async function folderPrint(dir: string): Promise<string> {
  const hash = createHash('sha256');
  let files = 0;
  const walk = async (at: string, rel: string, level: number): Promise<void> => {
    const entries = await readdir(at, { withFileTypes: true }).catch(() => []);
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const e of entries) {
      if (files >= MAX_FILES) return;
      const p = path.join(at, e.name);
      const r = rel === '' ? e.name : `${rel}/${e.name}`;
      if (e.isDirectory()) {
        if (!SKIPPED_FOLDERS.has(e.name) && level < SKILL_FILE_LEVELS) await walk(p, r, level + 1);
        continue;
      }
      files++;
      if (e.isSymbolicLink()) {
        hash.update(`${r}\0->${await readlink(p).catch(() => '?')}\n`);
        continue;
      }
      const st = await lstat(p).catch(() => undefined);
      hash.update(`${r}\0${st?.size ?? -1}\0${st?.mtimeMs ?? -1}\n`);
    }
  };
  await walk(dir, '', 0);
  return hash.digest('hex');
}

/** Reads a service's roots again on a timer, and tells the listener which skill folders changed. */
export class RootsPoller {
  /** Each skill folder's print at the last poll (none before the first). */
  private prints: Map<string, string> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  /** Polls run through `queue` (never beside a refresh); `tell` hears each batch with a change. */
  constructor(
    private readonly service: SkillService,
    private readonly queue: RefreshQueue,
    private readonly pollMs: number,
    private readonly tell: (batch: WatchBatch) => Promise<void>,
    private readonly onError: ((e: Error) => void) | undefined,
  ) {}

  /** Poll once the refresh running now is done; each poll sets the timer for the next. */
  tick(): void {
    this.timer = undefined;
    this.queue.chain(() => this.poll());
  }

  /** Poll no more. */
  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
  }

  /** Read the roots again, tell what changed, and set the timer for the next poll. */
  private async poll(): Promise<void> {
    const started = Date.now();
    const r = await this.service.refresh();
    if (!r.ok) this.onError?.(new Error(r.problem.message));
    const now = await this.service.catalog();
    const files = await this.changedFolders(now.ok ? now.value.skills : []);
    if (r.ok && (files.length > 0 || !isUnchanged(r.value)))
      await this.tell({ files: files.sort(), changes: r.value });
    // Polls take at most a sixth of the time: a library too big to watch is also slow to read.
    if (!this.stopped)
      this.timer = setTimeout(() => this.tick(), Math.max(this.pollMs, 5 * (Date.now() - started)));
  }

  /** The skill folders whose files differ from the last poll's, or are gone (none on the first poll). */
  private async changedFolders(skills: readonly Skill[]): Promise<string[]> {
    const dirs = [...new Set(skills.map((s) => path.dirname(s.realPath)))];
    const next = new Map<string, string>();
    const files: string[] = [];
    for (const [i, print] of (await mapBounded(dirs, READS_IN_FLIGHT, folderPrint)).entries()) {
      const dir = dirs[i] as string;
      next.set(dir, print);
      if (this.prints && this.prints.get(dir) !== print) files.push(dir);
    }
    if (this.prints) for (const d of this.prints.keys()) if (!next.has(d)) files.push(d);
    this.prints = next;
    return files;
  }
}
