// MCP limits benchmark: 2,000 HTTP sessions opened and never closed, then 1,000 searches (peak RSS
// target < 600 MB, every search answered); the heap one session costs; and how long the stdio
// server takes to stop after SIGTERM, SIGINT, the end of stdin and its parent's death (≤ 2,000 ms).

import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { createService } from '../src/core/service.js';
import { createServedCatalog } from '../src/mcp/catalog.js';
import { createSkillServer } from '../src/mcp/server.js';
import { quantile } from './stats.js';

const INIT = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: {
    protocolVersion: '2025-06-18',
    capabilities: {},
    clientInfo: { name: 'b', version: '1' },
  },
});

/** Resident and peak resident memory of a process, in MB (Linux /proc). */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1]) / 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

/** Start `serve --http`; resolves with its URL once it listens. */
function listen(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let err = '';
    child.stderr?.on('data', (d) => {
      err += d;
      const m = /listening on (\S+)/.exec(err);
      if (m) resolve(m[1] as string);
    });
    child.on('exit', (code) => reject(new Error(`serve exited ${code}: ${err.slice(-500)}`)));
  });
}

/** 2,000 initialize requests never closed, then 1,000 searches over one client session. */
async function flood(root: string, cli: string, env: Record<string, string>, queries: string[]) {
  const child = spawn(
    process.execPath,
    [cli, 'serve', root, '--no-watch', '--http', '--port', '0'],
    {
      env,
    },
  );
  const url = await listen(child);
  const pid = child.pid as number;
  const init = () =>
    fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: INIT,
    }).then(async (r) => {
      await r.text();
      return r.status;
    });
  await init();
  const start = memoryOf(pid);
  let opened = 0;
  const t0 = performance.now();
  for (let i = 0; i < 2000; i += 4) {
    const statuses = await Promise.all([init(), init(), init(), init()]);
    opened += statuses.filter((s) => s === 200).length;
  }
  const initMs = performance.now() - t0;
  const afterInit = memoryOf(pid);
  const client = new Client({ name: 'bench', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  let answered = 0;
  for (let i = 0; i < 1000; i += 10) {
    const rs = await Promise.all(
      Array.from({ length: 10 }, (_, j) =>
        client.callTool({
          name: 'search_skills',
          arguments: { query: queries[(i + j) % queries.length] as string },
        }),
      ),
    );
    answered += rs.filter((r) => !r.isError && r.structuredContent).length;
  }
  const end = memoryOf(pid);
  await client.close();
  child.kill('SIGTERM');
  return { start, afterInit, end, opened, initMs, answered };
}

/** The heap one session adds (its server and an in-memory client), in KB: 50 sessions, after GC. */
async function perSession(root: string, cacheDir: string): Promise<number> {
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc') as () => void;
  const service = await createService({ roots: [root], cacheDir });
  const catalog = await createServedCatalog(service);
  const keep: unknown[] = [];
  const open = async () => {
    const s = createSkillServer(catalog);
    const [a, b] = InMemoryTransport.createLinkedPair();
    await s.server.connect(a);
    const c = new Client({ name: 'bench', version: '1.0.0' });
    await c.connect(b);
    keep.push(s, c);
  };
  await open();
  gc();
  const before = process.memoryUsage().heapUsed;
  for (let i = 0; i < 50; i++) await open();
  gc();
  const kb = (process.memoryUsage().heapUsed - before) / 50 / 1024;
  service.close();
  return kb;
}

type Stop = 'SIGTERM' | 'SIGINT' | 'stdin end' | 'parent gone';

/** Milliseconds from `how` to the stdio server's exit, once it has answered initialize. */
async function stopTime(how: Stop, root: string, cli: string, env: Record<string, string>) {
  const args = [cli, 'serve', root];
  // For the parent's death, a parent starts the server on a FIFO the bench holds open as stdin.
  const fifo = how === 'parent gone' ? path.join(env.SKILLSET_CACHE_DIR as string, 'stdin') : '';
  if (fifo && !fs.existsSync(fifo)) spawnSync('mkfifo', [fifo]);
  const fd = fifo ? fs.openSync(fifo, fs.constants.O_RDWR) : undefined;
  const child =
    fd === undefined
      ? spawn(process.execPath, args, { env })
      : spawn(
          process.execPath,
          [
            '-e',
            `require('node:child_process').spawn(process.execPath, ${JSON.stringify(args)}, { stdio: 'inherit' }); process.on('message', () => process.exit(0));`,
          ],
          { env, stdio: [fd, 'pipe', 'ignore', 'ipc'] },
        );
  const stdout = child.stdout as NodeJS.ReadableStream;
  await new Promise<void>((resolve) => {
    let out = '';
    stdout.on('data', (d) => {
      out += d;
      if (out.includes('\n')) resolve();
    });
    if (fd === undefined) child.stdin?.write(`${INIT}\n`);
    else fs.writeSync(fd, `${INIT}\n`);
  });
  // The server's stdout ends when it exits (for a re-parented server, the only sign there is).
  const gone = new Promise<number>((resolve) =>
    stdout.once('end', () => resolve(performance.now())),
  );
  stdout.resume();
  const t0 = performance.now();
  if (how === 'stdin end') child.stdin?.end();
  else if (how === 'parent gone') child.send?.('exit');
  else child.kill(how);
  const ms = (await gone) - t0;
  if (fd !== undefined) fs.closeSync(fd);
  return ms;
}

/** Run the limits benchmarks and print their lines; returns the figures for the JSON file. */
export async function benchMcpLimits(
  root: string,
  cli: string,
  env: Record<string, string>,
  queries: string[],
): Promise<Record<string, unknown>> {
  const f = await flood(root, cli, env, queries);
  const heapKb = await perSession(root, env.SKILLSET_CACHE_DIR as string);
  const stops: Record<string, number> = {};
  for (const how of ['SIGTERM', 'SIGINT', 'stdin end', 'parent gone'] as const) {
    const samples: number[] = [];
    for (let i = 0; i < 3; i++) samples.push(await stopTime(how, root, cli, env));
    stops[how] = quantile(samples, 0.5);
  }
  const mb = (n: number) => `${n.toFixed(0)} MB`;
  const peakOk = f.end.peak < 600 && f.answered === 1000;
  console.log(
    `  2,000 HTTP initialize never closed, then 1,000 searches: RSS ${mb(f.start.rss)} → ${mb(f.afterInit.rss)} → ${mb(f.end.rss)}, peak ${mb(f.end.peak)} · ${f.opened} sessions opened in ${(f.initMs / 1000).toFixed(1)} s · ${f.answered} of 1,000 searches answered   target peak < 600 MB, all answered   ${peakOk ? 'pass' : 'FAIL'}`,
  );
  console.log(
    `  one session (server + in-memory client), 978 skills: ${heapKb.toFixed(0)} KB of heap`,
  );
  const slowest = Math.max(...Object.values(stops));
  console.log(
    `  stdio server stops after ${Object.entries(stops)
      .map(([k, v]) => `${k} ${v.toFixed(0)} ms`)
      .join(' · ')} (median of 3)   target ≤ 2,000 ms   ${slowest <= 2000 ? 'pass' : 'FAIL'}`,
  );
  return { flood: f, sessionHeapKb: heapKb, stopMs: stops };
}
