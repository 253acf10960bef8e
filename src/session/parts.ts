// The parts of a session beside its state: the runs of the table's session operations, the refresh
// that tells listeners, the load_skill tool, approvals, and the loads and invocations it keeps.

import { activatedBy, conditionalSkills } from '../catalog/activation.js';
import type { Catalog } from '../catalog/catalog.js';
import type { CatalogChanges } from '../catalog/diff.js';
import { approvalDigest, type InvokeView } from '../core/invoke.js';
import type { LoadView } from '../core/load.js';
import type { Outcome } from '../core/outcome.js';
import type { SkillService } from '../core/service.js';
import type { ListingOptions } from '../core/service-skills.js';
import { findSkill } from '../core/skill-lookup.js';
import type { Caller } from '../ops/operation.js';
import type { ListingInput } from '../ops/skills.js';
import { loadOperations } from '../ops/table.js';
import { type LoadForm, renderAlreadyLoaded, renderLoadResult } from '../render/load-result.js';
import { anthropicTool, loadSkillTool, openAiTool } from '../render/load-tool.js';
import { skillBlocks } from '../render/prompt-blocks.js';
import type { Skill } from '../skill/types.js';
import { flow } from './outcome-flow.js';
import type { ChangeListener, SessionLoad, SessionTools } from './session.js';

/** Where a session's listing sends the model for the skills it leaves out. */
const SESSION_HINT = 'every skill is in the load_skill tool’s list of names; load one by name';

/** The listing operation's input for a session's listing call: its closing line points to load_skill. */
export function listingInput({ activated, ...o }: ListingOptions): ListingInput {
  return { searchHint: SESSION_HINT, ...o, ...(activated ? { activate: [...activated] } : {}) };
}

/** The conditional skills `paths` activate that were not active yet; they join `activated`. */
export function activate(
  skills: readonly Skill[],
  paths: readonly string[],
  cwd: string,
  activated: Set<string>,
): string[] {
  const now = activatedBy(conditionalSkills(skills), paths, cwd).filter((a) => !activated.has(a));
  for (const a of now) activated.add(a);
  return now;
}

/** The session's refresh: what changed is told to every listener. */
export function refresher(service: SkillService, listeners: ReadonlySet<ChangeListener>) {
  return (touched?: readonly string[]): Promise<Outcome<CatalogChanges>> =>
    flow(async (take) => {
      const changes = take(await service.refresh(touched ? { touched } : {}));
      if (changes.added.length + changes.removed.length + changes.changed.length > 0)
        for (const l of listeners) l(changes);
      return changes;
    });
}

/** The `load_skill` tool over `names` in each shape, or null when there are none. */
export function toolsOf(names: readonly string[]): SessionTools | null {
  const def = loadSkillTool(names);
  return def ? { definition: def, anthropic: anthropicTool(def), openai: openAiTool(def) } : null;
}

/** Keep an invocation to re-attach after compaction: the latest of each skill, last. */
export function remember(invoked: Array<{ id: string; text: string }>, view: InvokeView): void {
  const at = invoked.findIndex((x) => x.id === view.id);
  if (at >= 0) invoked.splice(at, 1);
  invoked.push({ id: view.id, text: view.text });
}

/** The approval of skill `name`: bound to `digest`, or to every file its expansion reads now. */
export async function approvalOf(
  service: SkillService,
  catalog: Catalog,
  name: string,
  digest: string | undefined,
): Promise<{ id: string; contentHash: string }> {
  const s = findSkill(catalog.skills, name);
  const contentHash =
    digest ??
    (await approvalDigest(s, catalog.skills, {
      fs: service.settings.fs,
      projectDir: service.settings.cwd,
      limits: service.settings.load,
    }));
  return { id: s.id, contentHash };
}

/** Run one of the table's operations as `caller`. */
type Run = <V>(caller: Caller, input: unknown) => Promise<Outcome<V>>;

/** A run of each operation of the table with a session face, by name. */
export async function sessionRuns(service: SkillService): Promise<Record<SessionOperation, Run>> {
  const runs: Partial<Record<string, Run>> = {};
  for (const [name, op] of await loadOperations('session'))
    runs[name] = (caller, input) => op.run({ service, caller }, input);
  for (const name of SESSION_OPERATIONS)
    if (!runs[name]) throw new Error(`The operation ${name} has no session face`);
  return runs as Record<SessionOperation, Run>;
}

/** The operations the session's methods run. */
const SESSION_OPERATIONS = ['listing', 'select', 'load', 'invoke'] as const;
type SessionOperation = (typeof SESSION_OPERATIONS)[number];

/** A load as the session gives it: a second load of the same content is a short note. */
export function sessionLoad(
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
