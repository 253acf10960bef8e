// openSkillIndex: bring the index file in line with a catalog's skills by content hash, and search
// it; catalog changes applied to the open index move it on. A cached index found damaged while it is
// opened or updated is rebuilt, with a warning.

import type { Catalog } from '../catalog/catalog.js';
import type { CatalogChanges } from '../catalog/diff.js';
import { type Diagnostic, diagnostic } from '../diagnostics/diagnostic.js';
import { readSkillBody } from '../discover/body.js';
import { type DiscoverOptions, discoverSkills } from '../discover/discover.js';
import { SkillsetError } from '../errors.js';
import type { Skill } from '../skill/types.js';
import { toDocument } from './document.js';
import { httpModelFor } from './http-model.js';
import type { Progress, SearchIndexStore, UpdateStats } from './index-store.js';
import { IndexedSkills } from './indexed.js';
import { DEFAULT_RANK, type RankSettings, rank, type SearchResult } from './rank.js';
import type { SemanticModelName } from './rank-settings.js';
import { type ModelProvider, SemanticPass, termModelFor } from './semantic.js';
import { isUnreadable, storeError } from './sqlite-errors.js';
import { type OpenedStore, openIndexStore } from './store-factory.js';
import { useModelFor } from './use-model.js';

/** Options for openSkillIndex: the catalog to index (or discovery options to find it) and where the index lives. */
export interface IndexOptions extends DiscoverOptions {
  /**
   * Where the index lives: a SQLite file, `:memory:` (the default for the library), or a
   * `postgres://…` location (`?schema=NAME` picks the schema; one that cannot be reached fails with
   * `index/store-unavailable`).
   */
  indexFile?: string;
  /** Ranker weights and thresholds (defaults: DEFAULT_RANK). */
  rank?: RankSettings;
  /** Told how many of the skills to (re)index are done, as they are. */
  onProgress?: Progress;
  /** The catalog to index (only its skills are read), without reading the roots; discovered when absent. */
  catalog?: Pick<Catalog, 'skills'>;
  /** Replace an index file that is not a readable index with a new one (default false: report it). */
  rebuildUnreadable?: boolean;
  /** Reads a skill's body for indexing (default: readSkillBody through `fs`). */
  readBody?: (skill: Skill) => Promise<string>;
  /**
   * An index over the same file that a query found damaged (`error`): its file is replaced with a
   * new one, unless another process has replaced it already (needs `rebuildUnreadable`).
   */
  damaged?: { index: SkillIndex; error: unknown };
  /** How long to wait for another process's update of the file (default two minutes). */
  waitMs?: number;
  /** Stops waiting for another process's lock on the file (the caller is closing). */
  signal?: AbortSignal;
  /** Told each time an update finds another process's lock on the file held (it waits). */
  onBusy?: () => void;
  /** Opens the store instead of `indexFile` (a registry reader's scoped, read-only store). */
  openStore?: () => Promise<SearchIndexStore>;
}

/** The semantic pass's model of each name. */
function providerOf(name: SemanticModelName, settings: RankSettings): ModelProvider {
  if (name === 'terms') return termModelFor;
  if (name === 'use') return useModelFor;
  const endpoint = settings.embeddingEndpoint;
  if (endpoint) return httpModelFor(endpoint);
  return async () => {
    throw new SkillsetError(
      'search/model-unavailable',
      'The `http` model is off: no search.embeddingEndpoint is set in the user config',
    );
  };
}

/** Options of one search. */
export interface SearchOptions {
  /** How many results at most (default 10). */
  limit?: number;
  /**
   * With the semantic pass on, its share of the score for this query instead of the settings'
   * (0: lexical only, the pass not asked; 1: by meaning only). Eval compares the three this way.
   */
  semanticWeight?: number;
}

/** An open index over a catalog's skills (the catalog, not the index, says which skills there are). */
export interface SkillIndex {
  /** What opening, or the last change applied, changed in the index. */
  update: UpdateStats;
  /** Problems with the index file that were worked around (a damaged file rebuilt). */
  diagnostics: Diagnostic[];
  /** The ranker settings in use. */
  settings: RankSettings;
  /** Search; any string is a valid query. */
  search(query: string, options?: SearchOptions): Promise<SearchResult>;
  /**
   * Apply a catalog's changes (`diffCatalogs` of the catalog it holds and the newer one): the skills
   * added, removed and changed are (re)indexed, the rest is kept.
   */
  apply(changes: CatalogChanges): Promise<UpdateStats>;
  /**
   * Has anything but skillset changed, replaced or removed the index file since it was opened? Such
   * an index is opened again (and a cached one checked) before it is trusted again.
   */
  changedOutside(): boolean;
  close(): void;
}

/** Did SQLite (or a stored document) show the index file damaged? */
export function isIndexDamage(e: unknown): boolean {
  return isUnreadable(damageOf(e));
}

/** SQLite's own error inside ours. */
const damageOf = (e: unknown): unknown =>
  e instanceof SkillsetError && e.code === 'index/unreadable' ? e.cause : e;

