// Where an index lives: by default one SQLite file per set of roots in the cache folder; the kind of
// store a location names (loaded without the stores themselves).

import path from 'node:path';
import { cacheFile, defaultCacheDir } from '../util/dirs.js';

/** The default index file for a set of roots: in the cache folder, named by the roots. */
export function defaultIndexFile(roots: readonly string[], cacheDir = defaultCacheDir()): string {
  return cacheFile(cacheDir, 'index', roots.map((r) => path.resolve(r)).join('\0'), 'sqlite');
}

/** The kinds of store a location can name. */
export type StoreKind = 'sqlite' | 'postgres';

/** The store a location names: `postgres:` or `postgresql:` (any case) is PostgreSQL, anything else a SQLite file. */
export function storeKind(location: string): StoreKind {
  return /^postgres(?:ql)?:/i.test(location) ? 'postgres' : 'sqlite';
}

/** A location as given: a file resolved from `cwd`; `:memory:` and a store's URL (`postgres:`) taken as they are. */
export function indexLocation(cwd: string, given: string): string {
  return storeKind(given) === 'sqlite' && given !== ':memory:' ? path.resolve(cwd, given) : given;
}
