// The MCP server driven by the SDK's real Client over a real stdio child process and real HTTP on
// 127.0.0.1: every tool, resources, prompts and the Skills extension (pagination, -32602), digests
// computed independently, parity with `skillset search --json`, and the security cases.

import assert from 'node:assert/strict';
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { z } from 'zod';
import { parseLabels } from '../src/eval/eval.js';
import { createService } from '../src/index.js';
import { MAX_ENUM_CHARS } from '../src/render/load-tool.js';
import { cliPath, corporaDir, repoRoot, sharedDir } from '../src/test-support/paths.js';
import { within } from '../src/test-support/within.js';

const example = path.join(repoRoot, 'examples', 'skills');
const wshobson = path.join(corporaDir, 'wshobson-agents');
const salesforce = path.join(corporaDir, 'salesforce-skills', 'skills');
const cache = mkdtempSync(path.join(os.tmpdir(), 'skillset-mcp-'));
const env = { ...process.env, SKILLSET_CACHE_DIR: cache } as Record<string, string>;

async function stdioClient(args: string[]): Promise<Client> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [cliPath, 'serve', ...args],
    env,
    stderr: 'pipe',
  });
  const client = new Client({ name: 'skillset-test', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

const anything = z.object({}).passthrough();
const request = (c: Client, method: string, params: Record<string, unknown>) =>
  c.request({ method, params } as never, anything) as Promise<Record<string, unknown>>;

/** Every file below `dir`, relative, with sha256 and size, computed here, apart from the server. */
function filesOf(dir: string, base = dir): Array<{ path: string; digest: string; size: number }> {
  const out: Array<{ path: string; digest: string; size: number }> = [];
  for (const e of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
    a.name < b.name ? -1 : 1,
  )) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...filesOf(p, base));
    else if (e.isFile()) {
      const bytes = readFileSync(p);
      out.push({
        path: path.relative(base, p).split(path.sep).join('/'),
        digest: `sha256:${createHash('sha256').update(bytes).digest('hex')}`,
        size: statSync(p).size,
      });
    }
  }
  return out;
}

type Entry = {
  uri: string;
  frontmatter: { name: string };
  resources: Array<{ uri: string; digest: string; size: number }>;
};

async function allSkills(c: Client): Promise<{ skills: Entry[]; pages: number }> {
  const skills: Entry[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const r = await request(c, 'skills/list', cursor ? { cursor } : {});
    assert.equal(r.resultType, 'complete');
    assert.equal(typeof r.ttlMs, 'number');
    assert.equal(r.cacheScope, 'private');
    skills.push(...(r.skills as Entry[]));
    cursor = r.nextCursor as string | undefined;
    pages++;
  } while (cursor);
  return { skills, pages };
}

