// When `serve` stops: on SIGINT or SIGTERM, when its stdio client is gone (the transport says so, or
// the parent process went and this one was re-parented), and then always within STOP_DEADLINE_MS: a
// graceful close gets that long, then the process exits anyway; a watchdog thread kills it if even
// that cannot run (the main thread blocked).

import { Worker } from 'node:worker_threads';

/** How long a graceful close may take before the process exits anyway. */
export const STOP_DEADLINE_MS = 1500;

/** How long what is left after a close (a watcher's timer) may keep the process, once closed. */
export const EXIT_GRACE_MS = 100;

/** How often a stdio server checks that its parent process is still the one that started it. */
export const PARENT_POLL_MS = 500;

/** What ends a server, and the one place that stops it. */
export interface Lifetime {
  /** Why the server stops, once something asked it to; undefined until then. */
  readonly reason: string | undefined;
  /** Resolves with the reason when something asks the server to stop. */
  readonly stopped: Promise<string>;
  /** Ask the server to stop (the first reason wins); the deadline starts now. */
  stop(reason: string): void;
  /** The server closed: stop watching, and let nothing left keep the process over EXIT_GRACE_MS. */
  closed(): void;
}

/** How the lifetime watches. */
export interface LifetimeOptions {
  /** Watch the parent process (a stdio server). */
  parent?: boolean;
  /** Told once when the deadline forces the exit. */
  log?: (line: string) => void;
  deadlineMs?: number;
}

// The watchdog runs on its own thread, so it fires even while the main thread is blocked.
const WATCHDOG = `
const { workerData } = require('node:worker_threads');
setTimeout(() => process.kill(process.pid, 'SIGKILL'), workerData);
`;

/** Watch for what stops a server; `stop` is also called by whoever sees its client go. */
export function watchLifetime(o: LifetimeOptions = {}): Lifetime {
  const deadline = o.deadlineMs ?? STOP_DEADLINE_MS;
  let reason: string | undefined;
  let resolve!: (r: string) => void;
  const stopped = new Promise<string>((r) => {
    resolve = r;
  });
  const onSignal = (signal: NodeJS.Signals) => {
    // A second signal does not wait for the close.
    if (reason !== undefined) process.exit(0);
    stop(signal);
  };
  const parent = process.ppid;
  const poll = o.parent
    ? setInterval(() => {
        if (process.ppid !== parent) stop('the parent process is gone');
      }, PARENT_POLL_MS).unref()
    : undefined;
  const closed = () => {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    if (poll) clearInterval(poll);
    setTimeout(() => process.exit(process.exitCode ?? 0), EXIT_GRACE_MS).unref();
  };
  const stop = (why: string) => {
    if (reason !== undefined) return;
    reason = why;
    if (poll) clearInterval(poll);
    // Neither keeps the process alive: a close that finishes in time lets it exit as usual.
    setTimeout(() => {
      o.log?.(`skillset serve: not closed ${deadline} ms after ${why}; exiting`);
      process.exit(0);
    }, deadline).unref();
    new Worker(WATCHDOG, { eval: true, workerData: deadline + 300 }).unref();
    resolve(why);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  return {
    get reason() {
      return reason;
    },
    stopped,
    stop,
    closed,
  };
}
