// createSkillSession: the object an agent harness embeds. It keeps what a conversation has done —
// conditional skills activated, skills loaded (a second identical load is a short note), approvals
// bound to content, invoked skills to re-attach after compaction — over one service.

import { randomUUID } from 'node:crypto';
import { activatedBy, conditionalSkills } from '../catalog/activation.js';
import { loadableIds } from '../catalog/catalog.js';
import type { CatalogChanges } from '../catalog/diff.js';
import { approvalDigest, type InvokeView } from '../core/invoke.js';
import type { ListingView } from '../core/listing.js';
import type { LoadView } from '../core/load.js';
import type { Outcome } from '../core/outcome.js';
import { createService, type SkillService } from '../core/service.js';
import type { ListingOptions } from '../core/service-skills.js';
import type { SettingsInput } from '../core/settings.js';
import { findSkill } from '../core/skill-lookup.js';
import { type ApprovalState, recordApproval } from '../invoke/permissions.js';
import type { Caller } from '../ops/operation.js';
import type { InvokeInput } from '../ops/skills.js';
import { operationsOf } from '../ops/table.js';
import { type LoadForm, renderAlreadyLoaded, renderLoadResult } from '../render/load-result.js';
import {
  anthropicTool,
  type LoadToolDefinition,
  loadSkillTool,
  openAiTool,
} from '../render/load-tool.js';
import { skillBlocks, type TextBlock } from '../render/prompt-blocks.js';
import type { SelectOptions } from '../select/pipeline.js';
import type { SelectContext } from '../select/score.js';
import type { SelectView, SelectViewOptions } from '../select/view.js';
import { flow } from './outcome-flow.js';
import { type Reattachment, reattachable } from './reattach.js';

/** How a session starts. */
export interface SkillSessionOptions extends SettingsInput {
  /** The session's id (`${SESSION_ID}` in skills); default a new UUID. */
  sessionId?: string;
  /** The host trusts the project: its skills may run shell (default: the config's `invoke.trustProject`). */
  trustProject?: boolean;
  /** How loaded bodies are wrapped (default `skill_content`, the client guide's). */
  form?: LoadForm;
  /** Approvals recorded in an earlier session. */
  approvals?: ApprovalState;
  /** What `reattach` gives back at most, in estimated tokens (default 5,000 a skill, 25,000 in all). */
  reattach?: { perSkillTokens?: number; totalTokens?: number };
}

/** A load within the session. */
export interface SessionLoad {
  name: string;
  /** The same content was loaded before in this session: `text` is a short note. */
  alreadyLoaded: boolean;
  /** What the `load_skill` call returns. */
  text: string;
  /** The skill and its imports as Messages API blocks, marked for caching. */
  blocks: TextBlock[];
  view: LoadView;
}

/** The `load_skill` tool in each shape. */
export interface SessionTools {
  definition: LoadToolDefinition;
  anthropic: ReturnType<typeof anthropicTool>;
  openai: ReturnType<typeof openAiTool>;
}

/** An invocation's choices: who invokes (default the user), and the host's approval of an `ask`. */
export type SessionInvokeOptions = Omit<InvokeInput, 'name' | 'arguments'> & {
  by?: 'user' | 'model';
};

/** What changed in the catalog, told to `onChange` listeners. */
export type ChangeListener = (changes: CatalogChanges) => void;

/**
 * A conversation's skills. Every call that can fail returns an Outcome, as the service's do: a value
 * with the diagnostics met, or a problem with a stable code (an unknown skill, a refused load).
 */
export interface SkillSession {
  readonly id: string;
  readonly service: SkillService;
  /** The listing for the system prompt; with a context, ranked by relevance to it. */
  listing(options?: ListingOptions): Promise<Outcome<ListingView>>;
  /** The `load_skill` tool over the skills the model may load, or null when there are none. */
  tools(): Promise<Outcome<SessionTools | null>>;
  /** Files the conversation touched: conditional skills they match activate, nested skill folders join. */
  touch(
    paths: readonly string[],
  ): Promise<Outcome<{ activated: string[]; changes: CatalogChanges }>>;
  /** The selection pipeline for a context: what `skillset select --json` prints. */
  select(
    context: SelectContext,
    options?: SelectOptions & SelectViewOptions,
  ): Promise<Outcome<SelectView>>;
  /** Load a skill for the model (a `load_skill` call): one the model may not use is a problem. */
  load(name: string): Promise<Outcome<SessionLoad>>;
  /** Invoke a skill (`/name args`); an `ask` comes back for the host to decide. */
  invoke(name: string, args?: string, options?: SessionInvokeOptions): Promise<Outcome<InvokeView>>;
  /**
   * Record the host's approval of a skill, bound to every file its expansion reads (the skill, its
   * `extends` parents, its imports): a change to any asks again. Pass the `digest` of the `ask` view
   * the user answered, so that what changed since they saw it is not approved.
   */
  approve(name: string, digest?: string): Promise<Outcome<ApprovalState>>;
  /** After compaction: the invoked skills' content to attach again, within its budget. */
  reattach(): Reattachment;
  /** Read the roots again; listeners hear of any change. */
  refresh(): Promise<Outcome<CatalogChanges>>;
  /** Listen for catalog changes; returns the function that stops listening. */
  onChange(listener: ChangeListener): () => void;
  close(): void;
}

/** Where a session's listing sends the model for the skills it leaves out. */
const SESSION_HINT = 'every skill is in the load_skill tool’s list of names; load one by name';

