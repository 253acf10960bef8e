// The MCP server over a registry (#26 points 3 and 4), with a real MCP client over Streamable HTTP:
// a bearer token stands for a team, and every read path (tools, resources with their cursors,
// skill:// reads) shows the team its granted namespaces only.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ResourceListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { createService } from '../src/core/service.js';
import { type RegistryEndpoint, serveRegistry } from '../src/mcp/registry-serve.js';
import { grant, issueToken } from '../src/registry/access.js';
import { publishLibrary } from '../src/registry/publish.js';
import { openRegistry, type Registry } from '../src/registry/reader.js';
import { cliPath } from '../src/test-support/paths.js';
import { startTestCluster, type TestCluster } from '../src/test-support/postgres.js';
import { publishFixture, REGISTRY_LIBRARIES } from './registry-fixture.js';

const kubernetes = REGISTRY_LIBRARIES.ops;

describe('serve over a registry', () => {
  let cluster: TestCluster | undefined;
  let registry: Registry | undefined;
  let server: RegistryEndpoint | undefined;
  const tokens = { sales: '', platform: '' };
  before(async () => {
    cluster = await startTestCluster();
    const store = `${cluster.url}?schema=reg`;
    await publishFixture(store);
    registry = await openRegistry(store);
    await grant(registry, 'sales', ['sf']);
    await grant(registry, 'platform', ['sf', 'ops']);
    tokens.sales = await issueToken(registry, 'sales');
    tokens.platform = await issueToken(registry, 'platform');
    server = await serveRegistry(store, { http: { port: 0 } });
  });
  after(async () => {
    await server?.close();
    await registry?.close();
    await cluster?.stop();
  });

  const connect = async (token: string) => {
    const c = new Client({ name: 'registry-test', version: '1.0.0' });
    const transport = new StreamableHTTPClientTransport(new URL(server?.url as string), {
      requestInit: { headers: { Authorization: `Bearer ${token}` } },
    });
    await c.connect(transport);
    return { c, transport };
  };
  const uris = async (c: Client): Promise<string[]> => {
    const out: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await c.listResources(cursor ? { cursor } : {});
      out.push(...page.resources.map((r) => r.uri));
      cursor = page.nextCursor;
    } while (cursor);
    return out;
  };

  it('shows a team its granted namespaces through every read path, and nothing else', async () => {
    const { c } = await connect(tokens.sales);
    try {
      const all = await uris(c);
      assert.ok(all.length >= 34, all.slice(0, 5).join());
      assert.ok(
        all.some((u) => u === 'skill://sf/business-rules-engine/SKILL.md'),
        all.slice(0, 5).join(),
      );
      assert.ok(!all.some((u) => u.startsWith('skill://ops/')), 'no ops resource');
      const found = await c.callTool({
        name: 'search_skills',
        arguments: { query: 'helm chart scaffolding kubernetes' },
      });
      const ids = (found.structuredContent as { results: Array<{ id: string }> }).results.map(
        (r) => r.id,
      );
      assert.ok(!ids.some((id) => id.startsWith('ops:')), ids.join());
      const load = await c.callTool({
        name: 'load_skill',
        arguments: { name: 'ops:helm-chart-scaffolding' },
      });
      assert.equal(load.isError, true);
      await assert.rejects(c.readResource({ uri: 'skill://ops/helm-chart-scaffolding/SKILL.md' }));
      const own = await c.callTool({
        name: 'load_skill',
        arguments: { name: 'sf:business-rules-engine' },
      });
      assert.notEqual(own.isError, true);
    } finally {
      await c.close();
    }
  });

  it('shows a team granted two namespaces both', async () => {
    const { c } = await connect(tokens.platform);
    try {
      const found = await c.callTool({
        name: 'search_skills',
        arguments: { query: 'helm chart scaffolding' },
      });
      const results = (found.structuredContent as { results: Array<{ id: string }> }).results;
      assert.equal(results[0]?.id, 'ops:helm-chart-scaffolding');
      const all = await uris(c);
      assert.ok(
        all.some((u) => u.startsWith('skill://ops/')) &&
          all.some((u) => u.startsWith('skill://sf/')),
        all.slice(0, 5).join(),
      );
    } finally {
      await c.close();
    }
  });

  it('refuses a request without a known token, and one that is not the session’s team', async () => {
    for (const auth of [undefined, 'Bearer nope']) {
      const res = await fetch(server?.url as string, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          ...(auth ? { authorization: auth } : {}),
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
      });
      assert.equal(res.status, 401);
    }
    const { c, transport } = await connect(tokens.sales);
    try {
      const res = await fetch(server?.url as string, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          authorization: `Bearer ${tokens.platform}`,
          'mcp-session-id': transport.sessionId as string,
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'ping' }),
      });
      assert.equal(res.status, 401);
    } finally {
      await c.close();
    }
  });

  it('runs as `skillset serve --http --store`, a token from `skillset team`', async () => {
    const store = `${cluster?.url}?schema=reg`;
    const made = spawnSync(
      process.execPath,
      [cliPath, 'team', 'audit', '--store', store, '--grant', 'ops', '--token', '--json'],
      { encoding: 'utf8' },
    );
    assert.equal(made.status, 0, made.stderr);
    const { token, namespaces } = JSON.parse(made.stdout);
    assert.deepEqual(namespaces, ['ops']);
    const child = spawn(process.execPath, [cliPath, 'serve', '--http', '--store', store], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let err = '';
        child.stderr.on('data', (d: Buffer) => {
          err += d.toString();
          const m = /listening on (\S+)/.exec(err);
          if (m) resolve(m[1] as string);
        });
        child.on('exit', (code) => reject(new Error(`exit ${code}: ${err}`)));
      });
      const c = new Client({ name: 'registry-test', version: '1.0.0' });
      await c.connect(
        new StreamableHTTPClientTransport(new URL(url), {
          requestInit: { headers: { Authorization: `Bearer ${token}` } },
        }),
      );
      const found = await c.callTool({ name: 'search_skills', arguments: { query: 'dataraptor' } });
      const ids = (found.structuredContent as { results: Array<{ id: string }> }).results.map(
        (r) => r.id,
      );
      assert.ok(!ids.some((id) => id.startsWith('sf:')), ids.join());
      await c.close();
    } finally {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      assert.equal(await exited, 0);
    }
  });

  it('tells every session of every replica whose team sees a namespace of its publish', async () => {
    const store = `${cluster?.url}?schema=reg`;
    const second = await serveRegistry(store, { http: { port: 0 } });
    const lib = mkdtempSync(path.join(os.tmpdir(), 'skillset-republish-'));
    const clients: Client[] = [];
    try {
      const heard: Array<Promise<void>> = [];
      for (const url of [server?.url as string, second.url])
        for (let i = 0; i < 2; i++) {
          const c = new Client({ name: 'registry-test', version: '1.0.0' });
          heard.push(
            new Promise<void>((resolve) =>
              c.setNotificationHandler(ResourceListChangedNotificationSchema, () => resolve()),
            ),
          );
          await c.connect(
            new StreamableHTTPClientTransport(new URL(url), {
              requestInit: { headers: { Authorization: `Bearer ${tokens.platform}` } },
            }),
          );
          clients.push(c);
        }
      cpSync(kubernetes, lib, { recursive: true });
      mkdirSync(path.join(lib, 'cluster-upgrade'));
      writeFileSync(
        path.join(lib, 'cluster-upgrade', 'SKILL.md'),
        '---\nname: cluster-upgrade\ndescription: Upgrade a Kubernetes cluster one minor version at a time. Use when planning a cluster upgrade.\n---\n\n# Cluster upgrade\n\nDrain, upgrade, verify.\n',
      );
      const service = await createService({ roots: [lib], cache: false, userConfigFile: false });
      await publishLibrary(service, { store, namespace: 'ops' });
      service.close();
      await Promise.all(heard);
      for (const c of clients) {
        const all = await uris(c);
        assert.ok(all.includes('skill://ops/cluster-upgrade/SKILL.md'), all.join());
        // load_skill's names follow the catalog: the new skill loads, and so do the others.
        const { tools } = await c.listTools();
        const load = tools.find((t) => t.name === 'load_skill');
        assert.deepEqual(load?.inputSchema.required, ['name'], JSON.stringify(load));
        for (const name of ['ops:cluster-upgrade', 'sf:business-rules-engine']) {
          const loaded = await c.callTool({ name: 'load_skill', arguments: { name } });
          assert.notEqual(loaded.isError, true, JSON.stringify(loaded.content));
        }
      }
    } finally {
      for (const c of clients) await c.close();
      await second.close();
      rmSync(lib, { recursive: true, force: true });
    }
  });
  it('tells a session of a publish after its team was granted more', {
    timeout: 60_000,
  }, async () => {
    // A session keeps the grants it started with, a later one of the team has the new grant: both
    // still hear of a publish of a namespace they see.
    const store = `${cluster?.url}?schema=reg`;
    await grant(registry as Registry, 'growing', ['sf']);
    const token = await issueToken(registry as Registry, 'growing');
    const lib = mkdtempSync(path.join(os.tmpdir(), 'skillset-regrant-'));
    const clients: Client[] = [];
    const heard: Array<Promise<void>> = [];
    const open = async () => {
      const c = new Client({ name: 'registry-test', version: '1.0.0' });
      heard.push(
        new Promise<void>((resolve) =>
          c.setNotificationHandler(ResourceListChangedNotificationSchema, () => resolve()),
        ),
      );
      await c.connect(
        new StreamableHTTPClientTransport(new URL(server?.url as string), {
          requestInit: { headers: { Authorization: `Bearer ${token}` } },
        }),
      );
      clients.push(c);
    };
    try {
      await open();
      await grant(registry as Registry, 'growing', ['ops']);
      await open();
      cpSync(REGISTRY_LIBRARIES.sf, lib, { recursive: true });
      mkdirSync(path.join(lib, 'flexcard-review'));
      writeFileSync(
        path.join(lib, 'flexcard-review', 'SKILL.md'),
        '---\nname: flexcard-review\ndescription: Review a FlexCard before it ships. Use when a FlexCard is ready for review.\n---\n\n# FlexCard review\n\nCheck the data source, the states and the actions.\n',
      );
      const service = await createService({ roots: [lib], cache: false, userConfigFile: false });
      await publishLibrary(service, { store, namespace: 'sf' });
      service.close();
      await Promise.all(heard);
      for (const c of clients)
        assert.ok((await uris(c)).includes('skill://sf/flexcard-review/SKILL.md'));
    } finally {
      for (const c of clients) await c.close();
      rmSync(lib, { recursive: true, force: true });
    }
  });
});
