// The server's tools, one for each operation of the table with an MCP face: list_skills,
// search_skills, load_skill, read_skill_file and select_skills. Each runs its operation as the model
// and shapes the View; a problem the model can fix (an unknown name, a path outside the folder) comes
// back as an `isError` result with the hint. The schemas are built once and shared by every session.

import type { McpServer, RegisteredTool } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { LoadView } from '../core/load.js';
import type { Outcome } from '../core/outcome.js';
import type { AnyOperation, Caller } from '../ops/operation.js';
import type { SkillFileView } from '../ops/skills.js';
import { operationsOf } from '../ops/table.js';
import { enumFits } from '../render/load-tool.js';
import type { SearchJson } from '../search/format.js';
import type { SelectView } from '../select/view.js';
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
const readOutput = z.object({
  name: z.string(),
  path: z.string(),
  size: z.number(),
  digest: z.string(),
  text: z.string().optional(),
  base64: z.string().optional(),
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

/** The caller of every tool: the model, whose loads count toward the usage-ranked listing. */
const MODEL: Caller = { by: 'model', record: true };

/** A tool's result: its text for the model, and its structured content. */
type Shaped = { text: string; structured: Record<string, unknown> };

/** The MCP face of an operation: the tool it is, its schemas, and how its View is given back. */
export interface McpToolFace {
  tool: string;
  description: string;
  /** The tool's input: the operation's own, or the part of it a model may set. */
  inputSchema(op: AnyOperation, catalog: ServedCatalog): z.ZodObject;
  outputSchema: z.ZodObject;
  /** The operation's input for the tool's arguments. */
  // biome-ignore lint/suspicious/noExplicitAny: each tool's arguments are its own schema's
  input?(args: any): unknown;
  /** The View as the tool's result (the arguments and the catalog at hand). */
  // biome-ignore lint/suspicious/noExplicitAny: each operation's View is its own
  result(view: any, args: any, catalog: ServedCatalog): Shaped;
  /** The schema follows the catalog (load_skill's names): set again after it changed. */
  follows?: boolean;
}

const asRecord = (v: unknown) => v as Record<string, unknown>;

/** The tool of each operation with an MCP face, by the operation's name. */
export const MCP_TOOLS: Readonly<Record<string, McpToolFace>> = {
  list: {
    tool: 'list_skills',
    description:
      'List every skill found: id, name, scope, description and the SKILL.md path. A large library comes in pages: pass nextCursor back as cursor.',
    inputSchema: () => listInput,
    outputSchema: listOutput,
    input: () => ({}),
    result(all, { cursor }, catalog) {
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
    },
  },
  search: {
    tool: 'search_skills',
    description:
      'Search the skills for a task described in words. coverage "ok": a result fits, load it with load_skill. "weak": the results are candidates, not matches: check their descriptions before loading one. "none": no skill covers the task; do not force one.',
    inputSchema: (op) => op.input(z).pick({ query: true, limit: true }),
    outputSchema: searchOutput,
    result: (r: SearchJson) => ({
      text: `${SEARCH_NOTES[r.coverage]}${json(r)}`,
      structured: asRecord(r),
    }),
  },
  load: {
    tool: 'load_skill',
    description:
      'Load a skill: its full instructions, its folder and the files it bundles. Call it when a task matches a skill, before doing the task.',
    inputSchema: (_op, catalog) => catalog.view.loadSchema,
    outputSchema: loadOutput,
    follows: true,
    result: (v: LoadView) => ({
      text: v.text,
      structured: {
        name: v.id,
        dir: v.dir,
        contentHash: v.contentHash,
        resources: v.resources,
        text: v.text,
      },
    }),
  },
  'read-file': {
    tool: 'read_skill_file',
    description:
      "Read one file a skill bundles (a reference, a script, an asset), by its path relative to the skill's folder.",
    inputSchema: (op) => op.input(z),
    outputSchema: readOutput,
    result: (f: SkillFileView) => ({
      text: f.text ?? `(${f.size} bytes of binary content, base64 in structuredContent)`,
      structured: asRecord(f),
    }),
  },
  select: {
    tool: 'select_skills',
    description:
      'Choose the skills to load for a context (intent, active files, recent commands, keywords) under a budget: what would load, what overflowed, what is suggested (named, not loaded: check a description, then load_skill the one that fits) and what was dropped, with reasons. Only an intent the search answers coverage "ok" loads skills on its words; a "weak" one\'s candidates are suggested. A skill with "whole" would load in part: its first "chars" of its whole size.',
    inputSchema: (op) =>
      op.input(z).pick({
        intent: true,
        files: true,
        commands: true,
        keywords: true,
        profile: true,
        budget: true,
      }),
    outputSchema: selectOutput,
    // A model's select only looks: nothing is loaded or recorded.
    input: (args) => ({ ...args, dryRun: true }),
    result: (r: SelectView) => ({ text: json(r), structured: asRecord(r) }),
  },
};

/**
 * Register a tool for each operation of the table with an MCP tool face; the returned function sets
 * the schemas that follow the catalog again after it changed.
 */
export function registerTools(server: McpServer, catalog: ServedCatalog): () => void {
  const following: Array<{ tool: RegisteredTool; face: McpToolFace; op: AnyOperation }> = [];
  for (const entry of operationsOf('mcp')) {
    const face = MCP_TOOLS[entry.name];
    const op = catalog.operations.get(entry.name);
    if (!face || !op) continue;
    const tool = server.registerTool(
      face.tool,
      {
        description: face.description,
        inputSchema: face.inputSchema(op, catalog),
        outputSchema: face.outputSchema,
        annotations: { readOnlyHint: true },
      },
      async (args: Record<string, unknown>) => {
        const input = face.input ? face.input(args) : args;
        const ctx = { service: catalog.service, caller: MODEL };
        return toolResult(await op.run(ctx, input), (v) => face.result(v, args, catalog));
      },
    );
    if (face.follows) following.push({ tool, face, op });
  }
  return () => {
    // `update` takes a shape, not an object schema (it makes the object itself): given the object,
    // it would make one of the object's own fields, and every later call would fail to validate.
    for (const f of following)
      f.tool.update({ paramsSchema: f.face.inputSchema(f.op, catalog).shape as never });
  };
}
