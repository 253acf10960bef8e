// The service's index: opened once, on first need, however many calls ask at once; opened again
// (and so checked) when its file changed outside skillset; rebuilt when a call finds a cached one
// damaged. Closing stops any wait for another process's lock on it.

import path from 'node:path';
import { type Diagnostic, diagnostic } from '../diagnostics/diagnostic.js';
import type { DiscoverResult } from '../discover/discover.js';
import { SkillsetError } from '../errors.js';
import { storeKind } from '../search/index-file.js';
import type { SkillIndex } from '../search/search.js';
import { makeDirs } from '../util/dirs.js';
import type { Settings } from './settings.js';

/** The index a service opens and the calls it makes on it. */
export interface IndexHolder {
  /**
   * Run `f` on the open index. A cached index that `f` finds damaged is replaced by a rebuilt one
   * (once) and `f` runs again on it; concurrent calls share the rebuild.
   */
  withIndex<T>(f: (i: SkillIndex) => T | Promise<T>): Promise<T>;
  /** Apply a newer catalog to the open index; calls made meanwhile wait for it (they would read half of it). */
  refresh(next: DiscoverResult): Promise<void>;
  /** The open index (opened and brought up to date on first need). */
  opened(): Promise<SkillIndex>;
  /** Is an index open, or being opened? */
  active(): boolean;
  /** Did the cached index fail to open, so that this service indexes in memory? */
  inMemory(): boolean;
  /** Problems met opening the index and those of the open index (a damaged file rebuilt). */
  diagnostics(): Diagnostic[];
  /** How long the last open (with its update) took. */
  ms(): number;
  /** Close the index once no call uses it; an open in progress is closed when it is done. */
  close(): void;
}

/** An open index handed to calls; `retired` once replaced (closed when no call uses it). */
interface Held {
  index: SkillIndex;
  users: number;
  retired: boolean;
}

/** What broke an index, for the open that replaces it. */
type Damaged = { index: SkillIndex; error: unknown };

/** The index of a service over `settings`, opened from what `discovered` finds. */
export function holdIndex(
  settings: Settings,
  discovered: () => Promise<DiscoverResult>,
  onProgress: ((done: number, total: number) => void) | undefined,
  onBusy?: () => void,
): IndexHolder {
  let held: Held | undefined;
  /** The one open (or reopen) in progress: concurrent calls share it. */
  let opening: Promise<Held> | undefined;
  let indexMs = 0;
  let closing = new AbortController();
  const notes: Diagnostic[] = [];

  const openNow = async (damaged?: Damaged): Promise<Held> => {
    // process.hrtime: the `performance` global loads eight modules on first use, a cost every start would pay.
    const started = process.hrtime.bigint();
    // The search stack loads on first use: list, show and lint never pay for it.
    const { openSkillIndex } = await import('../search/search.js');
    const d = await discovered();
    const open = (indexFile: string) =>
      openSkillIndex({
        discovery: d,
        fs: settings.fs,
        indexFile,
        rebuildUnreadable: !settings.indexFileGiven,
        rank: settings.rank,
        signal: closing.signal,
        ...(damaged && indexFile === settings.indexFile ? { damaged } : {}),
        ...(onProgress ? { onProgress } : {}),
        ...(onBusy ? { onBusy } : {}),
      });
    const file = settings.indexFile;
    if (settings.indexFileGiven && file !== ':memory:' && storeKind(file) === 'sqlite')
      makeIndexFolder(file);
    let index: SkillIndex;
    try {
      index = await open(file);
    } catch (e) {
      // The cached index cannot be opened at all (a folder in its place, say): work in memory.
      if (settings.indexFileGiven || !(e instanceof SkillsetError) || e.code === 'index/busy')
        throw e;
      index = await open(':memory:');
      notes.push(
        diagnostic(
          'index/in-memory',
          'warning',
          file,
          `The index ${file} cannot be used (${e.message}); this run indexes in memory`,
        ),
      );
    }
    indexMs = Number(process.hrtime.bigint() - started) / 1e6;
    return { index, users: 0, retired: false };
  };
  const startOpen = (damaged?: Damaged): Promise<Held> => {
    const run = openNow(damaged).then(
      (h) => {
        if (opening === run) {
          held = h;
          opening = undefined;
        }
        return h;
      },
      (e) => {
        if (opening === run) opening = undefined;
        throw e;
      },
    );
    opening = run;
    return run;
  };
  const retire = (h: Held): void => {
    h.retired = true;
    if (held === h) held = undefined;
    if (h.users === 0) h.index.close();
  };
  /** The refresh in progress, if any: one at a time, and calls wait for it. */
  let writing: Promise<unknown> = Promise.resolve();
  const current = (): Promise<Held> => {
    // A file changed by anything but skillset (or removed) is opened again, and so checked.
    if (held?.index.changedOutside()) retire(held);
    if (held) return Promise.resolve(held);
    return opening ?? startOpen();
  };

  const withIndex = async <T>(f: (i: SkillIndex) => T | Promise<T>): Promise<T> => {
    const { isIndexDamage } = await import('../search/search.js');
    for (let tries = 0; ; tries++) {
      const h = await current();
      h.users++;
      try {
        return await f(h.index);
      } catch (e) {
        if (tries > 0 || settings.indexFileGiven || !isIndexDamage(e)) throw e;
        if (held === h) {
          retire(h);
          // Awaited through `current` on the next try; this only keeps it from going unhandled.
          void startOpen({ index: h.index, error: e }).catch(() => undefined);
        }
      } finally {
        h.users--;
        if (h.retired && h.users === 0) h.index.close();
      }
    }
  };

  return {
    async withIndex(f) {
      await writing;
      return withIndex(f);
    },
    refresh(next) {
      const run = writing.then(() => withIndex((i) => i.refresh(next)));
      writing = run.catch(() => undefined);
      return run.then(() => undefined);
    },
    opened: async () => (await current()).index,
    active: () => held !== undefined || opening !== undefined,
    inMemory: () => notes.some((n) => n.code === 'index/in-memory'),
    diagnostics: () => [...notes, ...(held?.index.diagnostics ?? [])],
    ms: () => indexMs,
    close() {
      closing.abort();
      closing = new AbortController();
      if (held) retire(held);
      void opening?.then(retire, () => undefined);
      opening = undefined;
    },
  };
}

/** The folder of an index the caller named, made if missing; a problem when it cannot be. */
function makeIndexFolder(file: string): void {
  try {
    makeDirs(path.dirname(file));
  } catch (e) {
    throw new SkillsetError(
      'index/unwritable',
      `Cannot make the folder of the index ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`,
      { hint: 'Pass --index with a file in a folder you can write.' },
    );
  }
}
