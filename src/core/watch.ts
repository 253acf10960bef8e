// Watching a service's roots (S12): a file must be stable for 1,000 ms before it counts, changes are
// batched within 300 ms, then the service reads the roots again (the catalog delta updates the index)
// and the listener hears what changed. Refreshes never overlap, and a change that arrives during one
// starts another after it, so no update is lost. Only the roots in use are watched.

import { watch as chokidar } from 'chokidar';
import type { CatalogChanges } from '../catalog/diff.js';
import type { SkillService } from './service.js';

/** What a batch of file events changed. */
export interface WatchBatch {
  /** The files that were added, changed or removed (any file, not only SKILL.md). */
  files: string[];
  /** The catalog's changes (empty when only a skill's other files changed). */
  changes: CatalogChanges;
}

/** How a watch behaves. */
export interface WatchOptions {
  /** A file counts once it has not changed for this long (default 1,000 ms). */
  stableMs?: number;
  /** Events within this window are one batch (default 300 ms). */
  batchMs?: number;
  /** Told when a refresh fails (the watch goes on). */
  onError?: (e: Error) => void;
}

/** A running watch. */
export interface Watch {
  /** Resolves once the watcher has read its roots. */
  ready: Promise<void>;
  /** Resolves when no batch is pending or running (tests and shutdown wait for this). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

/** Watch `service`'s roots; `onBatch` hears each batch after the service has taken it in. */
export async function watchService(
  service: SkillService,
  onBatch: (batch: WatchBatch) => void | Promise<void>,
  o: WatchOptions = {},
): Promise<Watch> {
  const catalog = await service.catalog();
  const roots = catalog.ok ? catalog.value.roots.map((r) => r.path) : [];
  const batchMs = o.batchMs ?? 300;
  const watcher = chokidar(roots, {
    ignoreInitial: true,
    ignored: (p: string) => /(^|[\\/])(\.git|node_modules)([\\/]|$)/.test(p),
    awaitWriteFinish: { stabilityThreshold: o.stableMs ?? 1_000, pollInterval: 100 },
  });
  const pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let idleWaiters: Array<() => void> = [];

  const settle = () => {
    if (timer || running || pending.size > 0) return;
    for (const w of idleWaiters) w();
    idleWaiters = [];
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
      try {
        await onBatch({ files, changes: r.value });
      } catch (e) {
        o.onError?.(e as Error);
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
    if (timer) clearTimeout(timer);
    timer = setTimeout(flush, batchMs);
  };
  // A new folder is announced by the files in it, once they are stable: one batch, not two.
  for (const event of ['add', 'change', 'unlink', 'unlinkDir'] as const)
    watcher.on(event, (p: string) => {
      pending.add(p);
      schedule();
    });
  watcher.on('error', (e) => o.onError?.(e as Error));
  const ready = new Promise<void>((resolve) => watcher.once('ready', () => resolve()));
  return {
    ready,
    idle: () =>
      new Promise<void>((resolve) => {
        idleWaiters.push(resolve);
        settle();
      }),
    async close() {
      if (timer) clearTimeout(timer);
      timer = undefined;
      await watcher.close();
      await running;
    },
  };
}
