// Reading a small file a project holds (a config, a written tier) without ever blocking: a FIFO or
// device in its place is not opened for a blocking read, and a file over the cap is not read.

import nodeFs from 'node:fs';

/** What a bounded read of a regular file found. */
export type RegularRead =
  | { ok: true; text: string }
  | { ok: false; reason: 'missing' | 'not-a-file' | 'too-large'; size?: number };

/** The text of `file` when it is a regular file of at most `maxBytes`. */
export function readRegularFile(file: string, maxBytes: number): RegularRead {
  let fd: number;
  try {
    fd = nodeFs.openSync(file, nodeFs.constants.O_RDONLY | (nodeFs.constants.O_NONBLOCK ?? 0));
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return { ok: false, reason: 'missing' };
    throw e;
  }
  try {
    const st = nodeFs.fstatSync(fd);
    if (!st.isFile()) return { ok: false, reason: 'not-a-file' };
    if (st.size > maxBytes) return { ok: false, reason: 'too-large', size: st.size };
    return { ok: true, text: nodeFs.readFileSync(fd, 'utf8') };
  } finally {
    nodeFs.closeSync(fd);
  }
}
