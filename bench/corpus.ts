// The files a benchmark reads: every SKILL.md under a root, found once by a plain synchronous walk.

import fs from 'node:fs';
import path from 'node:path';

/** A library of skills on disk, with its SKILL.md files listed up front. */
export interface Library {
  /** Short name for the report (the path below the shared folder). */
  label: string;
  root: string;
  files: string[];
  /** Total size of the SKILL.md files. */
  bytes: number;
  /** The newest SKILL.md modification time (the parse cache distrusts very fresh files). */
  newestMtimeMs: number;
}

/** Folders discovery never enters, so the baselines skip them too. */
const SKIP = new Set(['.git', 'node_modules']);

/** Walk `root` and list its SKILL.md files with their total size. */
export function scanLibrary(label: string, root: string): Library {
  const lib: Library = { label, root, files: [], bytes: 0, newestMtimeMs: 0 };
  const walk = (dir: string): void => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory() && !SKIP.has(e.name)) walk(p);
      else if (e.isFile() && e.name === 'SKILL.md') {
        const st = fs.statSync(p);
        lib.files.push(p);
        lib.bytes += st.size;
        lib.newestMtimeMs = Math.max(lib.newestMtimeMs, st.mtimeMs);
      }
    }
  };
  walk(root);
  return lib;
}
