// createSkillSession: the object an agent harness embeds. It keeps what a conversation has done —
// conditional skills activated, skills loaded (a second identical load is a short note), approvals
// bound to content, invoked skills to re-attach after compaction — over one service.

import { randomUUID } from 'node:crypto';
import { loadableIds } from '../catalog/catalog.js';
import type { CatalogChanges } from '../catalog/diff.js';
import type { InvokeView } from '../core/invoke.js';
import type { ListingView } from '../core/listing.js';
import type { LoadView } from '../core/load.js';
import type { Outcome } from '../core/outcome.js';
import { createService, type SkillService } from '../core/service.js';
import type { ListingOptions } from '../core/service-skills.js';
import type { SettingsInput } from '../core/settings.js';
import { type ApprovalState, recordApproval } from '../invoke/permissions.js';
import type { Caller } from '../ops/operation.js';
import type { InvokeInput } from '../ops/skills.js';
import type { LoadForm } from '../render/load-result.js';
import type { anthropicTool, LoadToolDefinition, openAiTool } from '../render/load-tool.js';
import type { TextBlock } from '../render/prompt-blocks.js';
import type { SelectOptions } from '../select/pipeline.js';
import type { SelectContext } from '../select/score.js';
import type { SelectView, SelectViewOptions } from '../select/view.js';
import { flow } from './outcome-flow.js';
import {
  activate,
  approvalOf,
  listingInput,
  refresher,
  remember,
  sessionLoad,
  sessionRuns,
  toolsOf,
} from './parts.js';
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

  const refresh = refresher(service, listeners);
  // The table's session operations, run with the session's state as the caller.
  const run = await sessionRuns(service);
  const caller = (by: 'user' | 'model' = 'model'): Caller => ({
    by,
    ...{ inPlay: activated, record: true, sessionId: id, approvals },
    ...(form ? { form } : {}),
    ...(trustProject !== undefined ? { trustProject } : {}),
  });
  const listing = (o: ListingOptions = {}) => run.listing<ListingView>(caller(), listingInput(o));

  return {
    id,
    service,
    listing,
    tools: () =>
      flow(async (take) => toolsOf(loadableIds(take(await service.catalog()), activated))),
    touch: (paths) =>
      flow(async (take) => {
        const changes = take(await refresh(paths));
        const skills = take(await service.catalog()).skills;
        return { activated: activate(skills, paths, service.settings.cwd, activated), changes };
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
        if (view.status === 'expanded') remember(invoked, view);
        return view;
      }),
    approve: (name, digest) =>
      flow(async (take) => {
        const approval = await approvalOf(service, take(await service.catalog()), name, digest);
        approvals = recordApproval(approvals, approval, Date.now());
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