/** A client of `serve --http` over `args`, and the function that stops the server. */
async function httpClient(args: string[]): Promise<{ client: Client; stop: () => void }> {
  const { url, child } = await httpServer(args);
  const client = new Client({ name: 'skillset-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  return { client, stop: () => child.kill('SIGTERM') };
}

for (const transport of ['stdio', 'HTTP'] as const)
  describe(`MCP over ${transport}`, () => {
    let c: Client;
    let stop = () => {};
    before(async () => {
      if (transport === 'stdio') c = await stdioClient([example]);
      else ({ client: c, stop } = await httpClient([example]));
    });
    after(async () => {
      await c.close();
      stop();
    });

    it('declares the tools, resources, prompts and the Skills extension', () => {
      const caps = c.getServerCapabilities();
      assert.deepEqual(caps?.extensions, {
        'io.modelcontextprotocol/skills': { directoryRead: true },
      });
      assert.ok(caps?.resources && caps.tools && caps.prompts);
    });

    it('answers logging/setLevel, completion/complete and resources/subscribe', async () => {
      assert.deepEqual(await c.setLoggingLevel('error'), {});
      const done = await c.complete({
        ref: { type: 'ref/resource', uri: 'skill://{+path}' },
        argument: { name: 'path', value: 'review-pr/r' },
      });
      assert.deepEqual(done.completion, {
        values: ['review-pr/references/checklist.md'],
        total: 1,
        hasMore: false,
      });
      const uri = 'skill://review-pr/SKILL.md';
      assert.deepEqual(await c.subscribeResource({ uri }), {});
      assert.deepEqual(await c.unsubscribeResource({ uri }), {});
    });

    it('lists five tools, each with an output schema; load_skill takes a name from an enum', async () => {
      const { tools } = await c.listTools();
      assert.deepEqual(tools.map((t) => t.name).sort(), [
        'list_skills',
        'load_skill',
        'read_skill_file',
        'search_skills',
        'select_skills',
      ]);
      for (const t of tools) assert.equal(t.outputSchema?.type, 'object', t.name);
      const load = tools.find((t) => t.name === 'load_skill');
      const e = (load?.inputSchema.properties?.name as { enum?: string[] } | undefined)?.enum ?? [];
      assert.ok(e.includes('review-pr') && e.includes('sql-migration'));
      assert.equal(
        e.includes('release'),
        false,
        'disable-model-invocation: not the model’s to load',
      );
    });

    it('answers every tool; a name that does not exist is an isError result with a did-you-mean', async () => {
      const list = await c.callTool({ name: 'list_skills', arguments: {} });
      assert.equal((list.structuredContent as { skills: unknown[] }).skills.length, 10);
      const load = await c.callTool({ name: 'load_skill', arguments: { name: 'review-pr' } });
      assert.match(
        (load.structuredContent as { text: string }).text,
        /^<skill_content name="review-pr">/,
      );
      const file = await c.callTool({
        name: 'read_skill_file',
        arguments: { name: 'review-pr', path: 'references/checklist.md' },
      });
      assert.equal(
        (file.structuredContent as { text: string }).text,
        readFileSync(path.join(example, 'review-pr', 'references', 'checklist.md'), 'utf8'),
      );
      const select = await c.callTool({
        name: 'select_skills',
        arguments: { intent: 'review this pull request' },
      });
      assert.ok(
        (select.structuredContent as { loaded: Array<{ name: string }> }).loaded.some(
          (s) => s.name === 'review-pr',
        ),
      );
      const wrong = await c.callTool({ name: 'load_skill', arguments: { name: 'reveiw-pr' } });
      assert.equal(wrong.isError, true);
      assert.match(JSON.stringify(wrong.content), /did you mean `review-pr`\?/);
      const typo = await c.callTool({
        name: 'read_skill_file',
        arguments: { name: 'review-p', path: 'SKILL.md' },
      });
      assert.equal(typo.isError, true);
      assert.match(
        (typo.content as Array<{ text: string }>)[0]?.text ?? '',
        /Did you mean `review-pr`\?/,
      );
    });

    it('refuses paths that leave the skill folder, in read_skill_file and in resource URIs', async () => {
      for (const p of [
        '../release/SKILL.md',
        '/etc/passwd',
        'references%2F..%2F..%2Frelease%2FSKILL.md',
        '..\\release\\SKILL.md',
        '.git/config',
      ]) {
        const r = await c.callTool({
          name: 'read_skill_file',
          arguments: { name: 'review-pr', path: p },
        });
        assert.equal(r.isError, true, p);
        assert.match(
          (r.content as Array<{ text: string }>)[0]?.text ?? '',
          /is not a file of `review-pr`/,
        );
      }
      for (const uri of [
        'skill://review-pr/../release/SKILL.md',
        'skill://review-pr/%2e%2e/release/SKILL.md',
        'skill://nope/SKILL.md',
      ])
        await assert.rejects(
          c.readResource({ uri }),
          (e: { code?: number }) => e.code === -32602,
          uri,
        );
    });

    it('gives an error its code once: the client adds `MCP error -32602:`, the server does not', async () => {
      await assert.rejects(
        c.readResource({ uri: 'skill://nope/SKILL.md' }),
        (e: Error) =>
          e.message === 'MCP error -32602: No skill file is served at skill://nope/SKILL.md',
      );
      await assert.rejects(
        c.getPrompt({ name: 'nope' }),
        (e: Error) => e.message === 'MCP error -32602: Prompt nope not found',
      );
      await assert.rejects(
        request(c, 'skills/get', {}),
        (e: Error) => e.message === 'MCP error -32602: params.uri must be a string',
      );
      const cursor = await c.callTool({ name: 'list_skills', arguments: { cursor: 'garbage' } });
      assert.equal(cursor.isError, true);
      assert.match((cursor.content as Array<{ text: string }>)[0]?.text ?? '', /^Unknown cursor:/);
    });

    it('serves every skill file as a resource, and lists each SKILL.md', async () => {
      const { resources } = await c.listResources();
      assert.ok(
        resources.some(
          (r) => r.uri === 'skill://review-pr/SKILL.md' && r.mimeType === 'text/markdown',
        ),
      );
      const r = await c.readResource({ uri: 'skill://review-pr/SKILL.md' });
      assert.equal(
        (r.contents[0] as { text: string }).text,
        readFileSync(path.join(example, 'review-pr', 'SKILL.md'), 'utf8'),
      );
    });

    it('gives every user-invocable skill as a prompt, expanded with its arguments', async () => {
      const { prompts } = await c.listPrompts();
      assert.ok(prompts.some((p) => p.name === 'review-pr'));
      const review = prompts.find((p) => p.name === 'review-pr');
      // Its named arguments (`arguments: [pr, focus]`) are the prompt's.
      assert.deepEqual(
        review?.arguments?.map((a) => a.name),
        ['pr', 'focus'],
      );
      const p = await c.getPrompt({
        name: 'review-pr',
        arguments: { pr: '42', focus: 'security and tests' },
      });
      const text = (p.messages[0]?.content as { text?: string } | undefined)?.text ?? '';
      assert.match(text, /^Base directory for this skill: .*review-pr/);
      assert.match(text, /42/);
      const body = readFileSync(path.join(example, 'review-pr', 'SKILL.md'), 'utf8');
      if (body.includes('$focus')) assert.match(text, /security and tests/);
    });

    it('answers skills/get for a listed skill, -32602 for an unknown URI, and reads directories', async () => {
      const got = await request(c, 'skills/get', { uri: 'skill://review-pr/SKILL.md' });
      assert.equal((got.skill as Entry).frontmatter.name, 'review-pr');
      await assert.rejects(
        request(c, 'skills/get', { uri: 'skill://nope/SKILL.md' }),
        (e: { code?: number }) => e.code === -32602,
      );
      const root = await request(c, 'resources/directory/read', { uri: 'skill://review-pr' });
      assert.deepEqual(root.resources, [
        { uri: 'skill://review-pr/SKILL.md', name: 'SKILL.md', mimeType: 'text/markdown' },
        { uri: 'skill://review-pr/references', name: 'references', mimeType: 'inode/directory' },
      ]);
      await assert.rejects(
        request(c, 'resources/directory/read', { uri: 'skill://review-pr/SKILL.md' }),
        (e: { code?: number }) => e.code === -32602,
      );
    });

    it('lists in skills/list the digests and sizes of every file, as computed here', async () => {
      const { skills } = await allSkills(c);
      // broken-yaml parses only with recovery: a host comparing front matter would refuse it.
      assert.equal(
        skills.some((s) => s.frontmatter.name === 'broken-yaml'),
        false,
      );
      assert.ok(skills.length >= 8);
      for (const s of skills) {
        const dir = path.join(example, s.frontmatter.name);
        const want = filesOf(dir).map((f) => ({
          uri: `skill://${s.frontmatter.name}/${f.path}`,
          digest: f.digest,
          size: f.size,
        }));
        assert.deepEqual(s.resources, want, s.uri);
        assert.deepEqual(s.frontmatter, JSON.parse(JSON.stringify(s.frontmatter)));
      }
    });
  });

describe('MCP over stdio, real libraries', () => {
  it('pages skills/list over wshobson-agents without splitting an entry; digests match', async () => {
    const c = await stdioClient([wshobson]);
    try {
      const { skills, pages } = await allSkills(c);
      assert.ok(pages >= 3, `${pages} pages`);
      assert.equal(new Set(skills.map((s) => s.uri)).size, skills.length);
      const service = await createService({ roots: [wshobson], cacheDir: cache });
      const found = await service.list();
      service.close();
      assert.ok(found.ok);
      const byUri = new Map(skills.map((s) => [s.uri, s]));
      let checked = 0;
      for (const s of found.value) {
        const e = [...byUri.values()].find(
          (x) => x.uri.endsWith(`/${s.name}/SKILL.md`) && x.resources[0] && path.dirname(s.path),
        );
        if (!e) continue;
        const dir = path.dirname(s.path);
        const mine = new Map(filesOf(dir).map((f) => [f.path, f]));
        for (const r of e.resources) {
          const rel = decodeURIComponent(r.uri.slice(e.uri.length - 'SKILL.md'.length));
          const f = mine.get(rel);
          if (!f) continue;
          assert.equal(r.digest, f.digest, r.uri);
          assert.equal(r.size, f.size, r.uri);
          checked++;
        }
      }
      assert.ok(checked >= skills.length, `${checked} files checked`);
    } finally {
      await c.close();
    }
  });

  it('keeps tools/list under the listing budget on a large library: load_skill takes any name then', async () => {
    const c = await stdioClient([salesforce, '--no-watch']);
    try {
      const listed = await c.listTools();
      // 8,000 characters: what a client gives the whole skill listing when it knows no context size.
      const chars = JSON.stringify(listed).length;
      assert.ok(chars <= 8_000, `tools/list is ${chars} characters`);
      const load = listed.tools.find((t) => t.name === 'load_skill');
      const name = load?.inputSchema.properties?.name as { type?: string; enum?: unknown };
      assert.deepEqual([name.type, name.enum], ['string', undefined]);
      const skills = (
        (await c.callTool({ name: 'list_skills', arguments: {} })).structuredContent as {
          skills: Array<{ id: string }>;
        }
      ).skills;
      assert.ok(JSON.stringify(skills.map((s) => s.id)).length > MAX_ENUM_CHARS);
      const real = skills.find((s) => s.id.length > 12)?.id as string;
      const loaded = await c.callTool({ name: 'load_skill', arguments: { name: real } });
      assert.equal(loaded.isError, undefined, real);
      const typo = await c.callTool({ name: 'load_skill', arguments: { name: real.slice(1) } });
      assert.equal(typo.isError, true);
      assert.match(
        (typo.content as Array<{ text: string }>)[0]?.text ?? '',
        new RegExp(`Unknown skill \`${real.slice(1)}\`: did you mean \`${real}\`\\?`),
      );
    } finally {
      await c.close();
    }
  });

  it('returns for every held-out query what skillset search --json and select --json return', async () => {
    const labels = parseLabels(
      readFileSync(path.join(sharedDir, 'bench', 'salesforce-heldout.jsonl'), 'utf8'),
      'salesforce-heldout.jsonl',
    );
    const c = await stdioClient([salesforce]);
    const service = await createService({ roots: [salesforce], cacheDir: cache });
    const verdicts = { ok: 0, weak: 0, none: 0 };
    try {
      for (const [i, l] of labels.entries()) {
        const r = await c.callTool({ name: 'search_skills', arguments: { query: l.query } });
        const s = await service.search(l.query);
        assert.ok(s.ok);
        verdicts[s.value.coverage]++;
        assert.deepEqual(r.structuredContent, JSON.parse(JSON.stringify(s.value)), l.query);
        // The model reads the verdict's advice first: check the candidates' descriptions.
        const text = (r.content as Array<{ text: string }>)[0]?.text ?? '';
        if (s.value.coverage === 'weak')
          assert.match(text, /^coverage "weak": .*check a description/);
        else assert.match(text, /^\{/);
        // Selection: the same verdict, loads and suggestions from the tool as from the service.
        if (i % 3 === 0) {
          const t = await c.callTool({ name: 'select_skills', arguments: { intent: l.query } });
          const v = await service.select({ intent: l.query }, { dryRun: true });
          assert.ok(v.ok);
          assert.deepEqual(t.structuredContent, JSON.parse(JSON.stringify(v.value)), l.query);
          assert.equal(v.value.coverage, s.value.coverage, l.query);
        }
        // The commands themselves, for a sample (test/parity.test.ts has the rest): one code path, three faces.
        if (i % 80 === 0) {
          const cli = spawnSync(
            process.execPath,
            [cliPath, 'search', l.query, salesforce, '--json', '-q'],
            { env, encoding: 'utf8' },
          );
          assert.deepEqual(r.structuredContent, JSON.parse(cli.stdout), l.query);
          const select = spawnSync(
            process.execPath,
            [cliPath, 'select', salesforce, '--intent', l.query, '--dry-run', '--json', '-q'],
            { env, encoding: 'utf8' },
          );
          const t = await c.callTool({ name: 'select_skills', arguments: { intent: l.query } });
          assert.deepEqual(t.structuredContent, JSON.parse(select.stdout), l.query);
        }
      }
      // A set with many `weak` answers: the flag is what this test is about.
      assert.ok(verdicts.weak >= labels.length * 0.2, JSON.stringify(verdicts));
    } finally {
      service.close();
      await c.close();
    }
  });
});

describe('MCP edge cases', () => {
  it('serves a file with a byte-order mark as the very bytes its digest covers', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'skillset-mcp-bom-'));
    mkdirSync(path.join(root, 'bommy'));
    const bytes = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from(
        '---\nname: bommy\ndescription: Saved by an editor that writes a BOM.\n---\nBody.\n',
      ),
    ]);
    writeFileSync(path.join(root, 'bommy', 'SKILL.md'), bytes);
    const c = await stdioClient([root]);
    try {
      const got = await request(c, 'skills/get', { uri: 'skill://bommy/SKILL.md' });
      const entry = (got.skill as Entry).resources[0];
      const read = await c.readResource({ uri: 'skill://bommy/SKILL.md' });
      const text = (read.contents[0] as { text: string }).text;
      assert.equal(Buffer.byteLength(text), entry?.size);
      assert.equal(`sha256:${createHash('sha256').update(text).digest('hex')}`, entry?.digest);
    } finally {
      await c.close();
    }
  });

  it('answers bad extension parameters and made-up cursors with -32602 in one line', async () => {
    const c = await stdioClient([wshobson]);
    try {
      for (const [method, params] of [
        ['skills/get', {}],
        ['skills/get', { uri: 5 }],
        ['resources/directory/read', {}],
        ['skills/list', { cursor: 5 }],
        ['skills/list', { cursor: Buffer.from('skills:7').toString('base64url') }],
        ['skills/list', { cursor: 'garbage' }],
      ] as const)
        await assert.rejects(
          request(c, method, params as Record<string, unknown>),
          (e: { code?: number; message: string }) => e.code === -32602 && !e.message.includes('\n'),
          `${method} ${JSON.stringify(params)}`,
        );
    } finally {
      await c.close();
    }
  });

  it('says why the model may not load a skill it can see, and what a name is for', async () => {
    const c = await stdioClient([example]);
    try {
      const release = await c.callTool({ name: 'load_skill', arguments: { name: 'release' } });
      assert.equal(release.isError, true);
      assert.match(
        JSON.stringify(release.content),
        /`release` may not be loaded by the model \(has `disable-model-invocation: true`/,
      );
      const none = await c.callTool({ name: 'load_skill', arguments: {} });
      assert.match(JSON.stringify(none.content), /name is required/);
      const dot = await c.callTool({
        name: 'read_skill_file',
        arguments: { name: 'review-pr', path: '.' },
      });
      assert.match(JSON.stringify(dot.content), /the skill folder itself/);
      const folder = await c.callTool({
        name: 'read_skill_file',
        arguments: { name: 'review-pr', path: 'references' },
      });
      assert.match(JSON.stringify(folder.content), /it is a folder; name a file in it/);
    } finally {
      await c.close();
    }
  });
});

