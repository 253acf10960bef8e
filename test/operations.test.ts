// The table of operations and its faces: the CLI's commands, the MCP server's tools, prompts and
// resources and the session's methods agree with the table; and every operation with more than one
// face gives the same View through each, on each of the four real libraries (the cases below are
// generated from the table: an operation without one fails).

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { invocableSkills, loadableIds } from '../src/catalog/catalog.js';
import { CLI_FACES } from '../src/cli/program.js';
import { PROMPT_OPERATION } from '../src/mcp/prompts.js';
import { RESOURCE_OPERATION } from '../src/mcp/resources.js';
import { MCP_TOOLS } from '../src/mcp/tools.js';
import type { Face } from '../src/ops/operation.js';
import { OPERATIONS, operationsOf } from '../src/ops/table.js';
import { createSkillSession, type SkillSession } from '../src/session/session.js';
import { cliPath, corporaDir, repoRoot } from '../src/test-support/paths.js';

const cache = mkdtempSync(path.join(os.tmpdir(), 'skillset-ops-'));
const home = mkdtempSync(path.join(os.tmpdir(), 'skillset-ops-home-'));
const env = { ...process.env, SKILLSET_CACHE_DIR: cache, HOME: home } as Record<string, string>;
const examples = path.join(repoRoot, 'examples', 'skills');
const names = (face: Face) => operationsOf(face).map((o) => o.name);

/** `skillset ARGS`: stdout, and the exit code (0 or 1: 1 is an answer too). */
function run(args: string[]): string {
  const r = spawnSync(process.execPath, [cliPath, ...args], {
    cwd: repoRoot,
    env,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  assert.ok(r.status === 0 || r.status === 1, `skillset ${args.join(' ')}: ${r.stderr}`);
  return r.stdout;
}

/** A command's `--json`; the flags right after the command (what follows `--` is an invocation's). */
const cli = ([command = '', ...rest]: string[]): unknown =>
  JSON.parse(run([command, '--json', '-q', ...rest]));

/** A client of `skillset serve ROOT` over stdio. */
async function serve(root: string): Promise<Client> {
  const client = new Client({ name: 'skillset-test', version: '1.0.0' });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [cliPath, 'serve', root, '--no-watch'],
      cwd: repoRoot,
      env,
      stderr: 'pipe',
    }),
  );
  return client;
}

describe('the table and the faces agree', () => {
  it('every operation with a CLI face is a command, and every command but serve and ui an operation', () => {
    assert.deepEqual(Object.keys(CLI_FACES).sort(), names('cli').sort());
    const help = run(['--help']);
    const commands = [...(help.split(/\nCommands:\n/)[1]?.matchAll(/^ {2}([\w-]+)/gm) ?? [])].map(
      (m) => m[1],
    );
    assert.deepEqual(commands.sort(), [...names('cli'), 'serve', 'ui', 'help'].sort());
  });

  it('every operation with an MCP face is a tool, the prompts or the resources, and nothing else is', async () => {
    const client = await serve(examples);
    try {
      const tools = (await client.listTools()).tools.map((t) => t.name).sort();
      const faces = names('mcp').filter((n) => MCP_TOOLS[n] !== undefined);
      assert.deepEqual(tools, faces.map((n) => MCP_TOOLS[n]?.tool).sort());
      assert.deepEqual(Object.keys(MCP_TOOLS).sort(), faces.sort());
      assert.deepEqual(
        names('mcp').sort(),
        [...new Set([...faces, PROMPT_OPERATION, RESOURCE_OPERATION])].sort(),
      );
      assert.ok((await client.listPrompts()).prompts.length > 0);
      assert.ok((await client.listResources()).resources.length > 0);
    } finally {
      await client.close();
    }
  });

  it('every operation with a session face is a method of the session', async () => {
    const s = await createSkillSession({ roots: [examples], cwd: repoRoot, cacheDir: cache });
    try {
      for (const name of names('session'))
        assert.equal(typeof (s as unknown as Record<string, unknown>)[name], 'function', name);
    } finally {
      s.close();
    }
  });
});

/** What a library's cases need: the faces, a skill every face may load and invoke, and a query. */
interface Library {
  root: string;
  client: Client;
  session: SkillSession;
  skill: string;
  query: string;
}

/** The pages of list_skills, joined. */
async function listAll(client: Client): Promise<unknown[]> {
  const all: unknown[] = [];
  let cursor: string | undefined;
  do {
    const r = await client.callTool({ name: 'list_skills', arguments: cursor ? { cursor } : {} });
    const page = r.structuredContent as { skills: unknown[]; nextCursor?: string };
    all.push(...page.skills);
    cursor = page.nextCursor;
  } while (cursor);
  return all;
}

