// One visibility policy, read by every face: the catalog says which skills the model may load, which
// are conditional and which the user may invoke; the listing, MCP's load_skill, prompts and resources,
// the session and select all give the same answer. Real folders, a real MCP client over stdio.

import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { loadableIds, refusedSkills } from '../src/catalog/catalog.js';
import { createService, createSkillSession, type Outcome } from '../src/index.js';
import { cliPath, corporaDir } from '../src/test-support/paths.js';

const cache = mkdtempSync(path.join(os.tmpdir(), 'skillset-visibility-'));
const env = { ...process.env, SKILLSET_CACHE_DIR: cache } as Record<string, string>;

/** A project whose skills cover every case of the policy, with the config that decides them. */
function project(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'skillset-visibility-project-'));
  const skill = (name: string, extra = '') => {
    mkdirSync(path.join(dir, 'skills', name), { recursive: true });
    writeFileSync(
      path.join(dir, 'skills', name, 'SKILL.md'),
      `---\nname: ${name}\ndescription: Deploy review helper ${name}, for release checks.\n${extra}---\n\nDo the ${name} steps.\n`,
    );
  };
  skill('plain');
  skill('named-only');
  skill('user-only', 'disable-model-invocation: true\n');
  skill('model-only', 'user-invocable: false\n');
  skill('on-paths', 'paths:\n  - "src/**"\n');
  skill('turned-off');
  skill('held-back');
  skill('denied');
  writeFileSync(
    path.join(dir, 'skillset.config.json'),
    JSON.stringify({
      permissions: {
        deny: ['Skill(denied)'],
        overrides: {
          'named-only': 'name-only',
          'turned-off': 'off',
          'held-back': 'user-invocable-only',
        },
      },
    }),
  );
  mkdirSync(path.join(dir, 'src'));
  writeFileSync(path.join(dir, 'src', 'main.ts'), 'export {};\n');
  return dir;
}

/** The value of an outcome that must have one. */
function ok<T>(o: Outcome<T>): T {
  assert.ok(o.ok, o.ok ? '' : o.problem.message);
  return o.value;
}

/** The message of an outcome that must be a problem. */
function problem(o: Outcome<unknown>): string {
  assert.equal(o.ok, false);
  return o.ok ? '' : o.problem.message;
}

const LOADABLE = ['model-only', 'named-only', 'on-paths', 'plain'];
const REFUSED = {
  denied: 'denied',
  'held-back': 'override',
  'turned-off': 'override',
  'user-only': 'disable-model-invocation',
};
const INVOCABLE = ['denied', 'held-back', 'named-only', 'on-paths', 'plain', 'user-only'];

describe('the visibility policy', () => {
  let dir: string;
  let client: Client;
  before(async () => {
    dir = project();
    client = new Client({ name: 'skillset-test', version: '1.0.0' });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [cliPath, 'serve', 'skills'],
        cwd: dir,
        env,
        stderr: 'pipe',
      }),
    );
  });
  after(async () => {
    await client.close();
  });

  it('is decided once, in the catalog', async () => {
    const service = await createService({ cwd: dir, roots: ['skills'], cacheDir: cache });
    const c = await service.catalog();
    assert.ok(c.ok);
    assert.deepEqual(loadableIds(c.value, 'all'), LOADABLE);
    assert.deepEqual(
      loadableIds(c.value, new Set()),
      LOADABLE.filter((n) => n !== 'on-paths'),
    );
    assert.deepEqual(
      Object.fromEntries(refusedSkills(c.value).map((r) => [r.id, r.reason])),
      REFUSED,
    );
    const listing = await service.listing({ budget: Number.MAX_SAFE_INTEGER });
    assert.ok(listing.ok);
    assert.deepEqual(
      listing.value.entries.map((e) => e.name).sort(),
      LOADABLE.filter((n) => n !== 'on-paths'),
    );
    assert.deepEqual(Object.fromEntries(listing.value.hidden.map((h) => [h.name, h.reason])), {
      ...REFUSED,
      'on-paths': 'inactive-paths',
    });
    service.close();
  });

  it('MCP load_skill, prompts and resources read it', async () => {
    const { tools } = await client.listTools();
    const load = tools.find((t) => t.name === 'load_skill');
    const names = (load?.inputSchema.properties?.name as { enum?: string[] } | undefined)?.enum;
    if (names) assert.deepEqual([...names].sort(), LOADABLE);
    for (const name of LOADABLE) {
      const r = await client.callTool({ name: 'load_skill', arguments: { name } });
      assert.notEqual(r.isError, true, name);
    }
    for (const name of Object.keys(REFUSED)) {
      const r = await client.callTool({ name: 'load_skill', arguments: { name } });
      assert.equal(r.isError, true, name);
    }
    const { prompts } = await client.listPrompts();
    assert.deepEqual(prompts.map((p) => p.name).sort(), INVOCABLE);
  });

  it('the session reads it: conditional skills are the model’s once a touched file activates them', async () => {
    const session = await createSkillSession({ cwd: dir, roots: ['skills'], cacheDir: cache });
    try {
      const before = ok(await session.tools());
      assert.deepEqual(
        [...(before?.definition.inputSchema.properties.name.enum ?? [])].sort(),
        LOADABLE.filter((n) => n !== 'on-paths'),
      );
      assert.match(problem(await session.load('on-paths')), /conditional and not active/);
      for (const name of Object.keys(REFUSED))
        assert.match(problem(await session.load(name)), /may not be loaded by the model/, name);
      ok(await session.touch([path.join(dir, 'src', 'main.ts')]));
      const after = ok(await session.tools());
      assert.deepEqual(
        [...(after?.definition.inputSchema.properties.name.enum ?? [])].sort(),
        LOADABLE,
      );
      assert.equal(ok(await session.load('on-paths')).name, 'on-paths');
    } finally {
      session.close();
    }
  });

  it('select never suggests a skill the model may not load', async () => {
    const service = await createService({ cwd: dir, roots: ['skills'], cacheDir: cache });
    const r = await service.select({ intent: 'deploy review helper release checks' });
    assert.ok(r.ok);
    const { loaded, overflow, suggested } = r.value;
    const chosen = [...loaded, ...overflow, ...suggested].map((x) => x.name);
    assert.ok(chosen.length > 0, 'select chose among the loadable skills');
    for (const name of chosen) assert.ok(LOADABLE.includes(name), name);
    service.close();
  });
});

describe('resources/list offers only what resources/read serves', () => {
  for (const library of [
    'claude-skills',
    'everything-claude-code',
    'salesforce-skills',
    'wshobson-agents',
  ]) {
    it(library, async () => {
      const client = new Client({ name: 'skillset-test', version: '1.0.0' });
      await client.connect(
        new StdioClientTransport({
          command: process.execPath,
          args: [cliPath, 'serve', path.join(corporaDir, library)],
          env,
          stderr: 'pipe',
        }),
      );
      try {
        const uris: string[] = [];
        let cursor: string | undefined;
        do {
          const page = await client.listResources(cursor ? { cursor } : {});
          uris.push(...page.resources.map((r) => r.uri));
          cursor = page.nextCursor;
        } while (cursor);
        assert.ok(uris.length > 0);
        const failed: string[] = [];
        for (const uri of uris) await client.readResource({ uri }).catch(() => failed.push(uri));
        assert.deepEqual(failed, []);
      } finally {
        await client.close();
      }
    });
  }
});
