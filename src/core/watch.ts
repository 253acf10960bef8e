// Watching a service's roots (S12): a file must be stable for 1,000 ms before it counts, changes are
// batched within 300 ms, then the service reads the roots again (the catalog delta updates the index)
// and the listener hears what changed. Refreshes never overlap, and a change that arrives during one
// starts another after it, so no update is lost. Only the roots in use are watched, by their real
// paths, to the depth a skill's files can be at; links are never followed, but a skill folder that
// discovery reached through a link out of the roots is watched itself. Past a bound on the paths
// watched (or the system's own limit), the watch gives way to reading the roots again on a timer.

import path from 'node:path';
import { watch as chokidar, type FSWatcher } from 'chokidar';
import type { CatalogChanges } from '../catalog/diff.js';
import { errorCode } from '../files/fs.js';
import type { Skill } from '../skill/types.js';
import type { SkillService } from './service.js';
import { LinkedFolders } from './watch-linked.js';
import { RootsPoller } from './watch-poll.js';
import { RefreshQueue, type TakeBatch } from './watch-queue.js';
import { WatchScope, watchedRoots } from './watch-scope.js';

/** What a batch of file events changed. */
export interface WatchBatch {
  /** The files that were added, changed or removed (any file, not only SKILL.md); skill folders when polling. */
  files: string[];
  /** The catalog's changes (empty when only a skill's other files changed). */
  changes: CatalogChanges;
}

/**
 * Paths watched at most by default. Each costs about 11 KB of memory (measured: 19,897 paths, 216 MB)
 * and one of the user's inotify watches (8,192 in all on older Linux kernels); real libraries hold
 * 800 to 2,100 paths, and the four in the test corpora together 6,632.
 */
export const DEFAULT_WATCH_LIMIT = 10_000;

/** How a watch behaves. */
export interface WatchOptions {
  /** A file counts once it has not changed for this long (default 1,000 ms). */
  stableMs?: number;
  /** Events within this window are one batch (default 300 ms). */
  batchMs?: number;
  /** Paths watched at most (default DEFAULT_WATCH_LIMIT); past it, the roots are read on a timer. */
  maxPaths?: number;
  /** Once polling, the least time between two reads of the roots (default 2,000 ms). */
  pollMs?: number;
  /** Told when a refresh fails (the watch goes on). */
  onError?: (e: Error) => void;
  /** Told once, if the watch gives way to polling: why, and how often the roots are read. */
  onWarning?: (message: string) => void;
}

/** What a watch covers. */
export interface WatchStatus {
  /** `poll` once the watch gave way to reading the roots on a timer. */
  mode: 'watch' | 'poll';
  /** Paths watched (0 when polling). */
  paths: number;
  /** Roots watched. */
  roots: number;
  /** Skill folders out of the roots (reached through a link) watched themselves. */
  linked: number;
}

/** A running watch. */
export interface Watch {
  /** Resolves once the watcher has read its roots (or gave way to polling). */
  ready: Promise<void>;
  /** Resolves when no batch is pending or running (tests and shutdown wait for this). */
  idle(): Promise<void>;
  status(): WatchStatus;
  close(): Promise<void>;
}

/** Watch `service`'s roots; `onBatch` hears each batch after the service has taken it in. */
export async function watchService(
  service: SkillService,
  onBatch: (batch: WatchBatch) => void | Promise<void>,
  o: WatchOptions = {},
): Promise<Watch> {
  const catalog = await service.catalog();
  const levels = service.settings.discover.maxDepth ?? 5;
  const roots = catalog.ok ? await watchedRoots(catalog.value.roots, levels) : [];
  const stableMs = o.stableMs ?? 1_000;
  const pollMs = o.pollMs ?? 2_000;
  const maxPaths = o.maxPaths ?? DEFAULT_WATCH_LIMIT;
  let mode: WatchStatus['mode'] = 'watch';
  let closed = false;
  const scope = new WatchScope(maxPaths, () =>
    giveWay(`more than ${maxPaths.toLocaleString('en-US')} paths under the roots`),
  );
  for (const r of roots) scope.addBase(r);
  const linked = new LinkedFolders(roots, scope);
  linked.start(catalog.ok ? catalog.value.skills : []);
  const watcher = openWatcher([...roots.map((r) => r.dir), ...linked.folders], scope, stableMs);
  const tell = teller(onBatch, o.onError);
  const follow = (skills: readonly Skill[]) =>
    mode === 'watch' ? linked.follow(skills, watcher) : [];
  const queue = new RefreshQueue(o.batchMs ?? 300, batchTaker(service, follow, tell, o.onError));
  const poller = new RootsPoller(service, queue, pollMs, tell, o.onError);
  const ready = deferred();
  let gaveWay = false;
  function giveWay(why: string): void {
    if (gaveWay || closed) return;
    gaveWay = true;
    mode = 'poll';
    queue.halt();
    o.onWarning?.(
      `${why}: not watching them; reading them again every ${pollMs / 1_000} s or more instead`,
    );
    // Out of chokidar's call stack (this may run inside its `ignored`), then a first read at once.
    setImmediate(() => {
      void watcher.close();
      ready.resolve();
      if (!closed) poller.tick();
    });
  }
  listen(watcher, scope, queue, {
    stableMs,
    isClosed: () => closed,
    onReady: ready.resolve,
    onLimit: giveWay,
    onError: o.onError,
  });
  return {
    ready: ready.promise,
    idle: () => queue.idle(),
    status: () => ({
      mode,
      paths: mode === 'poll' ? 0 : scope.size,
      roots: roots.length,
      linked: mode === 'poll' ? 0 : linked.folders.size,
    }),
    async close() {
      closed = true;
      queue.stop();
      poller.stop();
      await watcher.close();
      await queue.drained();
      ready.resolve();
    },
  };
}

