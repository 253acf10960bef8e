// The server's tools: list_skills, search_skills, load_skill, read_skill_file and select_skills. Each
// parses its arguments, makes one service call and formats the outcome; a problem the model can fix
// (an unknown name, a path outside the folder) comes back as an `isError` result with the hint. The
// schemas are built once and shared by every session.

import type { McpServer, RegisteredTool } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { Outcome } from '../core/outcome.js';
import { enumFits } from '../render/load-tool.js';
import { closest } from '../text/did-you-mean.js';
import type { ServedCatalog } from './catalog.js';
import { pageOf } from './pages.js';

/** A service outcome as a tool result: the value as structured content and JSON text, or the problem. */
export function toolResult<T>(
  o: Outcome<T>,
  shape: (v: T) => { text: string; structured: Record<string, unknown> },
): CallToolResult {
  if (!o.ok) {
    const p = o.problem;
    return {
      isError: true,
      content: [{ type: 'text', text: `${p.message}${p.hint ? `\n${p.hint}` : ''}` }],
    };
  }
  const { text, structured } = shape(o.value);
  return { content: [{ type: 'text', text }], structuredContent: structured };
}

const json = (v: unknown) => JSON.stringify(v, null, 2);
const loose = <T extends z.ZodRawShape>(shape: T) => z.object(shape).passthrough();

const skillSummary = loose({
  id: z.string(),
  name: z.string(),
  path: z.string(),
  scope: z.string(),
  description: z.string(),
});
const searchResult = loose({
  name: z.string(),
  id: z.string(),
  score: z.number(),
  path: z.string(),
  description: z.string(),
  copies: z.array(loose({ id: z.string(), path: z.string() })),
});
const selected = loose({
  name: z.string(),
  tier: z.string(),
  score: z.number(),
  chars: z.number(),
});

