// The HTTP endpoint in-process, with the SDK's real client over real HTTP on 127.0.0.1: a session
// closed with DELETE leaves nothing behind (its server is garbage-collected), and the session cap
// counts only what is open.

import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import v8 from 'node:v8';
import vm from 'node:vm';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { createService } from '../core/service.js';
import { repoRoot } from '../test-support/paths.js';
import { createServedCatalog } from './catalog.js';
import { serveHttp } from './http.js';
import { createSkillServer } from './server.js';

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

describe('serveHttp', () => {
  it('lets every session closed with DELETE be collected, server and all', async () => {
    const service = await createService({ roots: [path.join(repoRoot, 'examples', 'skills')] });
    const catalog = await createServedCatalog(service);
    let collected = 0;
    const registry = new FinalizationRegistry(() => {
      collected++;
    });
    let made = 0;
    const endpoint = await serveHttp(
      async () => {
        const { server } = createSkillServer(catalog);
        registry.register(server, made++);
        return server as McpServer;
      },
      { maxSessions: 5 },
    );
    try {
      for (let i = 0; i < 12; i++) {
        const transport = new StreamableHTTPClientTransport(new URL(endpoint.url));
        const client = new Client({ name: 'gc', version: '1.0.0' });
        await client.connect(transport);
        const { tools } = await client.listTools();
        assert.equal(tools.length, 5);
        await transport.terminateSession();
        await client.close();
      }
      // Bounded: each turn collects and lets the finalizers run.
      for (let turn = 0; turn < 100 && collected < made; turn++) {
        gc();
        await new Promise((r) => setImmediate(r));
      }
      assert.equal(made, 12);
      assert.equal(collected, made, `${collected} of ${made} servers collected`);
    } finally {
      await endpoint.close();
      service.close();
    }
  });
});
