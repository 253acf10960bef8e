// The selection pipeline, end to end: Score → Resolve → ModelFilter → CacheOrder → Budget → Load over
// a catalog and its ranking for the text signal (asked only for an intent). Budget first sizes each candidate
// as it will load (reading its files as far as the count matters); Load and the cache state are the
// other effects, and a dry run stops before them.

import { skillsByName } from '../compose/extends.js';
import type { LoadLimits } from '../compose/import-limits.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { SkillsetError } from '../errors.js';
import type { FileSystem } from '../files/fs.js';
import type { SearchResult } from '../search/rank.js';
import { estimateTokens } from '../skill/parse.js';
import type { Skill } from '../skill/types.js';
import { closest } from '../text/did-you-mean.js';
import { budgetStage, DEFAULT_BUDGET_CHARS } from './budget.js';
import {
  type CacheState,
  cacheOrderStage,
  DEFAULT_CACHE_TTL_MS,
  EMPTY_CACHE_STATE,
} from './cache-order.js';
import { recordLoads } from './cache-state.js';
import { type LoadedSkill, loadStage } from './load.js';
import {
  type AgentProfile,
  BUILTIN_PROFILES,
  type FilterFacts,
  modelFilterStage,
} from './model-filter.js';
import { resolveStage } from './resolve.js';
import { type ScoreItem, type ScoreParts, type SelectContext, scoreStage } from './score.js';
import { sizeCap, sizeStage } from './size.js';
import { type SelectSource, searchIntent } from './source.js';
import { suggestionPool } from './suggest.js';
import type { StageDecision } from './types.js';
import { type SelectView, selectView } from './view.js';

/** How a selection runs. */
export interface SelectOptions {
  /** A profile's name (built in, or one of `profiles`), or a profile (default `interactive`). */
  profile?: string | AgentProfile;
  /** Profiles beside the built-in ones (a config file's), by name; they win over a built-in of the same name. */
  profiles?: Readonly<Record<string, AgentProfile>>;
  /** The budget (default 15,500 characters). */
  budget?: number;
  unit?: 'chars' | 'tokens';
  /** Stop before Load: nothing is loaded or recorded (sizing reads what it needs to count). */
  dryRun?: boolean;
  /** The bounds of one load: bytes of body and imports, files imported (default 100,000 and 100). */
  limits?: LoadLimits;
  /** The time now (default Date.now()). */
  now?: number;
  /** What earlier runs loaded (default: nothing). */
  cacheState?: CacheState;
  /** The project root imports may resolve against. */
  projectRoot?: string;
  fs?: FileSystem;
  /** How many skills to name, not load, after the loads (default 20; 0: none). */
  suggest?: number;
  /**
   * Skills the model may not load, with why (the catalog's policy: an override, a deny rule,
   * `disable-model-invocation`): ModelFilter drops them, and they are never suggested.
   */
  refused?: ReadonlyMap<string, string>;
}

/** Skills named after the loads by default: those that overflowed, then the search's other candidates. */
export const DEFAULT_SUGGESTIONS = 20;

/** A selection: its view, every decision, the loaded skills (none on a dry run) and the next cache state. */
export interface SelectResult {
  json: SelectView;
  decisions: StageDecision[];
  /** Score's decisions about the skills nothing in the context touched (`json.unmatched` counts them). */
  unmatched: StageDecision[];
  loaded: LoadedSkill[];
  diagnostics: Diagnostic[];
  cacheState: CacheState;
}

/** The profile named `p` (among `extra`, then the built-in ones), or a usage problem with a did-you-mean. */
export function profileNamed(
  p: string | AgentProfile | undefined,
  extra: Readonly<Record<string, AgentProfile>> = {},
): AgentProfile {
  if (typeof p === 'object') return p;
  const name = p ?? 'interactive';
  const all: Record<string, AgentProfile> = { ...BUILTIN_PROFILES, ...extra };
  const found = all[name];
  if (found) return found;
  const names = Object.keys(all).sort();
  const near = closest(name, names);
  throw new SkillsetError('usage/unknown-profile', `Unknown profile \`${name}\``, {
    hint: near ? `Did you mean \`${near}\`?` : `Profiles: ${names.join(', ')}.`,
    data: { profile: name, ...(near ? { didYouMean: near } : {}) },
  });
}

/**
 * Text similarity, 0–1, of each skill to the intent, from the search engine's ranking: nothing unless
 * its gate answers `ok` (a `weak` answer's candidates are suggested, never loaded on their text; the
 * listing, which only ranks, takes them too with `weak`); else by rank, so that its best three reach
 * the threshold on their own (0.75, 0.65, 0.55) when they score at least a quarter of the best, and
 * the rest count by their score relative to the best. A copy of a skill in another tree (a
 * translation, a mirror) gets nothing: its group's shown copy stands for it.
 */