/** The `load_skill` input: the name of a skill the model may load (an enum while the names are few). */
export function loadSchema(names: readonly string[], refused: ReadonlyMap<string, string>) {
  const valid = [...new Set(names)].sort();
  const known = new Set(valid);
  // A name outside the enum says why: missing, not the model's to load, or which one was meant.
  const why = (input: unknown): string => {
    if (input === undefined) return 'name is required: the skill to load';
    const reason = typeof input === 'string' ? refused.get(input) : undefined;
    if (reason) return `\`${String(input)}\` may not be loaded by the model (${reason})`;
    const near = typeof input === 'string' ? closest(input, valid) : undefined;
    return `Unknown skill \`${String(input)}\`${near ? `: did you mean \`${near}\`?` : ''} (search_skills finds skills by task)`;
  };
  const name =
    valid.length === 0
      ? z.string()
      : enumFits(valid)
        ? z.enum(valid as [string, ...string[]], { error: (issue) => why(issue.input) })
        : z
            .string({ error: (issue) => why(issue.input) })
            .refine((v) => known.has(v), { error: (issue) => why(issue.input) });
  return z.object({
    name: name.describe('The skill to load: a name as search_skills or list_skills gives it.'),
  });
}

const listInput = z.object({
  cursor: z
    .string()
    .optional()
    .describe('The nextCursor of the previous page, for the next one (default: the first).'),
});
const listOutput = z.object({
  skills: z.array(skillSummary),
  nextCursor: z.string().optional(),
});
const searchInput = z.object({
  query: z.string().describe('What the user wants done, in their words.'),
  limit: z.number().int().min(1).max(50).optional().describe('Results at most (default 10).'),
});
const searchOutput = z.object({
  coverage: z.enum(['ok', 'weak', 'none']),
  results: z.array(searchResult),
});

/** What the model is told above a search's results, by verdict. */
const SEARCH_NOTES = {
  ok: '',
  weak: 'coverage "weak": no skill clearly fits. These are candidates only: check a description against the task before loading one, and load none if none fits.\n',
  none: 'coverage "none": the query shares almost nothing with this library; no skill covers it.\n',
} as const;
const loadOutput = z.object({
  name: z.string(),
  dir: z.string(),
  contentHash: z.string(),
  resources: z.array(z.string()),
  text: z.string(),
});
const readInput = z.object({
  name: z.string().describe('The skill.'),
  path: z.string().describe('The file, relative to the skill folder (as load_skill lists it).'),
});
const readOutput = z.object({
  name: z.string(),
  path: z.string(),
  size: z.number(),
  digest: z.string(),
  text: z.string().optional(),
  base64: z.string().optional(),
});
const selectInput = z.object({
  intent: z.string().optional(),
  files: z.array(z.string()).optional(),
  commands: z.array(z.string()).optional(),
  keywords: z.array(z.string()).optional(),
  profile: z.string().optional(),
  budget: z.number().int().min(0).optional(),
});
const selectOutput = z.object({
  coverage: z.enum(['ok', 'weak', 'none']).nullable(),
  loaded: z.array(selected),
  overflow: z.array(selected),
  suggested: z.array(loose({ name: z.string(), description: z.string(), chars: z.number() })),
  dropped: z.array(loose({ name: z.string(), stage: z.string(), reason: z.string() })),
  unmatched: z.number(),
  budget: loose({ limit: z.number(), used: z.number(), suggested: z.number() }),
  violation: z.unknown().nullable(),
});

/** Register the tools; the returned function gives `load_skill` the catalog's schema after it changed. */
export function registerTools(server: McpServer, catalog: ServedCatalog): () => void {
  const service = catalog.service;
  server.registerTool(
    'list_skills',
    {
      description:
        'List every skill found: id, name, scope, description and the SKILL.md path. A large library comes in pages: pass nextCursor back as cursor.',
      inputSchema: listInput,
      outputSchema: listOutput,
      annotations: { readOnlyHint: true },
    },
    async ({ cursor }) =>
      toolResult(await service.list(), (all) => {
        const page = pageOf('list-skills', all, cursor, catalog.view.version);
        const more = page.nextCursor
          ? `\n\nMore skills: call list_skills with cursor "${page.nextCursor}".`
          : '';
        return {
          text: `${json(page.items)}${more}`,
          structured: {
            skills: page.items,
            ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}),
          },
        };
      }),
  );

  server.registerTool(
    'search_skills',
    {
      description:
        'Search the skills for a task described in words. coverage "ok": a result fits, load it with load_skill. "weak": the results are candidates, not matches: check their descriptions before loading one. "none": no skill covers the task; do not force one.',
      inputSchema: searchInput,
      outputSchema: searchOutput,
      annotations: { readOnlyHint: true },
    },
    async ({ query, limit }) =>
      toolResult(await service.search(query, limit !== undefined ? { limit } : {}), (r) => ({
        text: `${SEARCH_NOTES[r.coverage]}${json(r)}`,
        structured: r as unknown as Record<string, unknown>,
      })),
  );

  const load: RegisteredTool = server.registerTool(
    'load_skill',
    {
      description:
        'Load a skill: its full instructions, its folder and the files it bundles. Call it when a task matches a skill, before doing the task.',
      inputSchema: catalog.view.loadSchema,
      outputSchema: loadOutput,
      annotations: { readOnlyHint: true },
    },
    async ({ name }) =>
      toolResult(await service.load(name as string, { by: 'model', record: true }), (v) => ({
        text: v.text,
        structured: {
          name: v.id,
          dir: v.dir,
          contentHash: v.contentHash,
          resources: v.resources,
          text: v.text,
        },
      })),
  );

  server.registerTool(
    'read_skill_file',
    {
      description:
        "Read one file a skill bundles (a reference, a script, an asset), by its path relative to the skill's folder.",
      inputSchema: readInput,
      outputSchema: readOutput,
      annotations: { readOnlyHint: true },
    },
    async ({ name, path }) =>
      toolResult(await service.readFile(name, path), (f) => ({
        text: f.text ?? `(${f.size} bytes of binary content, base64 in structuredContent)`,
        structured: { name, ...f },
      })),
  );

  server.registerTool(
    'select_skills',
    {
      description:
        'Choose the skills to load for a context (intent, active files, recent commands, keywords) under a budget: what would load, what overflowed, what is suggested (named, not loaded: check a description, then load_skill the one that fits) and what was dropped, with reasons. Only an intent the search answers coverage "ok" loads skills on its words; a "weak" one\'s candidates are suggested.',
      inputSchema: selectInput,
      outputSchema: selectOutput,
      annotations: { readOnlyHint: true },
    },
    async ({ intent, files, commands, keywords, profile, budget }) =>
      toolResult(
        await service.select(
          {
            ...(intent !== undefined ? { intent } : {}),
            ...(files ? { files } : {}),
            ...(commands ? { commands } : {}),
            ...(keywords ? { keywords } : {}),
          },
          {
            dryRun: true,
            ...(profile !== undefined ? { profile } : {}),
            ...(budget !== undefined ? { budget } : {}),
          },
        ),
        (r) => ({
          text: json(r),
          structured: r as unknown as Record<string, unknown>,
        }),
      ),
  );

  return () => {
    // The SDK types the schema by the shape it was registered with; every view's has the same one.
    load.update({ paramsSchema: catalog.view.loadSchema as never });
  };
}
