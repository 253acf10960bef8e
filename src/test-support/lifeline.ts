// A lifeline: a FIFO that a process holds open for writing (`CMD 3>FILE`), so that a test awaits that
// process's end as an event, the FIFO's end of file, even when it is no child of the test's (a shell's
// background job, say) and so cannot be waited for.

import { execFileSync } from 'node:child_process';
import { constants, openSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/** A FIFO, and the end of every process that opened it for writing. */
export interface Lifeline {
  /** The FIFO's path: give it to the process as a descriptor it keeps, `3>'FILE'` in a shell. */
  file: string;
  /** Resolves once every process that opened the FIFO for writing has closed it, by exiting. */
  ended: Promise<void>;
  /** Stop reading the FIFO (in a `finally`). */
  close(): void;
}

/**
 * Make a lifeline in `dir`. Its read end is open before any writer comes: a writer's open does not
 * block, and the end of file comes only once a writer has come and gone.
 */
export function lifeline(dir: string, name = 'lifeline.fifo'): Lifeline {
  const file = path.join(dir, name);
  execFileSync('mkfifo', [file]);
  const fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK);
  const socket = new net.Socket({ fd, readable: true, writable: false });
  const ended = new Promise<void>((resolve, reject) => {
    socket.once('end', () => resolve());
    socket.once('error', reject);
  });
  socket.resume();
  return { file, ended, close: () => socket.destroy() };
}
