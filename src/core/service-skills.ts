// The service's listing, load, invoke and doctor calls (S8, S9): each resolves the skill or the
// catalog, makes one core call and counts uses for the usage-ranked listing.

import { randomUUID } from 'node:crypto';
import { activatedBy, conditionalSkills } from '../catalog/activation.js';
import { type Catalog, refusal } from '../catalog/catalog.js';
import type { InPlay } from '../catalog/visibility.js';
import { type Diagnostic, diagnostic } from '../diagnostics/diagnostic.js';
import { readSkillBody } from '../discover/body.js';
import { SkillsetError } from '../errors.js';
import type { ExportOptions, ExportResult } from '../export/types.js';
import type { LoadForm } from '../render/load-result.js';
import type { SkillIndex } from '../search/search.js';
import type { SelectContext } from '../select/score.js';
import type { Skill } from '../skill/types.js';
import type { StateStore } from '../state/state-store.js';
import { countUse, USAGE_STATE, usageCounts } from '../state/usage.js';
import { type DoctorReport, doctorReport } from './doctor.js';
import { type InvokeOptions, type InvokeView, invokeSkill } from './invoke.js';
import { buildListing, type ListingRequest, type ListingView } from './listing.js';
import { type LoadView, loadSkill } from './load.js';
import { attempt, type Outcome } from './outcome.js';
import type { Settings } from './settings.js';
import { readSkillFile, type SkillFile, skillFiles } from './skill-files.js';
import { findSkill } from './skill-lookup.js';
import { statesFor } from './states.js';

/** A listing call: the request, and a context that ranks it by relevance. */
export interface ListingOptions extends ListingRequest {
  /** Rank by relevance to this context (intent, active files): its best keep their descriptions. */
  context?: SelectContext;
}

/** An invoke call's options (the session id defaults to a new one). */
export type InvokeCallOptions = Partial<InvokeOptions> & {
  /** Count this use toward the usage-ranked listing (a session does; a one-off command does not). */
  record?: boolean;
};

/** The service's skill calls. */
export interface SkillCalls {
  /** The catalog: the skills as discovered, with the visibility policy every face reads. */
  catalog(): Promise<Outcome<Catalog>>;
  /** The catalog listing, within its budget (docs/listing.md). */
  listing(options?: ListingOptions): Promise<Outcome<ListingView>>;
  /**
   * One skill's content, as `load_skill` returns it. `by: 'model'` (a `load_skill` call) refuses a
   * skill the model may not use: an override, `disable-model-invocation`, or a deny rule.
   */
  load(
    name: string,
    options?: {
      form?: LoadForm;
      by?: 'user' | 'model';
      record?: boolean;
      /** The conditional skills in play for a model's load (default `all`: see InPlay). */
      inPlay?: InPlay;
    },
  ): Promise<Outcome<LoadView>>;
  /** One skill's invocation: permission, then expansion (docs/invocation.md). */
  invoke(name: string, args?: string, options?: InvokeCallOptions): Promise<Outcome<InvokeView>>;
  /** The listing against its budget, what was cut and why, and the shell and permission posture. */
  doctor(options?: ListingOptions): Promise<Outcome<DoctorReport>>;
  /** Every file of a skill's folder, with its size and digest (links out of the folder left out). */
  files(
    name: string,
  ): Promise<
    Outcome<{ skill: Skill; files: SkillFile[]; skipped: Array<{ path: string; reason: string }> }>
  >;
  /** Write the library out for another agent's conventions (docs/export.md). */
  export(options: Omit<ExportOptions, 'fs'>): Promise<Outcome<ExportResult>>;
  /** One file of a skill's folder, confined to it. */
  readFile(name: string, path: string): Promise<Outcome<Awaited<ReturnType<typeof readSkillFile>>>>;
}

/**
 * A skill the catalog's policy keeps from the model is refused: its override, a deny rule,
 * `disable-model-invocation`, or conditional and not in play (`ask` is the host's to settle when it
 * invokes).
 */
function refuseToModel(c: Catalog, skill: Skill, inPlay: InPlay): void {
  const r = refusal(c, skill.id, inPlay);
  if (!r) return;
  const inactive = r.reason === 'inactive-paths';
  throw new SkillsetError(
    'invoke/denied',
    inactive
      ? `\`${skill.id}\` is conditional and not active: no file touched in this session matches its paths`
      : `\`${skill.id}\` may not be loaded by the model: ${r.detail ?? r.message}`,
    {
      hint: inactive
        ? 'touch() a file its `paths` match first.'
        : 'See the permissions section of the config file (docs/invocation.md).',
      data: { skill: skill.id, reason: r.reason },
    },
  );
}

