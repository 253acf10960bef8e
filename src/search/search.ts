// openSkillIndex: discover skills, bring the index file up to date by content hash, and search it.

import { type Diagnostic, diagnostic } from '../diagnostics/diagnostic.js';
import { readSkillBody } from '../discover/body.js';
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
  /** Reads a skill's body for indexing (default: readSkillBody through `fs`). */
  readBody?: (skill: Skill) => Promise<string>;
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
  /** Bring the index in line with a newer catalog (only what changed is re-indexed). */
  refresh(next: DiscoverResult): Promise<UpdateStats>;
  close(): void;
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
  const readBody =
    options.readBody ??
    (async (skill: Skill) =>
      (await readSkillBody(skill, options.fs ? { fs: options.fs } : {})).body);
  // Bring the store in line with a catalog: only what changed by content hash is read and indexed.
  const apply = async (catalog: DiscoverResult): Promise<UpdateStats> => {
    const byPath = new Map<string, Skill>(catalog.skills.map((s) => [s.path, s]));
    const current = new Map([...byPath].map(([p, s]) => [p, { hash: s.contentHash, id: s.id }]));
    return store.apply(
      current,
      async (p) => {
        const skill = byPath.get(p) as Skill;
        try {
          return toDocument(skill, await readBody(skill));
        } catch (e) {
          // Gone or unreadable since discovery: its metadata is still worth finding.
          diagnostics.push(
            diagnostic(
              'index/unreadable-body',
              'warning',
              skill.path,
              `The body could not be read while indexing (${(e as Error).message}); only the front matter is indexed`,
            ),
          );
          return toDocument(skill, '');
        }
      },
      options.onProgress,
    );
  };
  const update = await apply(discovery).catch((e) => {
    store.close();
    throw e;
  });
  const settings = options.rank ?? DEFAULT_RANK;
  const index: SkillIndex = {
    discovery,
    update,
    diagnostics,
    settings,
    async refresh(next) {
      try {
        const stats = await apply(next);
        index.discovery = next;
        index.update = stats;
        return stats;
      } catch (e) {
        throw storeError(e, file);
      }
    },
    search: (query, o = {}) => {
      try {
        return rank(store, query, Math.max(1, o.limit ?? 10), settings);
      } catch (e) {
        throw storeError(e, file);
      }
    },
    close: () => store.close(),
  };
  return index;
}
