// MCP benchmark: the stdio handshake with the 978-skill library (target ≤ 1 s) against a bare SDK
// server's in the same run, 200 concurrent search_skills calls over HTTP on loopback (p50/p95), and
// the limits (mcp-limits.ts): a flood of sessions, the cost of one, the time to stop.

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { parseLabels } from '../src/eval/eval.js';
import { benchMcpLimits } from './mcp-limits.js';
import { quantile } from './stats.js';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Milliseconds from spawning `args` to a finished initialize handshake. */
async function handshake(args: string[], env: Record<string, string>): Promise<number> {
  const started = performance.now();
  const client = new Client({ name: 'bench', version: '1.0.0' });
  await client.connect(
    new StdioClientTransport({ command: process.execPath, args, env, stderr: 'ignore' }),
  );
  const ms = performance.now() - started;
  await client.close();
  return ms;
}

/** Run the MCP benchmarks and print their lines; returns the figures for the JSON file. */
export async function benchMcp(
  root: string,
  labelsFile: string,
  cli: string,
  tmp: string,
): Promise<Record<string, unknown>> {
  const env = { ...process.env, SKILLSET_CACHE_DIR: path.join(tmp, 'mcp-cache') } as Record<
    string,
    string
  >;
  const serve = [cli, 'serve', root, '--no-watch'];
  const bare = [path.join(here, 'mcp-bare-server.mjs')];
  await handshake(serve, env); // a first start fills the parse cache, as a second session would find it
  const ours: number[] = [];
  const base: number[] = [];
  for (let i = 0; i < 7; i++) {
    ours.push(await handshake(serve, env));
    base.push(await handshake(bare, env));
  }
  const h = { skillset: quantile(ours, 0.5), bare: quantile(base, 0.5) };

  const child = spawn(
    process.execPath,
    [cli, 'serve', root, '--no-watch', '--http', '--port', '0'],
    { env },
  );
  const url = await new Promise<string>((resolve, reject) => {
    let err = '';
    child.stderr.on('data', (d) => {
      err += d;
      const m = /listening on (\S+)/.exec(err);
      if (m) resolve(m[1] as string);
    });
    child.on('exit', (code) => reject(new Error(`serve exited ${code}: ${err}`)));
  });
  const client = new Client({ name: 'bench', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  const queries = parseLabels(fs.readFileSync(labelsFile, 'utf8')).map((l) => l.query);
  await client.callTool({ name: 'search_skills', arguments: { query: 'warm up the index' } });
  const times: number[] = [];
  let failed = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: 200 }, async (_, i) => {
      const t = performance.now();
      const r = await client.callTool({
        name: 'search_skills',
        arguments: { query: queries[i % queries.length] as string },
      });
      times.push(performance.now() - t);
      if (r.isError) failed++;
    }),
  );
  const wall = performance.now() - t0;
  await client.close();
  child.kill('SIGTERM');
  const load = { p50: quantile(times, 0.5), p95: quantile(times, 0.95), wall, failed };

  console.log('mcp (skillset serve)');
  console.log(
    `  stdio handshake, 978 skills: ${h.skillset.toFixed(0)} ms (bare SDK server ${h.bare.toFixed(0)} ms, ${(h.skillset / h.bare).toFixed(2)}×)   target ≤ 1,000 ms   ${h.skillset <= 1000 ? 'pass' : 'FAIL'}`,
  );
  console.log(
    `  200 concurrent search_skills over HTTP: p50 ${load.p50.toFixed(1)} ms · p95 ${load.p95.toFixed(1)} ms · all ${load.wall.toFixed(0)} ms · ${200 - failed} of 200 succeeded`,
  );
  const limits = await benchMcpLimits(root, cli, env, queries);
  return { handshake: h, load, limits };
}