/** The watcher of `dirs`: links never followed, a file reported once it has been stable `stableMs`. */
function openWatcher(dirs: string[], scope: WatchScope, stableMs: number): FSWatcher {
  return chokidar(dirs, {
    ignoreInitial: true,
    followSymlinks: false,
    // An unreadable folder is discovery's to report (discover/unreadable-folder), once.
    ignorePermissionErrors: true,
    ignored: scope.ignored,
    awaitWriteFinish: { stabilityThreshold: stableMs, pollInterval: 100 },
  });
}

/**
 * How a batch is taken in: the service reads its roots again, the linked folders follow its
 * catalog, then the listener hears the batch. Returns the linked folders newly watched.
 */
function batchTaker(
  service: SkillService,
  follow: (skills: readonly Skill[]) => string[],
  tell: (batch: WatchBatch) => Promise<void>,
  onError: ((e: Error) => void) | undefined,
): TakeBatch {
  return async (files) => {
    const r = await service.refresh();
    if (!r.ok) {
      onError?.(new Error(r.problem.message));
      return [];
    }
    const now = await service.catalog();
    const added = now.ok ? follow(now.value.skills) : [];
    await tell({ files, changes: r.value });
    return added;
  };
}

/** `onBatch`, with what it throws told to `onError` (the watch goes on). */
function teller(
  onBatch: (batch: WatchBatch) => void | Promise<void>,
  onError: ((e: Error) => void) | undefined,
): (batch: WatchBatch) => Promise<void> {
  return async (batch) => {
    try {
      await onBatch(batch);
    } catch (e) {
      onError?.(e as Error);
    }
  };
}

/** A promise and the function that resolves it. */
function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** What `listen` needs from the watch besides its watcher, scope and queue. */
interface Listeners {
  /** How long a new folder's files take to be stable. */
  stableMs: number;
  isClosed: () => boolean;
  /** The watcher has read its roots. */
  onReady: () => void;
  /** The system's limit on watches was reached: give way to polling. */
  onLimit: (why: string) => void;
  onError: ((e: Error) => void) | undefined;
}

/** Queue the watcher's events: files changed, folders added, `.gitignore` files edited; and its errors. */
function listen(watcher: FSWatcher, scope: WatchScope, queue: RefreshQueue, l: Listeners): void {
  let watching = false;
  // A new folder is announced by the files in it, once they are stable.
  for (const event of ['add', 'change', 'unlink', 'unlinkDir'] as const)
    watcher.on(event, (p: string) => {
      // Before `ready`, chokidar reports each link it meets (it watches links, not their targets).
      if (!watching) return;
      if (event === 'unlink' || event === 'unlinkDir') scope.forget(p);
      if (path.basename(p) === '.gitignore') {
        // Folders it ignored may be in play now: read its folder again.
        scope.gitignoreChanged(path.dirname(p));
        if (event !== 'unlink') watcher.add(path.dirname(p));
      }
      queue.add(p);
    });
  // chokidar lists a new folder, then watches it: a file written in between is never reported. So a
  // new folder is read again once its files should be stable (one more batch, which finds them).
  watcher.on('addDir', (p: string) => {
    if (!watching || l.isClosed()) return;
    queue.addLater(p, l.stableMs);
  });
  watcher.on('error', (e) => {
    // The system's limit on watches (inotify's max_user_watches) or on open files: stop watching.
    const code = errorCode(e);
    if (code === 'ENOSPC' || code === 'EMFILE')
      l.onLimit(`the system's limit on watched files was reached (${code})`);
    else l.onError?.(e as Error);
  });
  watcher.once('ready', () => {
    watching = true;
    l.onReady();
  });
}
