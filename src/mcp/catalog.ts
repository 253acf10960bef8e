// The catalog as the MCP server presents it, built once per catalog and shared by every session: the
// skills and their `skill://` addresses, which ones the model may load (and the load_skill schema),
// the prompts, and each skill's files with their digests (read on first need). A session holds only
// its protocol state; what grows with the library lives here, once.

import type { z } from 'zod';
import { invocableSkills, loadableIds, refusedSkills } from '../catalog/catalog.js';
import type { SkillService } from '../core/service.js';
import type { SkillFile } from '../core/skill-files.js';
import type { AnyOperation } from '../ops/operation.js';
import { loadOperations } from '../ops/table.js';
import type { Skill } from '../skill/types.js';
import { MAX_FILE_BYTES, MAX_SKILL_BYTES, MAX_SKILL_FILES } from './skills-extension.js';
import { loadSchema } from './tools.js';
import { type SkillAddress, skillAddresses } from './uris.js';

/** One prompt argument, as `prompts/list` gives it. */
export interface PromptArgument {
  name: string;
  description?: string;
  required: false;
}

/** A user-invocable skill as a prompt. */
export interface PromptEntry {
  name: string;
  description: string;
  arguments: PromptArgument[];
  skill: Skill;
}

/** One catalog as served. */
export interface CatalogView {
  skills: Skill[];
  addresses: SkillAddress[];
  /** The skills `load_skill` offers: those the model may use. */
  loadable: string[];
  /** The others, and why the model may not load them. */
  refused: Map<string, string>;
  /** The `load_skill` input, one object for every session. */
  loadSchema: z.ZodObject;
  /** The prompts by name, in catalog order. */
  prompts: Map<string, PromptEntry>;
  /** A short fingerprint of what is served, for cursors. */
  version: string;
}

/** What a refresh changed, for the sessions to announce. */
export interface CatalogChange {
  /** The load_skill enum or its refusals. */
  tools: boolean;
  prompts: boolean;
}

/** The catalog every session of one server reads. */
export interface ServedCatalog {
  readonly service: SkillService;
  /** The operations of the table with an MCP face, by name, loaded once. */
  readonly operations: ReadonlyMap<string, AnyOperation>;
  readonly view: CatalogView;
  /** A skill's files with digests, or undefined when it cannot be served whole. */
  files(a: SkillAddress): Promise<SkillFile[] | undefined>;
  /** Files changed; `catalog` when the catalog itself did. */
  refresh(o?: { catalog?: boolean }): Promise<CatalogChange>;
}

function promptOf(s: Skill): PromptEntry {
  const names = s.frontmatter.arguments ?? [];
  const args: PromptArgument[] =
    names.length > 0
      ? names.map((name) => ({ name, required: false }))
      : [
          {
            name: 'arguments',
            description: s.frontmatter.argumentHint ?? 'The arguments, as typed after the command',
            required: false,
          },
        ];
  return { name: s.id, description: s.description, arguments: args, skill: s };
}

const fingerprint = (parts: Iterable<string>): string => {
  let h = 0x811c9dc5;
  for (const part of parts)
    for (let i = 0; i < part.length; i++) h = Math.imul(h ^ part.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(36);
};

async function viewOf(service: SkillService): Promise<CatalogView> {
  const catalog = await service.catalog();
  if (!catalog.ok) return emptyView();
  const c = catalog.value;
  const skills = [...c.skills];
  // An MCP client cannot say which files it touched: every conditional skill is in play.
  const loadable = loadableIds(c, 'all');
  const refused = new Map(refusedSkills(c).map((r) => [r.id, r.message]));
  const addresses = skillAddresses(skills);
  const prompts = new Map(invocableSkills(c).map((s) => [s.id, promptOf(s)]));
  return {
    skills,
    addresses,
    loadable,
    refused,
    loadSchema: loadSchema(loadable, refused),
    prompts,
    version: fingerprint(addresses.map((a) => `${a.uri}|${a.skill.contentHash};`)),
  };
}

/** What a catalog that could not be read serves: nothing. */
function emptyView(): CatalogView {
  return {
    skills: [],
    addresses: [],
    loadable: [],
    refused: new Map(),
    loadSchema: loadSchema([], new Map()),
    prompts: new Map(),
    version: fingerprint([]),
  };
}

const sameLoad = (a: CatalogView, b: CatalogView): boolean =>
  a.loadable.join('\n') === b.loadable.join('\n') &&
  JSON.stringify([...a.refused]) === JSON.stringify([...b.refused]);

const promptsKey = (v: CatalogView): string =>
  fingerprint([...v.prompts.values()].map((p) => `${p.name}|${p.skill.contentHash};`));

/** Read the catalog of `service` once, for every session to share. */
export async function createServedCatalog(service: SkillService): Promise<ServedCatalog> {
  let view = await viewOf(service);
  const operations = await loadOperations('mcp');
  // One read of a skill's files at a time, shared by every session that asks.
  const files = new Map<string, Promise<SkillFile[] | undefined>>();
  const read = async (a: SkillAddress): Promise<SkillFile[] | undefined> => {
    const r = await service.files(a.skill.id);
    if (!r.ok) return undefined;
    const total = r.value.files.reduce((n, f) => n + f.size, 0);
    const cut = r.value.skipped.some((s) => s.reason.startsWith('past'));
    const whole =
      r.value.files.length <= MAX_SKILL_FILES &&
      total <= MAX_SKILL_BYTES &&
      r.value.files.every((f) => f.size <= MAX_FILE_BYTES) &&
      !cut;
    return whole ? r.value.files : undefined;
  };
  return {
    service,
    operations,
    get view() {
      return view;
    },
    files(a) {
      let p = files.get(a.skill.path);
      if (!p) {
        p = read(a);
        files.set(a.skill.path, p);
      }
      return p;
    },
    async refresh(o = { catalog: true }) {
      // Any file may have changed: the digests are computed again on the next listing.
      files.clear();
      if (!o.catalog) return { tools: false, prompts: false };
      const before = view;
      view = await viewOf(service);
      const tools = !sameLoad(before, view);
      if (!tools) view.loadSchema = before.loadSchema;
      return { tools, prompts: promptsKey(before) !== promptsKey(view) };
    },
  };
}

/** The operation `name` of the table, as the catalog loaded it (a face's own name: a bug when missing). */
export function operationOf(catalog: ServedCatalog, name: string): AnyOperation {
  const op = catalog.operations.get(name);
  if (!op) throw new Error(`The operation ${name} has no MCP face`);
  return op;
}