/** The store behind each index: a damaged one's file is replaced only if it is still the same file. */
const stores = new WeakMap<SkillIndex, OpenedStore>();

/** Open the store at `file`, a damaged one replaced; a rebuilt store is a warning in `diagnostics`. */
async function openStore(
  file: string,
  options: IndexOptions,
  diagnostics: Diagnostic[],
  damaged?: { store: OpenedStore | undefined; error: unknown },
): Promise<OpenedStore> {
  if (options.openStore)
    return { store: await options.openStore(), rebuilt: undefined, state: undefined };
  const opened = await openIndexStore(file, {
    rebuildUnreadable: options.rebuildUnreadable ?? false,
    ...(options.waitMs !== undefined ? { waitMs: options.waitMs } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.onBusy ? { onBusy: options.onBusy } : {}),
    ...(damaged
      ? {
          damaged: {
            reason: (damageOf(damaged.error) as Error).message,
            state: damaged.store?.state,
          },
        }
      : {}),
  });
  if (opened.rebuilt !== undefined)
    diagnostics.push(
      diagnostic(
        'index/rebuilt',
        'warning',
        file,
        `The index ${file} was not readable (${opened.rebuilt}); rebuilt`,
      ),
    );
  return opened;
}

/** Brings a store in line with the skills it is to hold: only what changed by content hash is read and indexed. */
function skillsApplier(options: IndexOptions, diagnostics: Diagnostic[]) {
  const readBody =
    options.readBody ??
    (async (skill: Skill) =>
      (await readSkillBody(skill, options.fs ? { fs: options.fs } : {})).body);
  return async (into: SearchIndexStore, skills: IndexedSkills): Promise<UpdateStats> =>
    into.apply(
      skills.contents(),
      async (p) => {
        const skill = skills.at(p);
        if (!skill) return undefined;
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
}

/** The semantic pass over an index: its models from the settings, its warnings into `diagnostics`. */
function semanticPass(
  settings: RankSettings,
  options: IndexOptions,
  diagnostics: Diagnostic[],
  file: string,
): SemanticPass {
  return new SemanticPass({
    // Each warning once: a long-lived index warned of the same model at every change would grow.
    warn: (code, message, off) => {
      if (diagnostics.some((d) => d.code === code && d.message === message)) return;
      diagnostics.push(
        diagnostic(
          code,
          code === 'index/semantic-unsaved' || off ? 'warning' : 'info',
          file,
          message,
        ),
      );
    },
    providers: settings.semanticModels.map((m) => providerOf(m, settings)),
    ...(options.onProgress ? { progress: options.onProgress } : {}),
  });
}

/** Bring the index in line with a catalog (discovered when not given; only changed content is re-indexed), and return it open. */
export async function openSkillIndex(options: IndexOptions = {}): Promise<SkillIndex> {
  let skills = IndexedSkills.of(options.catalog ?? (await discoverSkills(options)));
  const file = options.indexFile ?? ':memory:';
  const rebuildUnreadable = options.rebuildUnreadable ?? false;
  const diagnostics: Diagnostic[] = [];
  const open = (damaged?: { store: OpenedStore | undefined; error: unknown }) =>
    openStore(file, options, diagnostics, damaged);
  const apply = skillsApplier(options, diagnostics);
  const damaged = options.damaged;
  let opened = await open(
    damaged && rebuildUnreadable
      ? { store: stores.get(damaged.index), error: damaged.error }
      : undefined,
  );
  let update: UpdateStats;
  try {
    update = await apply(opened.store, skills);
  } catch (e) {
    opened.store.close();
    // The update read a damaged page the check at open could not see: a cached index starts again.
    if (!(rebuildUnreadable && isIndexDamage(e))) throw e;
    opened = await open({ store: opened, error: e });
    update = await apply(opened.store, skills).catch((again) => {
      opened.store.close();
      throw again;
    });
  }
  const { store } = opened;
  const settings = options.rank ?? DEFAULT_RANK;
  const semantic = settings.semantic
    ? semanticPass(settings, options, diagnostics, file)
    : undefined;
  const index: SkillIndex = {
    update,
    diagnostics,
    settings,
    async apply(changes) {
      // Moved on even if the store's update fails: the next one brings the store to all of it.
      skills = skills.after(changes);
      try {
        const stats = await apply(store, skills);
        index.update = stats;
        return stats;
      } catch (e) {
        throw storeError(e, file);
      }
    },
    search: async (query, o = {}) => {
      try {
        await store.sync();
        const w = o.semanticWeight;
        const use = w === undefined ? settings : { ...settings, semanticWeight: w };
        const pass = w === 0 ? undefined : semantic;
        return await rank(store, query, Math.max(1, o.limit ?? 10), use, pass);
      } catch (e) {
        throw storeError(e, file);
      }
    },
    changedOutside: () => store.changedOutside(),
    close: () => store.close(),
  };
  stores.set(index, opened);
  // The semantic pass gets ready now, with progress, rather than in the first query.
  if (semantic)
    await semantic.ready(store).catch((e) => {
      store.close();
      throw storeError(e, file);
    });
  return index;
}
