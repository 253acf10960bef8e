// The service: one object over resolved settings that every face (library, CLI, MCP server) calls.
// Discovery runs once per service and the index opens once, on first need, however many callers
// ask at once; a cached index found damaged, or changed by something else, is opened again.

import { type Catalog, catalogOf } from '../catalog/catalog.js';
import { type CatalogChanges, diffCatalogs, isUnchanged } from '../catalog/diff.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { readSkillBody } from '../discover/body.js';
import { type DiscoverResult, discoverSkills } from '../discover/discover.js';
import type { SearchJson } from '../search/format.js';
import type { SkillIndex } from '../search/search.js';
import type { SelectOptions } from '../select/pipeline.js';
import type { SelectContext } from '../select/score.js';
import type { SelectView, SelectViewOptions } from '../select/view.js';
import { screenAudit } from './audit-screen.js';
import type { EvalRun } from './eval.js';
import { attempt, type Outcome } from './outcome.js';
import { evalCall, lintCall, searchCall, selectCall } from './service-calls.js';
import { holdIndex } from './service-index.js';
import type { SkillCalls } from './service-skills.js';
import type { TierCalls } from './service-tier.js';
import { resolveSettings, type Settings, type SettingsInput } from './settings.js';
import { findSkill } from './skill-lookup.js';
import type { IndexReport, LintReport, ShowResult, SkillSummary } from './views.js';
import { showResult, skillSummary } from './views.js';

/** Options of `search`. */
export interface SearchOptions {
  /** Results at most (default 10). */
  limit?: number;
  /** Add each score's parts, the matched terms and the gate's verdict. */
  explain?: boolean;
}

/** Options of `eval`. */
export interface EvalOptions {
  /** A previous `eval --json` output to compare with, query by query. */
  compare?: string;
  /** Measure plain BM25 (FTS5 over name, description and body, no gate) beside search (default true). */
  baseline?: boolean;
}

/** Told how many of the skills to (re)index are done. */
export type IndexProgress = (done: number, total: number, what?: string) => void;

/** One service over one set of settings. */
export interface SkillService extends SkillCalls, TierCalls {
  readonly settings: Settings;
  /** The skills found, sorted by id. */
  list(): Promise<Outcome<SkillSummary[]>>;
  /** One skill by id or name, with its body when asked. */
  show(name: string, options?: { body?: boolean }): Promise<Outcome<ShowResult>>;
  /** Bring the index up to date; what changed. */
  index(): Promise<Outcome<IndexReport>>;
  /** Search; any string is a valid query. */
  search(query: string, options?: SearchOptions): Promise<Outcome<SearchJson>>;
  /** Lint with the settings' profile and rules. */
  lint(): Promise<Outcome<LintReport>>;
  /** Score search on a labelled query file (JSONL). */
  eval(labelsFile: string, options?: EvalOptions): Promise<Outcome<EvalRun>>;
  /**
   * Read the roots again; what changed is applied to the open index. A watcher or a session calls
   * this; `touched` files (kept from call to call) add their nested skill folders.
   */
  refresh(options?: { touched?: readonly string[] }): Promise<Outcome<CatalogChanges>>;
  /** The index, opened and brought up to date (for callers that run many queries, such as eval). */
  openIndex(): Promise<Outcome<SkillIndex>>;
  /** Choose the skills to load for a context: the selection pipeline (docs/selection.md); what `select --json` prints. */
  select(
    context: SelectContext,
    options?: SelectOptions & SelectViewOptions,
  ): Promise<Outcome<SelectView>>;
  /** Close the index, if it was opened. */
  close(): void;
}