describe('MCP security', () => {
  it('never follows a link out of a skill folder, and never runs a prompt’s shell', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'skillset-mcp-sec-'));
    cpSync(path.join(example, 'write-tests'), path.join(root, 'write-tests'), { recursive: true });
    writeFileSync(path.join(root, 'secret.txt'), 'TOP SECRET\n');
    symlinkSync(path.join(root, 'secret.txt'), path.join(root, 'write-tests', 'leak.txt'));
    mkdirSync(path.join(root, 'shelly'));
    writeFileSync(
      path.join(root, 'shelly', 'SKILL.md'),
      '---\nname: shelly\ndescription: Runs a command when invoked.\n---\nBefore.\n\n!`touch ran-from-mcp`\n',
    );
    const c = await stdioClient([root]);
    try {
      const r = await c.callTool({
        name: 'read_skill_file',
        arguments: { name: 'write-tests', path: 'leak.txt' },
      });
      assert.equal(r.isError, true);
      assert.doesNotMatch(JSON.stringify(r), /TOP SECRET/);
      await assert.rejects(c.readResource({ uri: 'skill://write-tests/leak.txt' }));
      const got = await request(c, 'skills/get', { uri: 'skill://write-tests/SKILL.md' });
      assert.equal(JSON.stringify(got).includes('leak.txt'), false);
      const p = await c.getPrompt({ name: 'shelly', arguments: {} });
      assert.match(
        (p.messages[0]?.content as { text?: string } | undefined)?.text ?? '',
        /\[shell command not run: untrusted source: touch ran-from-mcp\]/,
      );
      assert.equal(existsSync(path.join(repoRoot, 'ran-from-mcp')), false);
      assert.equal(existsSync(path.join(root, 'ran-from-mcp')), false);
    } finally {
      await c.close();
    }
  });
});

