// Waiting for another connection's lock on the index without blocking the event loop: SQLite is
// asked not to wait (or only briefly), and a busy attempt is tried again after an awaited pause.

import { setTimeout as sleep } from 'node:timers/promises';
import { SkillsetError } from '../errors.js';

/** The first pause after a busy attempt; each next one doubles, up to MAX_PAUSE_MS. */
const FIRST_PAUSE_MS = 5;
const MAX_PAUSE_MS = 100;

/** Is this SQLite saying that another connection holds a lock (or our own error for it)? */
export function isBusy(e: unknown): boolean {
  if (e instanceof SkillsetError) return e.code === 'index/busy';
  const code = String((e as { code?: unknown } | null)?.code ?? '');
  return code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED');
}

/** How long to wait for a lock, and a signal that stops waiting (the service closing). */
export interface WaitOptions {
  waitMs: number;
  signal?: AbortSignal | undefined;
  /** Told each time an attempt finds the lock held (what a test awaits instead of a sleep). */
  onBusy?: (() => void) | undefined;
}

/**
 * Run `attempt` until it does not fail busy, pausing (awaited) between tries; after `waitMs` the last
 * busy failure is thrown, and on `signal` an `index/busy` error at once. `between`, asked after each
 * busy try, may end the wait with a value (the other connection did the work).
 */
export async function retryWhileBusy<T>(
  attempt: () => T,
  o: WaitOptions,
  between?: () => T | undefined,
): Promise<T> {
  const started = Date.now();
  let pause = FIRST_PAUSE_MS;
  for (;;) {
    try {
      return attempt();
    } catch (e) {
      if (!isBusy(e)) throw e;
      o.onBusy?.();
      if (Date.now() - started >= o.waitMs) throw e;
    }
    const early = between?.();
    if (early !== undefined) return early;
    try {
      await sleep(Math.min(pause, Math.max(1, o.waitMs - (Date.now() - started))), undefined, {
        signal: o.signal,
      });
    } catch (e) {
      throw new SkillsetError('index/busy', 'Stopped waiting for the index: it is being closed', {
        cause: e,
      });
    }
    pause = Math.min(MAX_PAUSE_MS, pause * 2);
  }
}