function textSignals(result: SearchResult | undefined, weak = false): Map<string, number> {
  const out = new Map<string, number>();
  if (!result || result.coverage === 'none' || (result.coverage === 'weak' && !weak)) return out;
  const top = result.results[0]?.score ?? 0;
  result.results.forEach((r, i) => {
    const ratio = top > 0 ? r.score / top : 0;
    const t = i < TOP_TEXT.length && ratio >= NEAR_TOP ? (TOP_TEXT[i] as number) : 0.45 * ratio;
    out.set(r.id, Math.min(1, Math.max(0, t)));
  });
  return out;
}

/** The text signal of the search engine's best three results, when they score near the best. */
const TOP_TEXT = [0.75, 0.65, 0.55];
/** How near: at least this share of the best score. */
const NEAR_TOP = 0.25;

/** A catalog's score items by id (the first of an id), made once per catalog. */
const itemsByIdOf = new WeakMap<object, ReadonlyMap<string, ScoreItem>>();
function itemsById(catalog: object, skills: readonly Skill[]): ReadonlyMap<string, ScoreItem> {
  let map = itemsByIdOf.get(catalog);
  if (!map) {
    const m = new Map<string, ScoreItem>();
    for (const item of scoreItems(catalog, skills)) if (!m.has(item.id)) m.set(item.id, item);
    map = m;
    itemsByIdOf.set(catalog, map);
  }
  return map;
}

/** A catalog's score items without their text signal, made once: front matter is read once per skill. */
const itemsOf = new WeakMap<object, ScoreItem[]>();
function scoreItems(catalog: object, skills: readonly Skill[]): ScoreItem[] {
  let items = itemsOf.get(catalog);
  if (!items) {
    items = skills.map(scoreItem);
    itemsOf.set(catalog, items);
  }
  return items;
}

/** Per catalog, its skill files known to hold no `@import` (sizing looks at each once). */
const plainOf = new WeakMap<object, Map<string, boolean>>();
function plainFiles(catalog: object): Map<string, boolean> {
  let known = plainOf.get(catalog);
  if (!known) {
    known = new Map();
    plainOf.set(catalog, known);
  }
  return known;
}

const pathsOf = new WeakMap<object, ReadonlyMap<string, Skill>>();

/** The catalog's skills by SKILL.md path, made once per catalog. */
function skillsByPath(catalog: object, all: readonly Skill[]): ReadonlyMap<string, Skill> {
  let map = pathsOf.get(catalog);
  if (!map) {
    map = new Map(all.map((s) => [s.path, s]));
    pathsOf.set(catalog, map);
  }
  return map;
}

/** A body's size in characters, as its bytes after the front matter. */
const bodyChars = (s: Skill): number => Math.max(0, s.size.bytes - s.bodyOffset);

function scoreItem(s: Skill): ScoreItem {
  const f = s.frontmatter;
  const chars = bodyChars(s);
  return {
    id: s.id,
    name: s.name,
    path: s.path,
    scope: s.source.scope,
    chars,
    tokens: estimateTokens(chars),
    contentHash: s.contentHash,
    // Conditional skills' `paths` are file triggers too.
    triggers: {
      files: [...(f.triggers?.files ?? []), ...(f.paths ?? [])],
      intents: f.triggers?.intents ?? [],
      contexts: f.triggers?.contexts ?? [],
    },
    ...(f.threshold !== undefined ? { threshold: f.threshold } : {}),
    text: 0,
  };
}

/**
 * Every skill's score for `context` (0–100), above 0 only, as Score computes it, thresholds aside, and
 * with a `weak` intent's candidates counted: the relevance-ranked listing keeps the descriptions of the
 * highest first (it ranks what to show, it loads nothing).
 */
export async function scoreSkills(
  source: SelectSource,
  context: SelectContext,
): Promise<Map<string, number>> {
  const { catalog } = source;
  const text = textSignals(await searchIntent(source, context.intent), true);
  // The same items as the pipeline's (made once per catalog, shadowed copies included), thresholds off.
  const visible = new Set(catalog.skills.map((s) => s.path));
  const items = scoreItems(catalog, [...catalog.skills, ...catalog.shadowed])
    .filter((item) => visible.has(item.path))
    .map((item) => ({ ...item, text: text.get(item.id) ?? 0, threshold: 0 }));
  const out = new Map<string, number>();
  for (const c of scoreStage(items, context).candidates) if (c.score > 0) out.set(c.id, c.score);
  return out;
}

