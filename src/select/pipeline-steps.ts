// The steps of one run of the pipeline (pipeline.ts) around its pure stages: what the run reads of
// its catalog and search, what it hands Score, Resolve, Budget and Load, and the loads recorded.

import { skillsByName } from '../compose/extends.js';
import type { SearchResult } from '../search/rank.js';
import type { Skill } from '../skill/types.js';
import type { BudgetSettings } from './budget.js';
import { type CacheState, DEFAULT_CACHE_TTL_MS } from './cache-order.js';
import { recordLoads } from './cache-state.js';
import { bodyChars, itemsById, scoreItems, skillsByPath, textSignals } from './catalog-items.js';
import { type LoadOptions, loadStage } from './load.js';
import { type AgentProfile, type FilterFacts, modelFilterStage } from './model-filter.js';
import type { SelectOptions, SelectResult } from './pipeline.js';
import type { resolveStage } from './resolve.js';
import { type SelectContext, scoreStage } from './score.js';
import { type SelectSource, searchIntent } from './source.js';
import { DEFAULT_SUGGESTIONS, suggestionPool } from './suggest.js';
import type { Candidate } from './types.js';

/** One run of the pipeline: its options, profile and time, the catalog's skills, and the search's answer. */
export interface Run {
  o: SelectOptions;
  profile: AgentProfile;
  now: number;
  catalog: SelectSource['catalog'];
  /** The catalog's skills, shadowed copies included. */
  all: Skill[];
  /** The first skill of each id. */
  byId: Map<string, Skill>;
  /** The skills by SKILL.md path: bodies are read from the real files discovery confined. */
  byPath: ReadonlyMap<string, Skill>;
  /** The search's answer for the intent (none without one). */
  search: SearchResult | undefined;
  /** What ModelFilter reads of a skill: its front matter, and why the catalog refuses it if it does. */
  facts: (id: string) => FilterFacts;
}

/** Take the catalog's skills in, and search for the intent. */
export async function startRun(
  source: SelectSource,
  context: SelectContext,
  o: SelectOptions,
  profile: AgentProfile,
): Promise<Run> {
  const now = o.now ?? Date.now();
  const { catalog } = source;
  const all = [...catalog.skills, ...catalog.shadowed];
  const byId = new Map<string, Skill>();
  for (const s of all) if (!byId.has(s.id)) byId.set(s.id, s);
  const search = await searchIntent(source, context.intent);
  const facts = (id: string): FilterFacts => {
    const why = o.refused?.get(id);
    const f = byId.get(id)?.frontmatter ?? {};
    return why === undefined ? f : { ...f, refused: why };
  };
  const byPath = skillsByPath(catalog, all);
  return { o, profile, now, catalog, all, byId, byPath, search, facts };
}

/** Score every skill, with its text signal from the search. */
export function scoreRun(run: Run, context: SelectContext): ReturnType<typeof scoreStage> {
  const text = textSignals(run.search);
  // Only an intent search is sure of loads on its words: a `weak` or `none` one matches no trigger
  // phrase either (its candidates are suggested); files, commands and keywords still count.
  const { intent: _intent, ...unsure } = context;
  return scoreStage(
    scoreItems(run.catalog, run.all).map((item) => {
      const t = text.get(item.id);
      return t === undefined ? item : { ...item, text: t };
    }),
    run.search === undefined || run.search.coverage === 'ok' ? context : unsure,
  );
}

/** What Resolve reads for `extends`: a skill by id, or a loaded skill by name. */
export function extendsFacts(run: Run): Parameters<typeof resolveStage>[2] {
  // `extends` names a loaded skill by id, else by name.
  const loadedByName = skillsByName(run.catalog.skills, (s) => s);
  const of = (s: Skill | undefined) =>
    s && { name: s.id, path: s.path, chars: bodyChars(s), extends: s.frontmatter.extends };
  return {
    of: (id) => of(run.byId.get(id)),
    named: (name) => of(loadedByName.get(name)),
  };
}

/** The options sizing and loading share: the file system, the project root, the bounds of a load. */
export function readOptions(o: SelectOptions): Pick<LoadOptions, 'fs' | 'projectRoot' | 'limits'> {
  return {
    ...(o.fs ? { fs: o.fs } : {}),
    ...(o.projectRoot ? { projectRoot: o.projectRoot } : {}),
    ...(o.limits ? { limits: o.limits } : {}),
  };
}

/** Budget's settings: the limit and unit, and the skills it may suggest (none refused, all the profile keeps). */
export function budgetSettings(
  run: Run,
  candidates: readonly Candidate[],
  refused: ReadonlySet<string>,
): BudgetSettings {
  const { o, catalog, all, profile, facts } = run;
  return {
    ...(o.budget !== undefined ? { limit: o.budget } : {}),
    ...(o.unit ? { unit: o.unit } : {}),
    ...(o.parts !== undefined ? { parts: o.parts } : {}),
    suggestions: {
      pool: suggestionPool(candidates, run.search?.results ?? [], {
        visible: catalog,
        byId: run.byId,
        refused,
        hidden: o.refused,
        profile: (ids) =>
          modelFilterStage(
            ids.flatMap((id) => {
              const item = itemsById(catalog, all).get(id);
              return item ? [{ ...item, score: 0, tier: 'standard' as const }] : [];
            }),
            profile,
            facts,
          ).candidates.map((c) => c.id),
      }),
      max: o.suggest ?? DEFAULT_SUGGESTIONS,
    },
  };
}

/** Load what Budget kept, and record the loads in the cache state. */
export async function loadRun(
  run: Run,
  candidates: readonly Candidate[],
  state: CacheState,
): Promise<Pick<SelectResult, 'loaded' | 'decisions' | 'diagnostics' | 'cacheState'>> {
  const l = await loadStage(candidates, {
    ...readOptions(run.o),
    holdToCounted: true,
    skills: run.byPath,
  });
  const cacheState = recordLoads(state, l.loaded, run.now, 4 * DEFAULT_CACHE_TTL_MS);
  return { loaded: l.loaded, decisions: l.decisions, diagnostics: l.diagnostics, cacheState };
}
