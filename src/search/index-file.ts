// Where an index lives by default: one file per set of roots in the cache folder.

import { createHash } from 'node:crypto';
import path from 'node:path';
import { defaultCacheDir } from '../util/dirs.js';

/** The default index file for a set of roots: in the cache folder, named by the roots. */
export function defaultIndexFile(roots: readonly string[], cacheDir = defaultCacheDir()): string {
  const key = createHash('sha256')
    .update(roots.map((r) => path.resolve(r)).join('\0'))
    .digest('hex')
    .slice(0, 20);
  return path.join(cacheDir, `index-${key}.sqlite`);
}