/** The calls over a service's settings, catalog and index. */
export function skillCalls(
  settings: Settings,
  discovered: () => Promise<Catalog>,
  opened: () => Promise<SkillIndex>,
  seen: (d: Catalog) => Diagnostic[],
): SkillCalls {
  const state = statesFor(settings);
  // Count one use; a damaged counts file is a warning, one that cannot be written loses the count.
  const recordUse = async (id: string, diagnostics: Diagnostic[]): Promise<void> => {
    const now = Date.now();
    diagnostics.push(...(await state.update(USAGE_STATE, (u) => countUse(u, id, now))).diagnostics);
  };
  const listing = (d: Catalog, o: ListingOptions, diagnostics: Diagnostic[]) =>
    listingOf(settings, state, opened, d, o, diagnostics);
  return {
    async catalog() {
      const d = await discovered();
      return attempt(seen(d), () => d);
    },
    async listing(o = {}) {
      const d = await discovered();
      const diagnostics = seen(d);
      return attempt(diagnostics, async () => {
        const v = await listing(d, o, diagnostics);
        if (v.text === '' && v.entries.length > 0) diagnostics.push(tooSmall(settings, v));
        return v;
      });
    },
    ...useCalls(settings, discovered, seen, recordUse),
    async files(name) {
      const d = await discovered();
      return attempt(seen(d), async () => {
        const skill = findSkill(d.skills, name);
        return { skill, ...(await skillFiles(skill, settings.fs)) };
      });
    },
    async export(o) {
      const d = await discovered();
      const { exportDiscovered } = await import('../export/export.js');
      return attempt(seen(d), () =>
        exportDiscovered(d, { fs: settings.fs, ...o }, settings.discover.roots === undefined),
      );
    },
    async readFile(name, rel) {
      const d = await discovered();
      return attempt(seen(d), async () =>
        readSkillFile(findSkill(d.skills, name), rel, settings.fs),
      );
    },
    async doctor(o = {}) {
      const d = await discovered();
      const diagnostics = seen(d);
      return attempt(diagnostics, async () =>
        doctorReport(d, settings, await listing(d, o, diagnostics), await bodiesOf(settings, d)),
      );
    },
  };
}

/** Records one use of a skill toward the usage-ranked listing, its diagnostics kept. */
type RecordUse = (id: string, diagnostics: Diagnostic[]) => Promise<void>;

/** The calls that use a skill: load and invoke, each counted when asked. */
function useCalls(
  settings: Settings,
  discovered: () => Promise<Catalog>,
  seen: (d: Catalog) => Diagnostic[],
  recordUse: RecordUse,
): Pick<SkillCalls, 'load' | 'invoke'> {
  return {
    async load(name, o = {}) {
      const d = await discovered();
      const diagnostics = seen(d);
      return attempt(diagnostics, async () => {
        const skill = findSkill(d.skills, name);
        if (o.by === 'model') refuseToModel(d, skill, o.inPlay ?? 'all');
        const r = await loadSkill(skill, d.skills, {
          fs: settings.fs,
          projectRoot: settings.cwd,
          limits: settings.load,
          ...(o.form ? { form: o.form } : {}),
        });
        diagnostics.push(...r.diagnostics);
        if (o.record) await recordUse(skill.id, diagnostics);
        return r.view;
      });
    },
    async invoke(name, args = '', o = {}) {
      const d = await discovered();
      const diagnostics = seen(d);
      return attempt(diagnostics, async () => {
        const skill = findSkill(d.skills, name);
        const { record, ...rest } = o;
        const r = await invokeSkill(skill, d.skills, args, settings, {
          sessionId: o.sessionId ?? randomUUID(),
          projectDir: o.projectDir ?? settings.cwd,
          fs: settings.fs,
          ...rest,
        });
        diagnostics.push(...r.diagnostics);
        if (record && r.view.status === 'expanded') await recordUse(skill.id, diagnostics);
        return r.view;
      });
    },
  };
}

/**
 * The listing of catalog `d`: ranked by relevance to a context (the index opens only for an
 * intent), with the conditional skills its active files activate, and the usage counts.
 */
async function listingOf(
  settings: Settings,
  state: StateStore,
  opened: () => Promise<SkillIndex>,
  d: Catalog,
  o: ListingOptions,
  diagnostics: Diagnostic[],
): Promise<ListingView> {
  const c = o.context;
  const relevant = c && ((c.intent ?? '').trim() !== '' || (c.files ?? []).length > 0);
  let relevance: Map<string, number> | undefined;
  if (relevant) {
    const { scoreSkills } = await import('../select/pipeline.js');
    const { indexRanking } = await import('../select/source.js');
    // The index opens only for an intent: active files score without it.
    relevance = await scoreSkills(
      {
        catalog: d,
        rank: async (q) => indexRanking(await opened(), q),
      },
      c,
    );
  }
  // Active files activate the conditional skills whose `paths` match them, as a session's touch does.
  const files = c?.files ?? [];
  const activated = new Set(o.activated ?? []);
  if (files.length > 0) {
    for (const id of activatedBy(conditionalSkills(d.skills), files, settings.cwd))
      activated.add(id);
  }
  const usage = await state.read(USAGE_STATE);
  diagnostics.push(...usage.diagnostics);
  return buildListing(
    d,
    settings,
    { ...o, activated },
    {
      usage: usageCounts(usage.state),
      ...(relevance ? { relevance } : {}),
    },
  );
}

/** The warning for a listing whose budget holds not even its closing line. */
function tooSmall(settings: Settings, v: ListingView): Diagnostic {
  return diagnostic(
    'listing/too-small',
    'warning',
    settings.configFile ?? settings.cwd,
    `The listing budget of ${v.budget} characters holds not even the line that says ${v.entries.length} skills are left out; the listing is empty`,
    { data: { budget: v.budget, skills: v.entries.length } },
  );
}

/** Every skill's body that can be read, by id (the doctor looks for shell commands in them). */
async function bodiesOf(settings: Settings, d: Catalog): Promise<Map<string, string>> {
  const bodies = new Map<string, string>();
  for (const s of d.skills) {
    const b = await readSkillBody(s, { fs: settings.fs }).catch(() => undefined);
    if (b) bodies.set(s.id, b.body);
  }
  return bodies;
}
