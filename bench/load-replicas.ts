// The replicas of the registry's load test: real `skillset serve --http --store` processes from
// dist/, each on a free port, its URL read from its "listening on …" line.

import { type ChildProcess, spawn } from 'node:child_process';
import { cliPath } from '../src/test-support/paths.js';

/** Replicas started, and how to end them. */
export interface Replicas {
  urls: string[];
  /** SIGKILL replica `i`: no goodbye to its clients, as when a machine goes. */
  kill(i: number): void;
  /** What each replica wrote to stderr (its last lines), for a report of a failure. */
  stderr(i: number): string;
  /** SIGTERM the replicas still running, and wait for them. */
  stop(): Promise<void>;
}

/** One replica: started, and listening once its URL is known. */
function startOne(
  store: string,
  maxSessions: number,
): { child: ChildProcess; url: Promise<string>; err: () => string } {
  const child = spawn(
    process.execPath,
    [
      cliPath,
      'serve',
      '--http',
      '--store',
      store,
      '--port',
      '0',
      '--max-sessions',
      String(maxSessions),
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let err = '';
  const url = new Promise<string>((resolve, reject) => {
    child.stderr?.on('data', (d: Buffer) => {
      // Kept short: a replica logs a line per session it closes.
      err = (err + d.toString()).slice(-4000);
      const m = /listening on (\S+)/.exec(err);
      if (m) resolve(m[1] as string);
    });
    child.once('exit', (code, signal) =>
      reject(new Error(`replica exited (${code ?? signal}) before listening: ${err}`)),
    );
  });
  return { child, url, err: () => err };
}

/** Start `n` replicas over the registry at `store`, each allowed `maxSessions` sessions. */
export async function startReplicas(
  store: string,
  n: number,
  maxSessions: number,
): Promise<Replicas> {
  const started = Array.from({ length: n }, () => startOne(store, maxSessions));
  const stop = async (): Promise<void> => {
    await Promise.all(
      started.map(({ child }) => {
        if (child.exitCode !== null || child.signalCode !== null) return undefined;
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        return exited;
      }),
    );
  };
  try {
    const urls = await Promise.all(started.map((s) => s.url));
    return {
      urls,
      kill: (i) => started[i]?.child.kill('SIGKILL'),
      stderr: (i) => started[i]?.err() ?? '',
      stop,
    };
  } catch (e) {
    await stop();
    throw e;
  }
}
