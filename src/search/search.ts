// openSkillIndex: discover skills, bring the index file up to date by content hash, and search it.

import { createHash } from 'node:crypto';
import path from 'node:path';
import { type Diagnostic, diagnostic } from '../diagnostics/diagnostic.js';
import { readSkillBody } from '../discover/body.js';
import { defaultCacheDir } from '../discover/cache.js';
import { type DiscoverOptions, type DiscoverResult, discoverSkills } from '../discover/discover.js';
import type { Skill } from '../skill/types.js';
import { toDocument } from './document.js';
import type { Progress, UpdateStats } from './index-store.js';
import { DEFAULT_RANK, type RankSettings, rank, type SearchResult } from './rank.js';
import { SqliteIndexStore, storeError } from './sqlite-store.js';

/** Options for openSkillIndex: discovery options plus where the index lives. */
export interface IndexOptions extends DiscoverOptions {
  /** The index file; `:memory:` (the default for the library) keeps it in memory. */
  indexFile?: string;
  /** Ranker weights and thresholds (defaults: DEFAULT_RANK). */
  rank?: RankSettings;
  /** Told how many of the skills to (re)index are done, as they are. */
  onProgress?: Progress;
  /** What discovery already found: indexed as it is, without reading the roots again. */
  discovery?: DiscoverResult;
  /** Replace an index file that is not a readable index with a new one (default false: report it). */
  rebuildUnreadable?: boolean;
}

/** An open index over a set of skills. */
export interface SkillIndex {
  /** What discovery found (the indexed skills are `discovery.skills`). */
  discovery: DiscoverResult;
  /** What opening changed in the index. */
  update: UpdateStats;
  /** Problems with the index file that were worked around (a damaged file rebuilt). */
  diagnostics: Diagnostic[];
  /** The ranker settings in use. */
  settings: RankSettings;
  /** Search; any string is a valid query. */
  search(query: string, options?: { limit?: number }): SearchResult;
  close(): void;
}

/** The default index file for a set of roots: in the cache folder, named by the roots. */
export function defaultIndexFile(roots: readonly string[], cacheDir = defaultCacheDir()): string {
  const key = createHash('sha256')
    .update(roots.map((r) => path.resolve(r)).join('\0'))
    .digest('hex')
    .slice(0, 20);
  return path.join(cacheDir, `index-${key}.sqlite`);
}

/** Discover skills, update the index incrementally (only changed content is re-indexed), and return it open. */
export async function openSkillIndex(options: IndexOptions = {}): Promise<SkillIndex> {
  const discovery = options.discovery ?? (await discoverSkills(options));
  const file = options.indexFile ?? ':memory:';
  const store = SqliteIndexStore.open(file, {
    rebuildUnreadable: options.rebuildUnreadable ?? false,
  });
  const diagnostics: Diagnostic[] = [];
  if (store.rebuilt !== undefined)
    diagnostics.push(
      diagnostic(
        'index/rebuilt',
        'warning',
        file,
        `The index ${file} was not readable (${store.rebuilt}); rebuilt`,
      ),
    );
  const byPath = new Map<string, Skill>(discovery.skills.map((s) => [s.path, s]));
  const current = new Map([...byPath].map(([p, s]) => [p, { hash: s.contentHash, id: s.id }]));
  const update = await store
    .apply(
      current,
      async (p) => {
        const skill = byPath.get(p) as Skill;
        try {
          const body = await readSkillBody(skill, options.fs ? { fs: options.fs } : {});
          return toDocument(skill, body.body);
        } catch {
          return toDocument(skill, ''); // unreadable since discovery: index its metadata
        }
      },
      options.onProgress,
    )
    .catch((e) => {
      store.close();
      throw e;
    });
  const settings = options.rank ?? DEFAULT_RANK;
  return {
    discovery,
    update,
    diagnostics,
    settings,
    search: (query, o = {}) => {
      try {
        return rank(store, query, Math.max(1, o.limit ?? 10), settings);
      } catch (e) {
        throw storeError(e, file);
      }
    },
    close: () => store.close(),
  };
}