/** Start a session over the skills `options` find. */
export async function createSkillSession(options: SkillSessionOptions = {}): Promise<SkillSession> {
  const { sessionId, trustProject, form, reattach: limits, approvals: given, ...input } = options;
  const service = await createService({
    ...input,
    ...(trustProject !== undefined ? { trustProject } : {}),
  });
  const id = sessionId ?? randomUUID();
  const activated = new Set<string>();
  const loaded = new Map<string, string>();
  const invoked: Array<{ id: string; text: string }> = [];
  const listeners = new Set<ChangeListener>();
  let approvals: ApprovalState = given ?? { version: 1, approvals: {} };

  const refresh = (touched?: readonly string[]): Promise<Outcome<CatalogChanges>> =>
    flow(async (take) => {
      const changes = take(await service.refresh(touched ? { touched } : {}));
      if (changes.added.length + changes.removed.length + changes.changed.length > 0)
        for (const l of listeners) l(changes);
      return changes;
    });
  // The table's session operations, run with the session's state as the caller.
  const run = await sessionRuns(service);
  const caller = (by: 'user' | 'model' = 'model'): Caller => ({
    by,
    inPlay: activated,
    record: true,
    sessionId: id,
    approvals,
    ...(form ? { form } : {}),
    ...(trustProject !== undefined ? { trustProject } : {}),
  });
  // The session offers load_skill, not a search tool: the closing line points there.
  const listing = ({ activated: more, ...o }: ListingOptions = {}) =>
    run.listing<ListingView>(caller(), {
      searchHint: SESSION_HINT,
      ...o,
      ...(more ? { activate: [...more] } : {}),
    });

  return {
    id,
    service,
    listing,
    tools: () =>
      flow(async (take) => {
        const def = loadSkillTool(loadableIds(take(await service.catalog()), activated));
        return def
          ? { definition: def, anthropic: anthropicTool(def), openai: openAiTool(def) }
          : null;
      }),
    touch: (paths) =>
      flow(async (take) => {
        const changes = take(await refresh(paths));
        const conditional = conditionalSkills(take(await service.catalog()).skills);
        const now = activatedBy(conditional, paths, service.settings.cwd).filter(
          (a) => !activated.has(a),
        );
        for (const a of now) activated.add(a);
        return { activated: now, changes };
      }),
    select: (context, o = {}) => run.select<SelectView>(caller(), { ...context, ...o }),
    load: (name) =>
      flow(async (take) => {
        // A conditional skill is the model's only once a touched file has activated it.
        const view = take(await run.load<LoadView>(caller('model'), { name }));
        return sessionLoad(view, loaded, form);
      }),
    invoke: (name, args = '', { by = 'user', ...o } = {}) =>
      flow(async (take) => {
        const call = async () =>
          take(await run.invoke<InvokeView>(caller(by), { name, arguments: args, ...o }));
        let view = await call();
        // The file changed since the catalog was read: read the folders again and decide on what is there.
        if (view.stale) {
          take(await refresh());
          view = await call();
        }
        if (view.status === 'expanded') {
          const at = invoked.findIndex((x) => x.id === view.id);
          if (at >= 0) invoked.splice(at, 1);
          invoked.push({ id: view.id, text: view.text });
        }
        return view;
      }),
    approve: (name, digest) =>
      flow(async (take) => {
        const catalog = take(await service.catalog());
        const s = findSkill(catalog.skills, name);
        const contentHash =
          digest ??
          (await approvalDigest(s, catalog.skills, {
            fs: service.settings.fs,
            projectDir: service.settings.cwd,
            limits: service.settings.load,
          }));
        approvals = recordApproval(approvals, { id: s.id, contentHash }, Date.now());
        return approvals;
      }),
    reattach() {
      return reattachable(invoked, limits ?? {});
    },
    refresh: () => refresh(),
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close() {
      listeners.clear();
      service.close();
    },
  };
}

/** Run one of the table's operations as `caller`. */
type Run = <V>(caller: Caller, input: unknown) => Promise<Outcome<V>>;

/** A run of each operation of the table with a session face, by name. */
async function sessionRuns(service: SkillService): Promise<Record<SessionOperation, Run>> {
  const runs: Partial<Record<string, Run>> = {};
  for (const entry of operationsOf('session')) {
    const op = await entry.load();
    runs[entry.name] = (caller, input) => op.run({ service, caller }, input);
  }
  for (const name of SESSION_OPERATIONS)
    if (!runs[name]) throw new Error(`The operation ${name} has no session face`);
  return runs as Record<SessionOperation, Run>;
}

/** The operations the session's methods run. */
const SESSION_OPERATIONS = ['listing', 'select', 'load', 'invoke'] as const;
type SessionOperation = (typeof SESSION_OPERATIONS)[number];

/** A load as the session gives it: a second load of the same content is a short note. */
function sessionLoad(
  view: LoadView,
  loaded: Map<string, string>,
  form: LoadForm | undefined,
): SessionLoad {
  const again = loaded.get(view.id) === view.contentHash;
  loaded.set(view.id, view.contentHash);
  const bare = renderLoadResult(
    {
      name: view.id,
      body: view.body,
      dir: view.dir,
      resources: view.resources,
      moreResources: view.moreResources,
      ...(view.cut ? { cut: view.cut } : {}),
    },
    form,
  );
  const note = renderAlreadyLoaded(view.id, view.contentHash);
  return {
    name: view.id,
    alreadyLoaded: again,
    text: again ? note : view.text,
    blocks: again
      ? [{ type: 'text', text: note }]
      : skillBlocks([{ name: view.id, text: bare, imports: view.imports }]),
    view,
  };
}