/** Build a service from settings (resolved with resolveSettings, or the input to resolve). */
export async function createService(
  from: Settings | SettingsInput = {},
  options: {
    onProgress?: IndexProgress;
    /** Told each time an update finds the index locked by another process (it waits for it). */
    onBusy?: () => void;
  } = {},
): Promise<SkillService> {
  const settings = isSettings(from) ? from : await resolveSettings(from);
  const found = discovery(settings);
  const discovered = found.catalog;
  const seen = (d: DiscoverResult): typeof d.diagnostics => [
    ...settings.diagnostics,
    ...d.diagnostics,
  ];
  const held = holdIndex(settings, discovered, options.onProgress, options.onBusy);
  let refreshing: Promise<unknown> = Promise.resolve();
  const { withIndex, opened } = held;
  const indexDiagnostics = (): typeof settings.diagnostics => [
    ...seen(found.current() as DiscoverResult),
    ...held.diagnostics(),
  ];

  return {
    settings,
    ...lazySkillCalls(settings, discovered, opened, seen),
    ...catalogCalls(settings, discovered, seen),
    async index() {
      const d = await discovered();
      return attempt(seen(d), async () => {
        const i = await withIndex((x) => x);
        return {
          file: held.inMemory() ? ':memory:' : settings.indexFile,
          skills: d.skills.length,
          ...i.update,
          ms: Math.round(held.ms()),
        };
      }).then((r) => ({ ...r, diagnostics: indexDiagnostics() }));
    },
    search: async (query, o = {}) => {
      const d = await discovered();
      const r = await searchCall(settings, d, withIndex, query, o);
      return { ...r, diagnostics: [...indexDiagnostics(), ...r.diagnostics] };
    },
    lint: () => lintCall(settings),
    eval: async (labelsFile, o = {}) => {
      const r = await evalCall(settings, await discovered(), withIndex, labelsFile, o);
      return { ...r, diagnostics: [...indexDiagnostics(), ...r.diagnostics] };
    },
    select: async (context, o = {}) => {
      const d = await discovered();
      const r = await selectCall(settings, d, withIndex, context, o);
      return { ...r, diagnostics: [...indexDiagnostics(), ...r.diagnostics] };
    },
    refresh(o = {}) {
      // One at a time: each diffs from the catalog the last one left, which its changes moved the index to.
      const run = refreshing.then(async () => {
        const before = await discovered();
        const next = await found.again(o.touched ?? []);
        return attempt(seen(next), async () => {
          const changes = diffCatalogs(before, next);
          found.set(next);
          // Not opened yet: the open reads the new catalog. Open: the changes are applied to it.
          if (held.active() && !isUnchanged(changes)) await held.apply(changes);
          return changes;
        });
      });
      refreshing = run.catch(() => undefined);
      return run;
    },
    async openIndex() {
      const d = await discovered();
      return attempt(seen(d), opened).then((r) => ({ ...r, diagnostics: indexDiagnostics() }));
    },
    close() {
      held.close();
    },
  };
}

/** What a service discovered: read once, read again on refresh with the files a session touched. */
function discovery(settings: Settings) {
  let current: DiscoverResult | undefined;
  // Files a session touched: their nested skill folders join discovery.
  const touched = new Set<string>(settings.discover.touched ?? []);
  const options = () =>
    touched.size > 0 ? { ...settings.discover, touched: [...touched].sort() } : settings.discover;
  // With `audit.hide`, the skills that fail the audit never reach the catalog.
  const discover = async (): Promise<DiscoverResult> =>
    screenAudit(await discoverSkills(options()), settings.audit, settings.fs);
  return {
    current: () => current,
    /** The catalog of the current discovery (discovering the roots on first need). */
    async catalog(): Promise<Catalog> {
      current ??= await discover();
      return catalogOf(current, settings.permissions);
    },
    /** Discover again, with `files` touched since; `set` makes the result current. */
    again(files: readonly string[]): Promise<DiscoverResult> {
      for (const f of files) touched.add(f);
      return discover();
    },
    set(next: DiscoverResult): void {
      current = next;
    },
  };
}

/** The calls that read the catalog alone: list and show. */
function catalogCalls(
  settings: Settings,
  discovered: () => Promise<Catalog>,
  seen: (d: DiscoverResult) => Diagnostic[],
): Pick<SkillService, 'list' | 'show'> {
  return {
    async list() {
      const d = await discovered();
      return attempt(seen(d), () => d.skills.map(skillSummary));
    },
    async show(name, o = {}) {
      const d = await discovered();
      const diagnostics = [...settings.diagnostics];
      return attempt(diagnostics, async () => {
        const skill = findSkill(d.skills, name);
        diagnostics.push(...skill.diagnostics);
        const body = o.body ? (await readSkillBody(skill, { fs: settings.fs })).body : undefined;
        return showResult(skill, body);
      });
    },
  };
}

/**
 * The skill and tier calls, loaded on first use: search, list and select never evaluate the listing,
 * invocation, permission, export or tier modules.
 */
function lazySkillCalls(
  settings: Settings,
  discovered: () => Promise<Catalog>,
  opened: () => Promise<SkillIndex>,
  seen: (d: DiscoverResult) => Diagnostic[],
): SkillCalls & TierCalls {
  let skills: Promise<SkillCalls> | undefined;
  let tiers: Promise<TierCalls> | undefined;
  const s = () =>
    (skills ??= import('./service-skills.js').then((m) =>
      m.skillCalls(settings, discovered, opened, seen),
    ));
  const t = () =>
    (tiers ??= import('./service-tier.js').then((m) => m.tierCalls(settings, discovered, seen)));
  return {
    catalog: async () => (await s()).catalog(),
    listing: async (o) => (await s()).listing(o),
    load: async (n, o) => (await s()).load(n, o),
    invoke: async (n, a, o) => (await s()).invoke(n, a, o),
    doctor: async (o) => (await s()).doctor(o),
    files: async (n) => (await s()).files(n),
    export: async (o) => (await s()).export(o),
    readFile: async (n, p) => (await s()).readFile(n, p),
    build: async (o) => (await t()).build(o),
    glossCoverage: async (term, o) => (await t()).glossCoverage(term, o),
  };
}

function isSettings(x: Settings | SettingsInput): x is Settings {
  return 'discover' in x && 'rank' in x;
}
