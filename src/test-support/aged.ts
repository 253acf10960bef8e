// Files old enough for the caches to trust: the parse and walk caches, and the snapshots, distrust
// a file changed within the last moments (it may still be being written).

import { readdirSync, utimesSync } from 'node:fs';
import path from 'node:path';

/** A minute back: older than any racy guard. */
export const old = new Date(Date.now() - 60_000);

/**
 * A minute ahead: a file dated so was changed "just now" for every racy guard, however long the test
 * takes between writing it and reading it.
 */
export const ahead = (): Date => new Date(Date.now() + 60_000);

/** Date every folder and file under `dir` (and `dir` itself) at `when`, a minute back by default. */
export function age(dir: string, when = old): void {
  for (const e of readdirSync(dir, { withFileTypes: true }))
    if (e.isDirectory()) age(path.join(dir, e.name), when);
    else utimesSync(path.join(dir, e.name), when, when);
  utimesSync(dir, when, when);
}
