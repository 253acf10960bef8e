// The service's search, lint and select calls, each over the settings, the catalog and the open
// index; the service adds the diagnostics of discovery and of the index to theirs.

import { type Catalog, refusedSkills } from '../catalog/catalog.js';
import type { RuleSetting } from '../config/config.js';
import { compareDiagnostics, type Diagnostic, diagnostic } from '../diagnostics/diagnostic.js';
import { SkillsetError } from '../errors.js';
import type { SearchJson } from '../search/format.js';
import type { SkillIndex } from '../search/search.js';
import type { SelectOptions } from '../select/pipeline.js';
import type { SelectContext } from '../select/score.js';
import type { SelectView, SelectViewOptions } from '../select/view.js';
import type { EvalRun } from './eval.js';
import { attempt, type Outcome } from './outcome.js';
import type { EvalOptions, SearchOptions } from './service.js';
import type { Settings } from './settings.js';
import type { LintReport } from './views.js';
import { lintReport } from './views.js';

/** Runs a call on the open index (a damaged one rebuilt). */
export type WithIndex = <T>(f: (i: SkillIndex) => T | Promise<T>) => Promise<T>;

/** Search `query`; its diagnostics are this call's own (a limit past the window, an empty library). */
export async function searchCall(
  settings: Settings,
  d: Catalog,
  withIndex: WithIndex,
  query: string,
  o: SearchOptions,
): Promise<Outcome<SearchJson>> {
  const limit = o.limit ?? 10;
  const notes: Diagnostic[] = [];
  return attempt(notes, async () => {
    if (!Number.isInteger(limit) || limit < 1)
      throw new SkillsetError(
        'usage/invalid-limit',
        `The limit is a whole number from 1, got ${limit}`,
        { hint: 'Pass --limit 1 or more (the default is 10).' },
      );
    if (limit > settings.rank.candidates)
      notes.push(
        diagnostic(
          'search/limit-above-window',
          'warning',
          settings.indexFile,
          `The limit ${limit} is above the ${settings.rank.candidates} candidates a query reads from each index table; fewer results may come back`,
          { data: { limit, candidates: settings.rank.candidates } },
        ),
      );
    if (d.skills.length === 0) {
      // `none` from an empty library is not an answer about the query: say why it is empty.
      const why = d.diagnostics.find((x) => x.code === 'discover/no-skills');
      notes.push(
        diagnostic(
          'search/no-skills',
          'warning',
          why?.file ?? settings.indexFile,
          `There are no skills to search. ${why?.message ?? 'No skills found.'}`,
        ),
      );
    }
    const result = await withIndex((i) => i.search(query, { limit }));
    const { searchJson } = await import('../search/format.js');
    return searchJson(result, { explain: o.explain === true, weights: settings.rank.weights });
  });
}

/** Score search on a labelled query file; its diagnostics are the warnings the labels gave. */
export async function evalCall(
  settings: Settings,
  d: Catalog,
  withIndex: WithIndex,
  labelsFile: string,
  o: EvalOptions,
): Promise<Outcome<EvalRun>> {
  const warnings: Diagnostic[] = [];
  return attempt(warnings, async () => {
    const { evalFile } = await import('./eval.js');
    return withIndex((i) => evalFile(i, d, labelsFile, { ...o, fs: settings.fs }, warnings));
  });
}

/** Lint with the settings' profile and rules; the settings' own lint findings are counted in. */
export async function lintCall(settings: Settings): Promise<Outcome<LintReport>> {
  // Loaded on use: the rules and their option schemas cost every other command start-up time.
  const { lintSkills } = await import('../lint/run.js');
  // Settings' own lint findings (a file no skill holds) are part of the report, counted with it.
  const own = settings.diagnostics.filter((d) => d.code.startsWith('lint/'));
  const rest = settings.diagnostics.filter((d) => !d.code.startsWith('lint/'));
  return attempt(rest, async () => {
    const r = await lintSkills({
      ...settings.discover,
      profile: settings.lint.profile,
      rules: await withListingDefaults(settings),
    });
    return lintReport({
      ...r,
      warnings: r.warnings + own.filter((d) => d.severity === 'warning').length,
      errors: r.errors + own.filter((d) => d.severity === 'error').length,
      diagnostics: [...own, ...r.diagnostics].sort(compareDiagnostics),
    });
  });
}

/**
 * The lint rules of the settings, the listing rule's budget, entry cap and form defaulting to the
 * listing's own (the agent's, the config's, the context size's), as `skillset listing` computes
 * them; options the config gives the rule win.
 */
async function withListingDefaults(settings: Settings): Promise<Record<string, RuleSetting>> {
  const { listingOverBudget } = await import('../lint/rules/catalog/listing-over-budget.js');
  const { DEFAULT_ENTRY_CAP } = await import('../render/listing.js');
  const { budgetOf } = await import('./listing.js');
  const l = settings.listing;
  const defaults = {
    budget: budgetOf(l).budget,
    entryCap: l.entryCap ?? DEFAULT_ENTRY_CAP,
    format: l.format,
  };
  const code = listingOverBudget.code;
  const given = settings.lint.rules[code] ?? listingOverBudget.severity[settings.lint.profile];
  const [level, options] = Array.isArray(given) ? given : [given];
  return { ...settings.lint.rules, [code]: [level, { ...defaults, ...options }] };
}

/** The selection pipeline for `context`; its diagnostics are the pipeline's own. */
export async function selectCall(
  settings: Settings,
  d: Catalog,
  withIndex: WithIndex,
  context: SelectContext,
  { explain, content, ...o }: SelectOptions & SelectViewOptions,
): Promise<Outcome<SelectView>> {
  const notes: Diagnostic[] = [];
  return attempt(notes, async () => {
    const { selectWithState } = await import('../select/with-state.js');
    const { indexRanking } = await import('../select/source.js');
    const { contentView, explainView } = await import('../select/view.js');
    const { statesFor } = await import('./states.js');
    const { budget, unit, parts, profiles } = settings.select;
    // The index opens only for an intent: files, commands and keywords score without it.
    const source = {
      catalog: d,
      rank: (q: string) => withIndex((i) => indexRanking(i, q)),
    };
    const r = await selectWithState(source, context, {
      ...(budget !== undefined ? { budget } : {}),
      ...(unit !== undefined ? { unit } : {}),
      ...(parts !== undefined ? { parts } : {}),
      profiles,
      limits: settings.load,
      refused: new Map(refusedSkills(d).map((r) => [r.id, r.message])),
      ...o,
      fs: settings.fs,
      projectRoot: settings.cwd,
      state: statesFor(settings),
    });
    notes.push(...r.diagnostics);
    const view = content ? contentView(r.json, r.loaded) : r.json;
    return explain ? explainView(view, r.decisions, r.unmatched) : view;
  });
}
