// A registry server through a PostgreSQL restart (#26 acceptance, faults), as real processes: the
// server (`skillset serve --http --store`) keeps running while the database is down, answers every
// request with 503 and the reason at once, and serves again by itself once the
// database is back, with every published skill there; a publish during the outage changes nothing.
import assert from 'node:assert/strict';
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { cliPath, corporaDir } from '../src/test-support/paths.js';
import { startTestCluster, type TestCluster } from '../src/test-support/postgres.js';

const omnistudio = path.join(corporaDir, 'salesforce-skills', 'skills', 'omnistudio');

const run = (args: string[]) =>
  spawnSync(process.execPath, [cliPath, ...args], { encoding: 'utf8' });

describe('a registry server while PostgreSQL restarts', () => {
  let cluster: TestCluster | undefined;
  let child: ChildProcess | undefined;
  let url = '';
  let token = '';
  const store = () => `${cluster?.url}?schema=reg`;
  before(async () => {
    cluster = await startTestCluster();
    assert.equal(run(['publish', omnistudio, '--store', store(), '--namespace', 'sf']).status, 0);
    const made = run(['team', 'sales', '--store', store(), '--grant', 'sf', '--token', '--json']);
    token = JSON.parse(made.stdout).token;
    child = spawn(process.execPath, [cliPath, 'serve', '--http', '--store', store()], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    url = await new Promise<string>((resolve, reject) => {
      let err = '';
      child?.stderr?.on('data', (d: Buffer) => {
        err += d.toString();
        const m = /listening on (\S+)/.exec(err);
        if (m) resolve(m[1] as string);
      });
      child?.on('exit', (code) => reject(new Error(`exit ${code}: ${err}`)));
    });
  });
  after(async () => {
    child?.kill('SIGKILL');
    await cluster?.stop();
  });

  const connect = async () => {
    const c = new Client({ name: 'fault-test', version: '1.0.0' });
    await c.connect(
      new StreamableHTTPClientTransport(new URL(url), {
        requestInit: { headers: { Authorization: `Bearer ${token}` } },
      }),
    );
    return c;
  };
  const search = async (c: Client, query: string) => {
    const r = await c.callTool({ name: 'search_skills', arguments: { query } });
    return r;
  };
  const initialize = () =>
    fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        authorization: `Bearer ${token}`,
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: {
          protocolVersion: '2025-06-18',
          capabilities: {},
          clientInfo: { name: 'raw', version: '1' },
        },
      }),
    });

  it('fails fast while the database is down and recovers by itself, nothing lost', async () => {
    const c = await connect();
    const before = await search(c, 'dataraptor extract');
    assert.notEqual(before.isError, true);
    await cluster?.pause();
    try {
      const refused = await initialize();
      assert.equal(refused.status, 503);
      assert.match(await refused.text(), /Unavailable/);
      // Every request is authorized against the registry: one in a session fails at once too.
      await assert.rejects(search(c, 'flexcard state management'), /Unavailable/);
      const publish = run([
        'publish',
        omnistudio,
        '--store',
        store(),
        '--namespace',
        'sf',
        '--prune',
      ]);
      assert.equal(publish.status, 2);
      assert.equal(publish.stderr.trim().split('\n').length <= 2, true, publish.stderr);
    } finally {
      await cluster?.resume();
    }
    const again = await search(c, 'flexcard state management');
    assert.notEqual(again.isError, true, JSON.stringify(again.content));
    const fresh = await connect();
    const list = await fresh.callTool({ name: 'list_skills', arguments: {} });
    assert.notEqual(list.isError, true);
    const ids = (list.structuredContent as { skills: Array<{ id: string }> }).skills;
    assert.ok(ids.length > 0 && ids.every((s) => s.id.startsWith('sf:')));
    await fresh.close();
    await c.close();
    assert.equal(child?.exitCode, null, 'the server never stopped');
  });
});
