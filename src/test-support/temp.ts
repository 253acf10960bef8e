// Temporary folders for a test file, each removed when the file's tests end.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after } from 'node:test';

/** A maker of temporary folders named from `prefix`; every one it made is removed after the file. */
export function tempFolders(prefix: string): () => string {
  const made: string[] = [];
  after(() => {
    for (const t of made) rmSync(t, { recursive: true, force: true });
  });
  return () => {
    const t = mkdtempSync(path.join(tmpdir(), prefix));
    made.push(t);
    return t;
  };
}
