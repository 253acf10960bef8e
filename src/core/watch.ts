// Watching a service's roots (S12): a file must be stable for 1,000 ms before it counts, changes are
// batched within 300 ms, then the service reads the roots again (the catalog delta updates the index)
// and the listener hears what changed. Refreshes never overlap, and a change that arrives during one
// starts another after it, so no update is lost. Only the roots in use are watched, by their real
// paths, to the depth a skill's files can be at; links are never followed, but a skill folder that
// discovery reached through a link out of the roots is watched itself. Past a bound on the paths
// watched (or the system's own limit), the watch gives way to reading the roots again on a timer.

import path from 'node:path';
import { watch as chokidar } from 'chokidar';
import { type CatalogChanges, isUnchanged } from '../catalog/diff.js';
import { SKILL_FILE_LEVELS, systemFolder } from '../files/folders.js';
import { errorCode } from '../files/fs.js';
import type { Skill } from '../skill/types.js';
import { mapBounded, READS_IN_FLIGHT } from '../util/bounded.js';
import type { SkillService } from './service.js';
import { folderPrint } from './watch-poll.js';
import { covered, WatchScope, watchedRoots } from './watch-scope.js';

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
  const batchMs = o.batchMs ?? 300;
  const stableMs = o.stableMs ?? 1_000;
  const pollMs = o.pollMs ?? 2_000;
  const maxPaths = o.maxPaths ?? DEFAULT_WATCH_LIMIT;
  let mode: WatchStatus['mode'] = 'watch';
  let closed = false;
  const scope = new WatchScope(maxPaths, () =>
    giveWay(`more than ${maxPaths.toLocaleString('en-US')} paths under the roots`),
  );
  for (const r of roots) scope.addBase(r);
  // Skill folders reached through a link out of the roots, watched as bases of their own.
  const linked = new Set<string>();
  const linkedWanted = (skills: readonly Skill[]): Set<string> =>
    new Set(
      skills
        .map((s) => path.dirname(s.realPath))
        .filter((d) => systemFolder(d) === undefined && !covered(roots, d)),
    );
  for (const d of catalog.ok ? linkedWanted(catalog.value.skills) : []) {
    linked.add(d);
    scope.addBase({ dir: d, depth: SKILL_FILE_LEVELS });
  }
  const watcher = chokidar([...roots.map((r) => r.dir), ...linked], {
    ignoreInitial: true,
    followSymlinks: false,
    // An unreadable folder is discovery's to report (discover/unreadable-folder), once.
    ignorePermissionErrors: true,
    ignored: scope.ignored,
    awaitWriteFinish: { stabilityThreshold: stableMs, pollInterval: 100 },
  });
  const pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  /** New folders to read again once their files are stable (see the `addDir` handler). */
  const later = new Set<NodeJS.Timeout>();
  let running: Promise<void> | undefined;
  let idleWaiters: Array<() => void> = [];
  let watching = false;
  let ready!: () => void;
  const readyPromise = new Promise<void>((resolve) => {
    ready = resolve;
  });

  const settle = () => {
    if (timer || running || pending.size > 0 || later.size > 0) return;
    for (const w of idleWaiters) w();
    idleWaiters = [];
  };
  /** Watch the skill folders now reached through links out of the roots, and no longer the others. */
  const followLinked = async (): Promise<string[]> => {
    const now = await service.catalog();
    if (!now.ok || mode === 'poll') return [];
    const wanted = linkedWanted(now.value.skills);
    const added = [...wanted].filter((d) => !linked.has(d));
    for (const d of linked)
      if (!wanted.has(d)) {
        linked.delete(d);
        scope.removeBase(d);
        scope.forget(d);
        watcher.unwatch(d);
      }
    for (const d of added) {
      linked.add(d);
      scope.addBase({ dir: d, depth: SKILL_FILE_LEVELS });
    }
    if (added.length > 0) watcher.add(added);
    return added;
  };
  const run = async (): Promise<void> => {
    while (pending.size > 0) {
      const files = [...pending].sort();
      pending.clear();
      const r = await service.refresh();
      if (!r.ok) {
        o.onError?.(new Error(r.problem.message));
        continue;
      }
      const added = await followLinked();
      try {
        await onBatch({ files, changes: r.value });
      } catch (e) {
        o.onError?.(e as Error);
      }
      // A folder newly watched may change before its watch begins: one more read, a batch later.
      if (added.length > 0) {
        for (const d of added) pending.add(d);
        await new Promise((resolve) => setTimeout(resolve, batchMs));
      }
    }
  };
  const flush = () => {
    timer = undefined;
    if (running) return; // the running refresh picks the pending files up when it is done
    running = run().finally(() => {
      running = undefined;
      if (pending.size > 0) schedule();
      else settle();
    });
  };
  const schedule = () => {
    if (closed || mode === 'poll') return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(flush, batchMs);
  };

  // Polling: the roots read again, and each skill folder's files compared with the last poll's.
  let prints: Map<string, string> | undefined;
  let pollTimer: NodeJS.Timeout | undefined;
  const poll = async (): Promise<void> => {
    const started = Date.now();
    const r = await service.refresh();
    if (!r.ok) o.onError?.(new Error(r.problem.message));
    const now = await service.catalog();
    const dirs = [
      ...new Set((now.ok ? now.value.skills : []).map((s) => path.dirname(s.realPath))),
    ];
    const next = new Map<string, string>();
    const files: string[] = [];
    for (const [i, print] of (await mapBounded(dirs, READS_IN_FLIGHT, folderPrint)).entries()) {
      const dir = dirs[i] as string;
      next.set(dir, print);
      if (prints && prints.get(dir) !== print) files.push(dir);
    }
    if (prints) for (const d of prints.keys()) if (!next.has(d)) files.push(d);
    prints = next;
    if (r.ok && (files.length > 0 || !isUnchanged(r.value)))
      try {
        await onBatch({ files: files.sort(), changes: r.value });
      } catch (e) {
        o.onError?.(e as Error);
      }
    // Polls take at most a sixth of the time: a library too big to watch is also slow to read.
    if (!closed) pollTimer = setTimeout(tick, Math.max(pollMs, 5 * (Date.now() - started)));
  };
  const tick = () => {
    pollTimer = undefined;
    const before = running;
    running = (async () => {
      await before;
      await poll();
    })().finally(() => {
      running = undefined;
      settle();
    });
  };
  let gaveWay = false;
  function giveWay(why: string): void {
    if (gaveWay || closed) return;
    gaveWay = true;
    mode = 'poll';
    if (timer) clearTimeout(timer);
    timer = undefined;
    pending.clear();
    o.onWarning?.(
      `${why}: not watching them; reading them again every ${pollMs / 1_000} s or more instead`,
    );
    // Out of chokidar's call stack (this may run inside its `ignored`), then a first read at once.
    setImmediate(() => {
      void watcher.close();
      ready();
      if (!closed) tick();
    });
  }

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
      pending.add(p);
      schedule();
    });
  // chokidar lists a new folder, then watches it: a file written in between is never reported. So a
  // new folder is read again once its files should be stable (one more batch, which finds them).
  watcher.on('addDir', (p: string) => {
    if (!watching || closed) return;
    const t = setTimeout(() => {
      later.delete(t);
      pending.add(p);
      schedule();
      settle();
    }, stableMs);
    later.add(t);
  });
  watcher.on('error', (e) => {
    // The system's limit on watches (inotify's max_user_watches) or on open files: stop watching.
    const code = errorCode(e);
    if (code === 'ENOSPC' || code === 'EMFILE')
      giveWay(`the system's limit on watched files was reached (${code})`);
    else o.onError?.(e as Error);
  });
  watcher.once('ready', () => {
    watching = true;
    ready();
  });
  return {
    ready: readyPromise,
    idle: () =>
      new Promise<void>((resolve) => {
        idleWaiters.push(resolve);
        settle();
      }),
    status: () => ({
      mode,
      paths: mode === 'poll' ? 0 : scope.size,
      roots: roots.length,
      linked: mode === 'poll' ? 0 : linked.size,
    }),
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      if (pollTimer) clearTimeout(pollTimer);
      for (const t of later) clearTimeout(t);
      later.clear();
      timer = undefined;
      await watcher.close();
      await running;
      ready();
    },
  };
}
