// The MCP server: one more face over the service. It registers the tools, every skill file as a
// `skill://` resource, every user-invocable skill as a prompt, and the Skills extension; building it,
// registering and connecting a transport are separate steps. After the catalog changes, `changed()`
// updates the load_skill enum and the prompts, and tells the client.

import { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { SkillService } from '../core/service.js';
import type { SkillFile } from '../core/skill-files.js';
import type { Skill } from '../skill/types.js';
import { VERSION } from '../version.js';
import {
  MAX_SKILL_BYTES,
  MAX_SKILL_FILES,
  mimeTypeOf,
  registerSkillsExtension,
  SKILLS_CAPABILITY,
  SKILLS_EXTENSION,
} from './skills-extension.js';
import { registerTools } from './tools.js';
import { resolveSkillUri, type SkillAddress, skillAddresses } from './uris.js';

/** How the server treats what its clients ask for. */
export interface SkillServerOptions {
  /**
   * Let prompts run shell commands, for the skills the usual rules trust (user, managed, plugin; a
   * project's or a given folder's with `invoke.trustProject`). Default: never, for MCP requests.
   */
  trustShell?: boolean;
}

/** A server and the function that brings it up to date after files changed. */
export interface SkillServer {
  server: McpServer;
  /** Files changed; `catalog` when the catalog itself did (skills added, removed or edited). */
  changed(o?: { catalog?: boolean }): Promise<void>;
}

/** The catalog as the server presents it, computed once per catalog. */
interface View {
  skills: Skill[];
  addresses: SkillAddress[];
  /** The skills `load_skill` offers: those the model may use. */
  loadable: string[];
  /** The others, and why the model may not load them. */
  refused: Map<string, string>;
}

async function viewOf(service: SkillService): Promise<View> {
  const catalog = await service.catalog();
  const skills = catalog.ok ? [...catalog.value.skills] : [];
  const listing = await service.listing({ budget: Number.MAX_SAFE_INTEGER });
  // Conditional skills stay loadable: an MCP client has no way to touch files.
  const loadable = listing.ok
    ? [
        ...listing.value.entries.map((e) => e.name),
        ...listing.value.hidden.filter((h) => h.reason === 'inactive-paths').map((h) => h.name),
      ]
    : skills.map((s) => s.id);
  const refused = new Map(
    listing.ok
      ? listing.value.hidden
          .filter((h) => h.reason !== 'inactive-paths')
          .map((h) => [h.name, h.message])
      : [],
  );
  return { skills, addresses: skillAddresses(skills), loadable, refused };
}

const promptArgs = (s: Skill) => {
  const names = s.frontmatter.arguments ?? [];
  if (names.length === 0)
    return {
      arguments: z
        .string()
        .optional()
        .describe(s.frontmatter.argumentHint ?? 'The arguments, as typed after the command'),
    };
  return Object.fromEntries(names.map((n) => [n, z.string().optional()]));
};

/** Build the MCP server over `service`. */
export async function createSkillServer(
  service: SkillService,
  options: SkillServerOptions = {},
): Promise<SkillServer> {
  let view = await viewOf(service);
  const files = new Map<string, SkillFile[] | undefined>();
  const server = new McpServer(
    { name: 'skillset', version: VERSION },
    {
      capabilities: {
        tools: { listChanged: true },
        resources: { listChanged: true },
        prompts: { listChanged: true },
        extensions: { [SKILLS_EXTENSION]: SKILLS_CAPABILITY },
      },
      instructions:
        'Skills are instructions for specific tasks. Call search_skills with the task in words; when a result fits, call load_skill with its name and follow what it says. When search answers coverage "none", no skill fits.',
    },
  );

  const filesOf = async (a: SkillAddress): Promise<SkillFile[] | undefined> => {
    const key = a.skill.path;
    if (files.has(key)) return files.get(key);
    const r = await service.files(a.skill.id);
    let out: SkillFile[] | undefined;
    if (r.ok) {
      const total = r.value.files.reduce((n, f) => n + f.size, 0);
      const cut = r.value.skipped.some((s) => s.reason.startsWith('past'));
      out =
        r.value.files.length <= MAX_SKILL_FILES && total <= MAX_SKILL_BYTES && !cut
          ? r.value.files
          : undefined;
    }
    files.set(key, out);
    return out;
  };

  const updateLoad = registerTools(server, service, view.loadable, view.refused);
  registerSkillsExtension(server.server, {
    addresses: async () => view.addresses,
    files: filesOf,
  });

  server.registerResource(
    'skill-files',
    new ResourceTemplate('skill://{+path}', {
      list: async () => ({
        resources: view.addresses.map((a) => ({
          uri: a.uri,
          name: typeof a.skill.raw.name === 'string' ? a.skill.raw.name : a.skill.name,
          description: a.skill.description,
          mimeType: 'text/markdown',
        })),
      }),
    }),
    { description: 'Every file of every skill, at skill://<skill-path>/<file-path>.' },
    async (uri) => {
      const hit = resolveSkillUri(view.addresses, uri.href);
      if (!hit || hit.file === '')
        throw new McpError(ErrorCode.InvalidParams, `No skill file is served at ${uri.href}`, {
          uri: uri.href,
        });
      const r = await service.readFile(hit.address.skill.id, hit.file);
      if (!r.ok) throw new McpError(ErrorCode.InvalidParams, r.problem.message, { uri: uri.href });
      const f = r.value;
      const mimeType = mimeTypeOf(f.path);
      return {
        contents: [
          f.text !== undefined
            ? { uri: uri.href, mimeType, text: f.text }
            : { uri: uri.href, mimeType, blob: f.base64 ?? '' },
        ],
      };
    },
  );

  const prompts = new Map<
    string,
    { prompt: ReturnType<McpServer['registerPrompt']>; hash: string }
  >();
  const promptConfig = (s: Skill) => ({ description: s.description, argsSchema: promptArgs(s) });
  const expand = (s: Skill) => {
    const named = s.frontmatter.arguments ?? [];
    return async (args: Record<string, string | undefined>) => {
      const raw =
        named.length > 0
          ? named.map((n) => quote(args[n] ?? '')).join(' ')
          : (args.arguments ?? '');
      const r = await service.invoke(s.id, raw, {
        by: 'user',
        approved: true,
        // Only with --trust-shell, and then by the usual rules (docs/invocation.md).
        ...(options.trustShell ? {} : { remote: true }),
      });
      if (!r.ok) throw new McpError(ErrorCode.InvalidParams, r.problem.message, { skill: s.id });
      return {
        description: s.description,
        messages: [
          { role: 'user' as const, content: { type: 'text' as const, text: r.value.text } },
        ],
      };
    };
  };
  // Prompts added, removed or changed with the catalog (each tells the client itself).
  const syncPrompts = () => {
    const want = new Map(
      view.skills.filter((s) => s.frontmatter.userInvocable !== false).map((s) => [s.id, s]),
    );
    for (const [id, p] of prompts)
      if (!want.has(id)) {
        p.prompt.remove();
        prompts.delete(id);
      }
    for (const [id, s] of want) {
      const had = prompts.get(id);
      if (had?.hash === s.contentHash) continue;
      if (had) {
        had.prompt.update({ ...promptConfig(s), callback: expand(s) as never });
        had.hash = s.contentHash;
      } else
        prompts.set(id, {
          prompt: server.registerPrompt(id, promptConfig(s), expand(s) as never),
          hash: s.contentHash,
        });
    }
  };
  syncPrompts();

  return {
    server,
    async changed(o = { catalog: true }) {
      // Any file may have changed: the digests are computed again on the next listing.
      files.clear();
      if (o.catalog) {
        view = await viewOf(service);
        updateLoad(view.loadable, view.refused);
        syncPrompts();
      }
      // Updating load_skill and adding or removing prompts tell the client themselves (the SDK
      // sends tools/ and prompts/list_changed); the resources are ours to announce.
      if (server.isConnected()) server.sendResourceListChanged();
    },
  };
}

/** A value as one shell-style word (for named prompt arguments joined into the raw string). */
function quote(v: string): string {
  return v === '' ? "''" : /^[\w@%+=:,./-]+$/.test(v) ? v : `'${v.replace(/'/g, "'\\''")}'`;
}