/** Run the pipeline over a catalog and its ranking (`indexSource` makes one of an open index) for `context`. */
export async function runPipeline(
  source: SelectSource,
  context: SelectContext,
  o: SelectOptions = {},
): Promise<SelectResult> {
  const profile = profileNamed(o.profile, o.profiles);
  const now = o.now ?? Date.now();
  const { catalog } = source;
  const all = [...catalog.skills, ...catalog.shadowed];
  const byId = new Map<string, Skill>();
  for (const s of all) if (!byId.has(s.id)) byId.set(s.id, s);
  const search = await searchIntent(source, context.intent);
  const text = textSignals(search);
  // Only an intent search is sure of loads on its words: a `weak` or `none` one matches no trigger
  // phrase either (its candidates are suggested); files, commands and keywords still count.
  const { intent: _intent, ...unsure } = context;
  const scored = scoreStage(
    scoreItems(catalog, all).map((item) => {
      const t = text.get(item.id);
      return t === undefined ? item : { ...item, text: t };
    }),
    search === undefined || search.coverage === 'ok' ? context : unsure,
  );
  // `extends` names a loaded skill by id, else by name.
  const loadedByName = skillsByName(catalog.skills, (s) => s);
  const extendsFacts = (s: Skill | undefined) =>
    s && { name: s.id, path: s.path, chars: bodyChars(s), extends: s.frontmatter.extends };
  const resolved = resolveStage(scored.candidates, catalog, {
    of: (id) => extendsFacts(byId.get(id)),
    named: (name) => extendsFacts(loadedByName.get(name)),
  });
  const facts = (id: string): FilterFacts => {
    const why = o.refused?.get(id);
    const f = byId.get(id)?.frontmatter ?? {};
    return why === undefined ? f : { ...f, refused: why };
  };
  const filtered = modelFilterStage(resolved.candidates, profile, facts);
  const state = o.cacheState ?? EMPTY_CACHE_STATE;
  const ordered = cacheOrderStage(filtered.candidates, state, { now });
  // Each skill counted as it loads, imports and all: what Budget fits is what Load reads.
  // Bodies are read from the real files discovery confined.
  const byPath = skillsByPath(catalog, all);
  const sized = await sizeStage(ordered.candidates, {
    ...(o.fs ? { fs: o.fs } : {}),
    ...(o.projectRoot ? { projectRoot: o.projectRoot } : {}),
    ...(o.limits ? { limits: o.limits } : {}),
    cap: sizeCap(o.budget ?? DEFAULT_BUDGET_CHARS, o.unit ?? 'chars'),
    plain: plainFiles(catalog),
    skills: byPath,
  });
  // Dropped by Resolve or ModelFilter: not to be named either (Score's drops may still be).
  const refused = new Set(
    [...resolved.decisions, ...filtered.decisions]
      .filter((d) => d.outcome === 'dropped')
      .map((d) => d.id),
  );
  const budget = budgetStage(sized.candidates, {
    ...(o.budget !== undefined ? { limit: o.budget } : {}),
    ...(o.unit ? { unit: o.unit } : {}),
    suggestions: {
      pool: suggestionPool(sized.candidates, search?.results ?? [], {
        visible: catalog,
        byId,
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
  });
  const decisions = [
    ...scored.decisions,
    ...resolved.decisions,
    ...filtered.decisions,
    ...ordered.decisions,
    ...sized.decisions,
    ...budget.decisions,
  ];
  let loaded: LoadedSkill[] = [];
  const diagnostics: Diagnostic[] = [];
  let cacheState = state;
  if (!o.dryRun && budget.violation === null) {
    const l = await loadStage(budget.candidates, {
      ...(o.fs ? { fs: o.fs } : {}),
      ...(o.projectRoot ? { projectRoot: o.projectRoot } : {}),
      ...(o.limits ? { limits: o.limits } : {}),
      holdToCounted: true,
      skills: byPath,
    });
    loaded = l.loaded;
    decisions.push(...l.decisions);
    diagnostics.push(...l.diagnostics);
    cacheState = recordLoads(state, loaded, now, 4 * DEFAULT_CACHE_TTL_MS);
  }
  // Skills nothing in the context matched are most of a library: counted, not listed.
  const unmatched = scored.decisions.filter(
    (d) => d.outcome === 'dropped' && untouched(scored.parts.get(d.id)),
  );
  const loadedIds = new Set(loaded.map((s) => s.id));
  return {
    json: selectView({
      coverage: search?.coverage ?? null,
      loaded: o.dryRun ? budget.candidates : budget.candidates.filter((c) => loadedIds.has(c.id)),
      budget,
      decisions,
      unmatched,
    }),
    decisions,
    unmatched,
    loaded,
    diagnostics,
    cacheState,
  };
}

/** Did nothing in the context touch this skill (no text, file, phrase or keyword)? */
const untouched = (p: ScoreParts | undefined): boolean =>
  p !== undefined && p.text === 0 && p.files === 0 && p.intent === 0 && p.context === 0;