/** Start `serve --http`; resolves with its URL once it listens. */
function httpServer(args: string[]): Promise<{ url: string; child: ChildProcess }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cliPath, 'serve', ...args, '--http', '--port', '0'], {
      env,
    });
    let err = '';
    child.stderr.on('data', (d) => {
      err += d;
      const m = /listening on (\S+)/.exec(err);
      if (m) resolve({ url: m[1] as string, child });
    });
    child.on('exit', (code) => reject(new Error(`exit ${code}: ${err}`)));
  });
}

describe('MCP over HTTP, with a token', () => {
  let server: { url: string; child: ChildProcess };
  before(async () => {
    server = await httpServer([example, '--token', 'sesame']);
  });
  after(() => {
    server.child.kill('SIGTERM');
  });

  const client = async (token?: string) => {
    const c = new Client({ name: 'skillset-test', version: '1.0.0' });
    await c.connect(
      new StreamableHTTPClientTransport(new URL(server.url), {
        ...(token ? { requestInit: { headers: { Authorization: `Bearer ${token}` } } } : {}),
      }),
    );
    return c;
  };

  it('listens on 127.0.0.1 and answers a client with the token', async () => {
    assert.match(server.url, /^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    const c = await client('sesame');
    const r = await c.callTool({
      name: 'search_skills',
      arguments: { query: 'review this pull request' },
    });
    assert.equal((r.structuredContent as { coverage: string }).coverage, 'ok');
    const { skills } = await allSkills(c);
    assert.ok(skills.length > 0);
    await c.close();
  });

  it('gives 401 without the token or with a wrong one', async () => {
    for (const auth of [undefined, 'Bearer wrong', 'Bearer sesame2', 'sesame']) {
      const res = await fetch(server.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          ...(auth ? { authorization: auth } : {}),
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: {} }),
      });
      assert.equal(res.status, 401, String(auth));
    }
    await assert.rejects(client('wrong'));
  });

  it('gives 404 for a session it does not hold, so the client starts a new one', async () => {
    const res = await fetch(server.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        authorization: 'Bearer sesame',
        'mcp-session-id': 'from-before-a-restart',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
    });
    assert.equal(res.status, 404);
  });

  it('refuses a body over 1 MB with 413', async () => {
    const res = await fetch(server.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer sesame' },
      body: `{"pad":"${'x'.repeat(1024 * 1024 + 10)}"}`,
    });
    assert.equal(res.status, 413);
  });

  it('answers 200 concurrent searches', async () => {
    const c = await client('sesame');
    const queries = Array.from({ length: 200 }, (_, i) => `test number ${i} for a react component`);
    const results = await Promise.all(
      queries.map((query) => c.callTool({ name: 'search_skills', arguments: { query } })),
    );
    assert.equal(results.filter((r) => !r.isError && r.structuredContent).length, 200);
    await c.close();
  });

  it('refuses to listen beyond loopback without a token: one line, exit 2', () => {
    const r = spawnSync(
      process.execPath,
      [cliPath, 'serve', example, '--http', '--host', '0.0.0.0'],
      { env: { ...env, SKILLSET_SERVE_TOKEN: '' }, encoding: 'utf8', timeout: 20_000 },
    );
    assert.equal(r.status, 2);
    assert.match(r.stderr, /^skillset: Refusing to listen on 0\.0\.0\.0 without a token/);
    assert.equal(r.stdout, '');
  });
});

