// Is the index file still what skillset last wrote? A stamp beside a cached index records the file's
// state (inode, size, times) after each write through SQLite; a file found in any other state was
// changed by something else, and is checked whole before it is trusted.

import nodeFs from 'node:fs';
import path from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';

/** The state of a file that any write changes (inode, size, mtime, ctime), or undefined when it is gone. */
export function fileState(file: string): string | undefined {
  if (file === ':memory:') return undefined;
  try {
    const s = nodeFs.statSync(file, { bigint: true });
    return `${s.dev}:${s.ino}:${s.size}:${s.mtimeNs}:${s.ctimeNs}`;
  } catch {
    return undefined;
  }
}

/** Are two states those of one file (same device and inode), whatever was written to it? */
export function sameFile(a: string | undefined, b: string | undefined): boolean {
  if (a === undefined || b === undefined) return false;
  const id = (s: string) => s.split(':', 2).join(':');
  return id(a) === id(b);
}

/** The stamp beside a cached index (a dot file: not listed with the `index-*` files). */
export function stampFile(file: string): string {
  return path.join(path.dirname(file), `.${path.basename(file)}.checked`);
}

/** The state the stamp says the file was last left in by skillset, if any. */
export function readStamp(file: string): string | undefined {
  try {
    return nodeFs.readFileSync(stampFile(file), 'utf8').trim() || undefined;
  } catch {
    return undefined;
  }
}

/** Record `state` as the file's trusted state; a stamp that cannot be written only costs a check later. */
export function writeStamp(file: string, state: string | undefined): void {
  if (state === undefined) return;
  try {
    // Written beside and renamed: a reader never sees half a stamp.
    const tmp = `${stampFile(file)}.${process.pid}`;
    nodeFs.writeFileSync(tmp, `${state}\n`);
    nodeFs.renameSync(tmp, stampFile(file));
  } catch {
    // An unwritable cache folder: the next process checks the file again.
  }
}

/**
 * Past this many pages (256 MiB) a whole-file check at open costs seconds; such an index is checked
 * by what its queries read instead (SQLite reports a damaged page it reads).
 */
export const CHECK_MAX_PAGES = 65_536;

/** The first problem `PRAGMA quick_check` finds in the file, or undefined when it finds none. */
export function quickCheck(db: BetterSqlite3.Database): string | undefined {
  const pages = Number(db.pragma('page_count', { simple: true }));
  if (pages > CHECK_MAX_PAGES) return undefined;
  const r = String(db.pragma('quick_check(1)', { simple: true }));
  return r === 'ok' ? undefined : r;
}

/** What skillset trusts of one open index file: the state it last left it in. */
export class FileTrust {
  constructor(
    private readonly file: string,
    private trusted: string | undefined,
    /** Keep the trusted state in the stamp too, for other processes (a cached index only). */
    private readonly stamped: boolean,
  ) {}

  /**
   * Has anything but skillset's own writes changed, replaced or removed the file since it was trusted?
   * A stamp written by another skillset process vouches for that process's writes.
   */
  changedOutside(): boolean {
    if (this.file === ':memory:') return false;
    const now = fileState(this.file);
    if (now !== undefined && now === this.trusted) return false;
    if (this.stamped && now !== undefined && now === readStamp(this.file)) {
      this.trusted = now;
      return false;
    }
    return true;
  }

  /** Run a write through SQLite that may change the file (a commit, closing): a trusted file stays trusted. */
  vouched<T>(write: () => T): T {
    const before = fileState(this.file);
    const trusted =
      before !== undefined &&
      (before === this.trusted || (this.stamped && before === readStamp(this.file)));
    const result = write();
    if (trusted) {
      const after = fileState(this.file);
      if (this.stamped && after !== before) writeStamp(this.file, after);
      this.trusted = after;
    }
    return result;
  }
}
