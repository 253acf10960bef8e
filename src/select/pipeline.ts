// The selection pipeline, end to end: Score → Resolve → ModelFilter → CacheOrder → Budget → Load over
// a catalog and its ranking for the text signal (asked only for an intent). Budget first sizes each candidate
// as it will load (reading its files as far as the count matters); Load and the cache state are the
// other effects, and a dry run stops before them.

import type { LoadLimits } from '../compose/import-limits.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { SkillsetError } from '../errors.js';
import type { FileSystem } from '../files/fs.js';
import { closest } from '../text/did-you-mean.js';
import { budgetStage, DEFAULT_BUDGET_CHARS } from './budget.js';
import { type CacheState, cacheOrderStage, EMPTY_CACHE_STATE } from './cache-order.js';
import { plainFiles, scoreItems, textSignals } from './catalog-items.js';
import type { LoadedSkill } from './load.js';
import { type AgentProfile, BUILTIN_PROFILES, modelFilterStage } from './model-filter.js';
import {
  budgetSettings,
  extendsFacts,
  loadRun,
  readOptions,
  scoreRun,
  startRun,
} from './pipeline-steps.js';
import { resolveStage } from './resolve.js';
import { type ScoreParts, type SelectContext, scoreStage } from './score.js';
import { sizeCap, sizeStage } from './size.js';
import { type SelectSource, searchIntent } from './source.js';
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
  /**
   * Load a part of a skill when the skills do not all fit whole (Budget shares the room; default
   * true). False: whole skills only.
   */
  parts?: boolean;
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
  const run = await startRun(source, context, o, profileNamed(o.profile, o.profiles));
  const scored = scoreRun(run, context);
  const resolved = resolveStage(scored.candidates, run.catalog, extendsFacts(run));
  const filtered = modelFilterStage(resolved.candidates, run.profile, run.facts);
  const state = o.cacheState ?? EMPTY_CACHE_STATE;
  const ordered = cacheOrderStage(filtered.candidates, state, { now: run.now });
  // Each skill counted as it loads, imports and all: what Budget fits is what Load reads.
  const sized = await sizeStage(ordered.candidates, {
    ...readOptions(o),
    cap: sizeCap(o.budget ?? DEFAULT_BUDGET_CHARS, o.unit ?? 'chars'),
    plain: plainFiles(run.catalog),
    skills: run.byPath,
  });
  // Dropped by Resolve or ModelFilter: not to be named either (Score's drops may still be).
  const refused = new Set(
    [...resolved.decisions, ...filtered.decisions]
      .filter((d) => d.outcome === 'dropped')
      .map((d) => d.id),
  );
  const budget = budgetStage(sized.candidates, budgetSettings(run, sized.candidates, refused));
  const decisions = [
    ...scored.decisions,
    ...resolved.decisions,
    ...filtered.decisions,
    ...ordered.decisions,
    ...sized.decisions,
    ...budget.decisions,
  ];
  const load =
    !o.dryRun && budget.violation === null
      ? await loadRun(run, budget.candidates, state)
      : { loaded: [], decisions: [], diagnostics: [], cacheState: state };
  decisions.push(...load.decisions);
  // Skills nothing in the context matched are most of a library: counted, not listed.
  const unmatched = scored.decisions.filter(
    (d) => d.outcome === 'dropped' && untouched(scored.parts.get(d.id)),
  );
  const loadedIds = new Set(load.loaded.map((s) => s.id));
  return {
    json: selectView({
      coverage: run.search?.coverage ?? null,
      loaded: o.dryRun ? budget.candidates : budget.candidates.filter((c) => loadedIds.has(c.id)),
      budget,
      decisions,
      unmatched,
    }),
    decisions,
    unmatched,
    loaded: load.loaded,
    diagnostics: load.diagnostics,
    cacheState: load.cacheState,
  };
}

/** Did nothing in the context touch this skill (no text, file, phrase or keyword)? */
const untouched = (p: ScoreParts | undefined): boolean =>
  p !== undefined && p.text === 0 && p.files === 0 && p.intent === 0 && p.context === 0;