describe('MCP while the library changes', () => {
  it('after 500 edits, creations and deletions, serves what is on disk, and said so', async () => {
    const lib = mkdtempSync(path.join(os.tmpdir(), 'skillset-churn-'));
    cpSync(wshobson, lib, { recursive: true });
    // --verbose: a line on stderr says what the watch covers once it has read the roots.
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [cliPath, 'serve', lib, '--verbose'],
      env,
      stderr: 'pipe',
    });
    let stderr = '';
    const watching = new Promise<void>((resolve) =>
      transport.stderr?.on('data', (d: Buffer) => {
        stderr += d;
        if (/watching \d+ paths? under 1 root/.test(stderr)) resolve();
      }),
    );
    const c = new Client({ name: 'skillset-test', version: '1.0.0' });
    await c.connect(transport);
    const heard = { tools: 0, resources: 0, prompts: 0 };
    /** Told of the next list_changed notification, whichever list it is of. */
    let hear: Array<() => void> = [];
    const nextChange = () => new Promise<void>((resolve) => hear.push(resolve));
    const told = (kind: keyof typeof heard) => () => {
      heard[kind]++;
      for (const h of hear) h();
      hear = [];
    };
    const {
      ToolListChangedNotificationSchema,
      ResourceListChangedNotificationSchema,
      PromptListChangedNotificationSchema,
    } = await import('@modelcontextprotocol/sdk/types.js');
    c.setNotificationHandler(ToolListChangedNotificationSchema, told('tools'));
    c.setNotificationHandler(ResourceListChangedNotificationSchema, told('resources'));
    c.setNotificationHandler(PromptListChangedNotificationSchema, told('prompts'));
    try {
      await within(watching, 30_000, 'the watch never said it was ready');
      const skillFilesOnDisk = () =>
        readdirSync(lib, { recursive: true, encoding: 'utf8' })
          .filter((f) => f.endsWith('SKILL.md'))
          .sort();
      const files = skillFilesOnDisk();
      let ops = 0;
      for (let i = 0; ops < 500; i++) {
        const f = path.join(lib, files[i % files.length] as string);
        const kind = i % 5;
        if (kind === 0 && existsSync(f)) {
          writeFileSync(
            f,
            readFileSync(f, 'utf8').replace(/description: /, `description: Edited ${i}. `),
          );
        } else if (kind === 1) {
          const dir = path.join(lib, 'churn', `new-${i}`);
          mkdirSync(dir, { recursive: true });
          writeFileSync(
            path.join(dir, 'SKILL.md'),
            `---\nname: new-${i}\ndescription: Made while the server ran, number ${i}.\n---\nBody ${i}.\n`,
          );
        } else if (kind === 2) {
          const dir = path.join(lib, 'churn', `new-${i - 1}`);
          if (existsSync(dir)) cpSync(dir, `${dir}-copy`, { recursive: true });
        } else if (kind === 3 && i % 10 === 3) {
          // Every other new skill is deleted again, the rest stay.
          const dir = path.join(lib, 'churn', `new-${i - 2}`);
          if (existsSync(dir)) spawnSync('rm', ['-rf', dir]);
        } else if (kind === 4 && existsSync(f)) {
          writeFileSync(path.join(path.dirname(f), 'NOTES.md'), `note ${i}\n`);
        }
        ops++;
      }
      // What is on disk, read by a fresh service.
      const fresh = async () => {
        const s = await createService({ roots: [lib], cache: false });
        const list = await s.list();
        const search = await s.search('made while the server ran');
        s.close();
        assert.ok(list.ok && search.ok);
        return { list: list.value, search: search.value };
      };
      // Compared again after each change the server tells of, until it serves what is on disk.
      let last = '';
      for (;;) {
        const changed = nextChange();
        const want = await fresh();
        const got = await c.callTool({ name: 'list_skills', arguments: {} });
        const search = await c.callTool({
          name: 'search_skills',
          arguments: { query: 'made while the server ran' },
        });
        const same =
          JSON.stringify((got.structuredContent as { skills: unknown }).skills) ===
            JSON.stringify(JSON.parse(JSON.stringify(want.list))) &&
          JSON.stringify(search.structuredContent) ===
            JSON.stringify(JSON.parse(JSON.stringify(want.search)));
        if (same) break;
        last = `${(got.structuredContent as { skills: unknown[] }).skills.length} served, ${want.list.length} on disk`;
        await within(changed, 30_000, `never caught up: ${last}`);
      }
      // skills/list digests equal the files on disk: each new skill's SKILL.md is one of the churn
      // folders' (copies share their original's name), and there is one entry per folder.
      const { skills } = await allSkills(c);
      const churn = path.join(lib, 'churn');
      const onDisk = readdirSync(churn).map((d) => filesOf(path.join(churn, d)));
      const served = skills.filter((x) => x.frontmatter.name.startsWith('new-'));
      assert.equal(served.length, onDisk.length);
      const digests = new Set(
        onDisk.map((files) => files.find((f) => f.path === 'SKILL.md')?.digest),
      );
      for (const s of served)
        assert.ok(digests.has(s.resources.find((r) => r.uri === s.uri)?.digest), s.uri);
      // load_skill's schema was set again at each change: it still validates, and a skill loads.
      const listed = await c.callTool({ name: 'list_skills', arguments: {} });
      const first = (listed.structuredContent as { skills: Array<{ id: string }> }).skills[0]?.id;
      const loaded = await c.callTool({ name: 'load_skill', arguments: { name: first } });
      assert.notEqual(loaded.isError, true, JSON.stringify(loaded.content));
      assert.ok(heard.tools > 0 && heard.resources > 0 && heard.prompts > 0, JSON.stringify(heard));
    } finally {
      await c.close();
    }
  });
});

describe('MCP shutdown', () => {
  it('closes cleanly on SIGTERM and SIGINT (HTTP), and when stdin closes (stdio)', async () => {
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      const { child } = await httpServer([example]);
      const code = await new Promise<number | null>((resolve) => {
        child.on('exit', (c) => resolve(c));
        child.kill(signal);
      });
      assert.equal(code, 0, signal);
    }
    const child = spawn(process.execPath, [cliPath, 'serve', example], { env });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    const code = await new Promise<number | null>((resolve) => {
      child.on('exit', (c) => resolve(c));
      child.stdin.end();
    });
    assert.equal(code, 0);
    assert.equal(out, '', 'nothing but protocol on stdout');
  });
});
