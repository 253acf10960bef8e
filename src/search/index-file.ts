// Where an index lives by default: one file per set of roots in the cache folder.

import path from 'node:path';
import { cacheFile, defaultCacheDir } from '../util/dirs.js';

/** The default index file for a set of roots: in the cache folder, named by the roots. */
export function defaultIndexFile(roots: readonly string[], cacheDir = defaultCacheDir()): string {
  return cacheFile(cacheDir, 'index', roots.map((r) => path.resolve(r)).join('\0'), 'sqlite');
}
