// The service's index: opened from the catalog once, on first need, however many calls ask at once,
// then moved on by the catalog's changes; opened again (and so checked) when its file changed outside
// skillset; rebuilt when a call finds a cached one damaged. Closing stops any wait for another
// process's lock on it.

import path from 'node:path';
import type { Catalog } from '../catalog/catalog.js';
import type { CatalogChanges } from '../catalog/diff.js';
import { type Diagnostic, diagnostic } from '../diagnostics/diagnostic.js';
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
  /**
   * Apply a catalog's changes to the open index (the changes from the catalog it was opened from, or
   * last moved to); calls made meanwhile wait for it (they would read half of it).
   */
  apply(changes: CatalogChanges): Promise<void>;
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

/** What an open reports to: progress, another process's lock, the problems it works around. */
interface OpenHooks {
  onProgress: ((done: number, total: number, what?: string) => void) | undefined;
  onBusy: (() => void) | undefined;
  /** Stops waiting for another process's lock (the holder is closing). */
  signal: AbortSignal;
  notes: Diagnostic[];
}

/** `openIndex`, timed: the index held (no call uses it yet), and how long opening it took. */
async function openHeld(
  settings: Settings,
  catalog: () => Promise<Catalog>,
  hooks: OpenHooks,
  damaged?: Damaged,
): Promise<{ held: Held; ms: number }> {
  // process.hrtime: the `performance` global loads eight modules on first use, a cost every start would pay.
  const started = process.hrtime.bigint();
  const index = await openIndex(settings, await catalog(), hooks, damaged);
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  return { held: { index, users: 0, retired: false }, ms };
}

/**
 * Open the index of `settings` over `catalog`'s skills, the file a damaged index was found in
 * replaced; a cached index that cannot be opened at all gives way to one in memory, with a warning.
 */
async function openIndex(
  settings: Settings,
  catalog: Catalog,
  hooks: OpenHooks,
  damaged?: Damaged,
): Promise<SkillIndex> {
  // The search stack loads on first use: list, show and lint never pay for it.
  const { openSkillIndex } = await import('../search/search.js');
  const { onProgress, onBusy } = hooks;
  const open = (indexFile: string) =>
    openSkillIndex({
      catalog,
      fs: settings.fs,
      indexFile,
      rebuildUnreadable: !settings.indexFileGiven,
      rank: settings.rank,
      signal: hooks.signal,
      ...(settings.openStore ? { openStore: settings.openStore } : {}),
      ...(damaged && indexFile === settings.indexFile ? { damaged } : {}),
      ...(onProgress ? { onProgress } : {}),
      ...(onBusy ? { onBusy } : {}),
    });
  const file = settings.indexFile;
  if (settings.indexFileGiven && file !== ':memory:' && storeKind(file) === 'sqlite')
    makeIndexFolder(file);
  try {
    return await open(file);
  } catch (e) {
    // The cached index cannot be opened at all (a folder in its place, say): work in memory.
    if (settings.indexFileGiven || !(e instanceof SkillsetError) || e.code === 'index/busy')
      throw e;
    const index = await open(':memory:');
    hooks.notes.push(
      diagnostic(
        'index/in-memory',
        'warning',
        file,
        `The index ${file} cannot be used (${e.message}); this run indexes in memory`,
      ),
    );
    return index;
  }
}

/** The index of a service over `settings`, opened from the catalog `catalog` gives. */
export function holdIndex(
  settings: Settings,
  catalog: () => Promise<Catalog>,
  onProgress: ((done: number, total: number, what?: string) => void) | undefined,
  onBusy?: () => void,
): IndexHolder {
  let held: Held | undefined;
  /** The one open (or reopen) in progress: concurrent calls share it. */
  let opening: Promise<Held> | undefined;
  let indexMs = 0;
  let closing = new AbortController();
  const notes: Diagnostic[] = [];

  const startOpen = (damaged?: Damaged): Promise<Held> => {
    const hooks = { onProgress, onBusy, signal: closing.signal, notes };
    const run = openHeld(settings, catalog, hooks, damaged).then(
      (o) => {
        indexMs = o.ms;
        if (opening === run) {
          held = o.held;
          opening = undefined;
        }
        return o.held;
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
  /** The change being applied, if any: one at a time, and calls wait for it. */
  let writing: Promise<unknown> = Promise.resolve();
  const current = (): Promise<Held> => {
    // A file changed by anything but skillset (or removed) is opened again, and so checked.
    if (held?.index.changedOutside()) retire(held);
    if (held) return Promise.resolve(held);
    return opening ?? startOpen();
  };

  const replace = (h: Held, error: unknown): void => {
    if (held !== h) return; // Another call replaced it already.
    retire(h);
    // Awaited through `current` on the next try; this only keeps it from going unhandled.
    void startOpen({ index: h.index, error }).catch(() => undefined);
  };
  const withIndex = <T>(f: (i: SkillIndex) => T | Promise<T>): Promise<T> =>
    runOnIndex({ current, replace }, !settings.indexFileGiven, f);

  return {
    async withIndex(f) {
      await writing;
      return withIndex(f);
    },
    apply(changes) {
      const run = writing.then(() => withIndex((i) => i.apply(changes)));
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

/**
 * Run `f` on the current index; when `rebuilds` (a cached index), one that `f` finds damaged is
 * replaced (once) and `f` runs again on the new one. A retired index closes when its last call ends.
 */
async function runOnIndex<T>(
  slot: { current(): Promise<Held>; replace(h: Held, error: unknown): void },
  rebuilds: boolean,
  f: (i: SkillIndex) => T | Promise<T>,
): Promise<T> {
  const { isIndexDamage } = await import('../search/search.js');
  for (let tries = 0; ; tries++) {
    const h = await slot.current();
    h.users++;
    try {
      return await f(h.index);
    } catch (e) {
      if (tries > 0 || !rebuilds || !isIndexDamage(e)) throw e;
      slot.replace(h, e);
    } finally {
      h.users--;
      if (h.retired && h.users === 0) h.index.close();
    }
  }
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
