// Every user-invocable skill as a prompt, over the shared catalog: prompts/list in pages, and
// prompts/get expanding the skill as `skillset invoke` does, with the user as the one who asks.

import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import type { InvokeView } from '../core/invoke.js';
import { renderInvocation } from '../render/load-result.js';
import { operationOf, type ServedCatalog } from './catalog.js';
import { handleChecked, invalidParams } from './errors.js';
import { pageOf } from './pages.js';

/** The operation prompts/get runs: the user invoking the skill. */
export const PROMPT_OPERATION = 'invoke';

/** A value as one shell-style word (for named prompt arguments joined into the raw string). */
function quote(v: string): string {
  return v === '' ? "''" : /^[\w@%+=:,./-]+$/.test(v) ? v : `'${v.replace(/'/g, "'\\''")}'`;
}

/** Answer the prompt requests of `server` from `catalog`. */
export function registerPrompts(
  server: Server,
  catalog: ServedCatalog,
  o: { trustShell?: boolean } = {},
): void {
  const invoke = () => operationOf(catalog, PROMPT_OPERATION);
  handleChecked(server, ListPromptsRequestSchema, (req) => {
    const { prompts, version } = catalog.view;
    const page = pageOf(
      'prompts',
      [...prompts.values()].map((p) => ({
        name: p.name,
        description: p.description,
        arguments: p.arguments,
      })),
      req.params?.cursor,
      version,
    );
    return { prompts: page.items, ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}) };
  });

  handleChecked(server, GetPromptRequestSchema, async (req) => {
    const { name } = req.params;
    const p = catalog.view.prompts.get(name);
    if (!p) throw invalidParams(`Prompt ${name} not found`);
    const args = req.params.arguments ?? {};
    const named = p.skill.frontmatter.arguments ?? [];
    const raw =
      named.length > 0 ? named.map((n) => quote(args[n] ?? '')).join(' ') : (args.arguments ?? '');
    // The user picked the prompt: an `ask` proceeds. Shell runs only with --trust-shell, and then
    // by the usual rules (docs/invocation.md).
    const r = await invoke().run(
      {
        service: catalog.service,
        caller: { by: 'user', ...(o.trustShell ? {} : { remote: true }) },
      },
      { name: p.skill.id, arguments: raw, approved: true },
    );
    if (!r.ok) throw invalidParams(r.problem.message, { skill: p.skill.id });
    return {
      description: p.description,
      // The imports come with the prompt, as `skillset invoke` prints them.
      messages: [
        {
          role: 'user' as const,
          content: { type: 'text' as const, text: renderInvocation(r.value as InvokeView) },
        },
      ],
    };
  });
}
