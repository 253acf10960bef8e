// The operations on one skill and on what the model sees: listing, load, invoke and read-file.

import type { InvokeView } from '../core/invoke.js';
import type { ListingView } from '../core/listing.js';
import type { LoadView } from '../core/load.js';
import type { ListingOptions } from '../core/service-skills.js';
import type { readSkillFile } from '../core/skill-files.js';
import type { LoadForm } from '../render/load-result.js';
import { renderInvocation } from '../render/load-result.js';
import type { Caller, Zod } from './operation.js';
import { operation } from './operation.js';

/** The input of listing and doctor: the request, a context that ranks it, and skills activated. */
export type ListingInput = Omit<ListingOptions, 'activated'> & {
  /** Conditional skills already activated, by name (beside the caller's). */
  activate?: readonly string[];
};

/** The listing input's schema, shared with doctor. */
export const listingSchema = (z: Zod) =>
  z.object({
    budget: z.number().int().min(0).optional(),
    contextTokens: z.number().int().min(0).optional(),
    fraction: z.number().gt(0).max(1).optional(),
    format: z.enum(['markdown', 'xml', 'json']).optional(),
    context: z
      .object({
        intent: z.string().optional(),
        files: z.array(z.string()).optional(),
        commands: z.array(z.string()).optional(),
        keywords: z.array(z.string()).optional(),
      })
      .optional(),
    activate: z.array(z.string()).optional(),
    searchHint: z.string().optional(),
    searchTool: z.string().optional(),
    domainsFrom: z.enum(['path', 'field']).optional(),
  });

/** The service's listing options for `input`, with the caller's conditional skills in play. */
export function listingOptions(input: ListingInput, caller: Caller): ListingOptions {
  const { activate, ...request } = input;
  const activated = new Set(activate ?? []);
  if (caller.inPlay instanceof Set) for (const id of caller.inPlay) activated.add(id);
  return { ...request, ...(activated.size > 0 ? { activated } : {}) };
}

/** The catalog listing for the system prompt, within its budget (docs/listing.md). */
export const listing = operation<ListingInput, ListingView>({
  name: 'listing',
  input: listingSchema,
  run: ({ service, caller }, input) => service.listing(listingOptions(input, caller)),
  // The text the model reads; the face escapes what would steer a terminal.
  text: (view) => `${view.text}\n`,
});

/** The input of load. */
export interface LoadInput {
  name: string;
  form?: LoadForm;
  /** Count this load toward the usage-ranked listing (default: the caller's habit). */
  record?: boolean;
}

/** One skill's content, as `load_skill` returns it; the model's load is refused what it may not use. */
export const load = operation<LoadInput, LoadView>({
  name: 'load',
  input: (z) =>
    z.object({
      name: z
        .string()
        .describe('The skill to load: a name as search_skills or list_skills gives it.'),
      form: z.enum(['skill_content', 'skill']).optional(),
      record: z.boolean().optional(),
    }),
  run: ({ service, caller }, input) => {
    const form = input.form ?? caller.form;
    const record = input.record ?? caller.record;
    return service.load(input.name, {
      by: caller.by,
      ...(caller.inPlay !== undefined ? { inPlay: caller.inPlay } : {}),
      ...(form ? { form } : {}),
      ...(record ? { record: true } : {}),
    });
  },
  text: (view) => `${view.text}\n`,
});

/** The input of invoke: the skill, its arguments as typed after `/name`, and this call's choices. */
export interface InvokeInput {
  name: string;
  arguments?: string;
  /** The host approved this call (a user who typed the command has): an `ask` proceeds. */
  approved?: boolean;
  /** Run no shell command, whatever the policy. */
  noShell?: boolean;
  sessionId?: string;
  record?: boolean;
}

/** One skill's invocation: permission, then expansion (docs/invocation.md). */
export const invoke = operation<InvokeInput, InvokeView>({
  name: 'invoke',
  input: (z) =>
    z.object({
      name: z.string(),
      arguments: z.string().optional(),
      approved: z.boolean().optional(),
      noShell: z.boolean().optional(),
      sessionId: z.string().optional(),
      record: z.boolean().optional(),
    }),
  run: ({ service, caller }, input) => {
    const sessionId = input.sessionId ?? caller.sessionId;
    const record = input.record ?? caller.record;
    return service.invoke(input.name, input.arguments ?? '', {
      by: caller.by,
      ...(input.approved ? { approved: true } : {}),
      ...(input.noShell ? { noShell: true } : {}),
      ...(sessionId ? { sessionId } : {}),
      ...(record ? { record: true } : {}),
      ...(caller.approvals ? { approvals: caller.approvals } : {}),
      ...(caller.trustProject !== undefined ? { trustProject: caller.trustProject } : {}),
      ...(caller.remote ? { remote: true } : {}),
    });
  },
  text: (view) => `${renderInvocation(view)}\n`,
});

/** A file of a skill's folder, as read_skill_file returns it: the service's read, and the skill. */
export type SkillFileView = Awaited<ReturnType<typeof readSkillFile>> & { name: string };

/** One file of a skill's folder, confined to it. */
export const readFile = operation<{ name: string; path: string }, SkillFileView>({
  name: 'read-file',
  input: (z) =>
    z.object({
      name: z.string().describe('The skill.'),
      path: z.string().describe('The file, relative to the skill folder (as load_skill lists it).'),
    }),
  run: async ({ service }, { name, path }) => {
    const o = await service.readFile(name, path);
    return o.ok ? { ...o, value: { name, ...o.value } } : o;
  },
  text: (f) => `${f.text ?? `(${f.size} bytes of binary content, base64 in structuredContent)`}\n`,
});