const structured = async (l: Library, name: string, args: Record<string, unknown>) =>
  (await l.client.callTool({ name, arguments: args })).structuredContent;

const value = <T>(o: { ok: boolean; value?: T }): unknown => {
  assert.ok(o.ok);
  return JSON.parse(JSON.stringify(o.value));
};

/** The View through each face of one operation, on one library. */
type Case = (l: Library) => Promise<Partial<Record<Face, unknown>>>;

/** A load as load_skill gives it back. */
const loadShape = (v: unknown) => {
  const x = v as Record<string, unknown>;
  return {
    name: x.id,
    dir: x.dir,
    contentHash: x.contentHash,
    resources: x.resources,
    text: x.text,
  };
};

const CASES: Readonly<Record<string, Case>> = {
  list: async (l) => ({ cli: cli(['list', l.root]), mcp: await listAll(l.client) }),
  search: async (l) => ({
    cli: cli(['search', l.query, l.root, '--limit', '5']),
    mcp: await structured(l, 'search_skills', { query: l.query, limit: 5 }),
  }),
  select: async (l) => ({
    cli: cli(['select', l.root, '--intent', l.query, '--dry-run']),
    mcp: await structured(l, 'select_skills', { intent: l.query }),
    session: value(await l.session.select({ intent: l.query }, { dryRun: true })),
  }),
  listing: async (l) => ({
    // `--json` is the JSON form of the listing.
    cli: cli(['listing', l.root, '--intent', l.query]),
    // The session's closing line points to its own tool; asked for none, it names the search tool.
    session: value(
      await l.session.listing({ context: { intent: l.query }, searchHint: '', format: 'json' }),
    ),
  }),
  load: async (l) => ({
    cli: loadShape(cli(['load', l.skill, l.root])),
    mcp: await structured(l, 'load_skill', { name: l.skill }),
    session: loadShape((value(await l.session.load(l.skill)) as { view: unknown }).view),
  }),
  invoke: async (l) => {
    const typed = cli(['invoke', l.skill, l.root, '--session-id', 's1', '--', 'a "b c"']);
    const prompt = await l.client.getPrompt({
      name: l.skill,
      arguments: { arguments: 'a "b c"' },
    });
    return {
      cli: typed,
      session: value(
        await l.session.invoke(l.skill, 'a "b c"', { approved: true, sessionId: 's1' }),
      ),
      // The prompt is the text `skillset invoke` prints.
      mcp: {
        ...(typed as object),
        text: (prompt.messages[0]?.content as { text?: string } | undefined)?.text,
      },
    };
  },
};

describe('every operation with more than one face gives one View through each', () => {
  it('has a case for each such operation of the table', () => {
    assert.deepEqual(
      Object.keys(CASES).sort(),
      OPERATIONS.filter((o) => o.faces.length > 1)
        .map((o) => o.name)
        .sort(),
    );
  });

  for (const library of [
    'wshobson-agents',
    'everything-claude-code',
    'claude-skills',
    'salesforce-skills',
  ])
    describe(library, () => {
      const l = { root: path.join(corporaDir, library) } as Library;
      before(async () => {
        l.session = await createSkillSession({ roots: [l.root], cwd: repoRoot, cacheDir: cache });
        l.client = await serve(l.root);
        const c = await l.session.service.catalog();
        assert.ok(c.ok);
        // A skill every face may load and invoke, with no named arguments, no shell and no session id.
        const model = new Set(loadableIds(c.value, new Set()));
        const skill = invocableSkills(c.value).find(
          (s) =>
            model.has(s.id) &&
            (s.frontmatter.arguments ?? []).length === 0 &&
            !/!`|\$\{SESSION_ID\}/.test(readFileSync(s.path, 'utf8')),
        );
        assert.ok(skill, 'a skill to load and invoke');
        l.skill = skill.id;
        l.query = skill.description.split(/\s+/).slice(0, 8).join(' ');
      });
      after(async () => {
        await l.client?.close();
        l.session?.close();
      });
      // In the table's order: the listing is compared before any load is counted toward it.
      for (const entry of OPERATIONS.filter((o) => o.faces.length > 1))
        it(entry.name, async () => {
          const views = await (CASES[entry.name] as Case)(l);
          const faces = Object.keys(views) as Face[];
          assert.deepEqual(faces.sort(), [...entry.faces].sort());
          const [first, ...rest] = faces;
          for (const f of rest)
            assert.deepEqual(
              views[f],
              views[first as Face],
              `${entry.name}: ${f} against ${first}`,
            );
        });
    });
});
