// The web page (`skillset ui`) on the 978-skill library: the first page served after the process
// starts (target ≤ 300 ms, beside a bare `node -e ''` start measured in the same run), a search round
// trip as search as you type makes it (target ≤ 50 ms server time, p50, read from Server-Timing), and
// the weight of each page.

import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { parseLabels } from '../src/eval/eval.js';
import { quantile } from './stats.js';

/** GET `url` with `cookie`: status, body bytes, the server's own time (Server-Timing), round trip. */
function get(
  url: string,
  cookie?: string,
): Promise<{ status: number; bytes: number; serverMs: number; ms: number; setCookie?: string }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: cookie ? { cookie } : {} }, (res) => {
        let bytes = 0;
        res.on('data', (d: Buffer) => {
          bytes += d.length;
        });
        res.on('end', () => {
          const timing = /dur=([\d.]+)/.exec(String(res.headers['server-timing'] ?? ''));
          const set = res.headers['set-cookie']?.[0]?.split(';')[0];
          resolve({
            status: res.statusCode ?? 0,
            bytes,
            serverMs: timing ? Number(timing[1]) : Number.NaN,
            ms: performance.now() - started,
            ...(set ? { setCookie: set } : {}),
          });
        });
      })
      .on('error', reject);
  });
}

/** Start `skillset ui`, resolve with its URL (and the time it took to print it). */
function start(
  cli: string,
  root: string,
  env: NodeJS.ProcessEnv,
): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [cli, 'ui', root, '--no-watch', '--port', '0'], {
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let err = '';
    child.stderr?.on('data', (d) => {
      err += d;
      const m = /skillset ui: (http:\/\/\S+)/.exec(err);
      if (m) resolve({ child, url: m[1] as string });
    });
    child.once('exit', (code) => reject(new Error(`skillset ui exited ${code}: ${err}`)));
  });
}

const stop = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });

/** From spawning `skillset ui` to the Library page received, in ms. */
async function firstPage(cli: string, root: string, env: NodeJS.ProcessEnv): Promise<number> {
  const t0 = performance.now();
  const { child, url } = await start(cli, root, env);
  const traded = await get(url);
  const page = await get(url.replace(/\/\?token=.*$/, '/'), traded.setCookie);
  const ms = performance.now() - t0;
  if (page.status !== 200) throw new Error(`the library page answered ${page.status}`);
  await stop(child);
  return ms;
}

/** Run the page's benchmarks and print their lines; the figures for the JSON file. */
export async function benchUi(
  root: string,
  labelsFile: string,
  cli: string,
  tmp: string,
): Promise<Record<string, unknown>> {
  const env = { ...process.env, SKILLSET_CACHE_DIR: path.join(tmp, 'ui-cache') };
  await firstPage(cli, root, env); // a first start fills the parse cache, as every later one finds it
  const ours: number[] = [];
  const bare: number[] = [];
  for (let i = 0; i < 7; i++) {
    ours.push(await firstPage(cli, root, env));
    const t = performance.now();
    spawnSync(process.execPath, ['-e', '']);
    bare.push(performance.now() - t);
  }
  const first = { ui: quantile(ours, 0.5), bareNode: quantile(bare, 0.5) };

  const { child, url } = await start(cli, root, env);
  const base = url.replace(/\/\?token=.*$/, '');
  const cookie = (await get(url)).setCookie;
  const queries = parseLabels(fs.readFileSync(labelsFile, 'utf8')).map((l) => l.query);
  await get(`${base}/search?q=warm&results=1`, cookie); // the index opens on the first search
  const server: number[] = [];
  const trip: number[] = [];
  for (const q of queries) {
    const r = await get(`${base}/search?q=${encodeURIComponent(q)}&results=1`, cookie);
    server.push(r.serverMs);
    trip.push(r.ms);
  }
  const weights: Record<string, number> = {};
  for (const [name, p] of [
    ['library', '/'],
    ['search', `/search?q=${encodeURIComponent(queries[0] ?? 'test')}`],
    ['budget', '/budget'],
    ['tier', '/tier'],
    ['app.js', '/assets/app.js'],
    ['app.css', '/assets/app.css'],
  ] as const)
    weights[name] = (await get(`${base}${p}`, cookie)).bytes;
  await stop(child);
  const search = {
    queries: queries.length,
    serverP50: quantile(server, 0.5),
    serverP95: quantile(server, 0.95),
    tripP50: quantile(trip, 0.5),
  };
  console.log(`\nweb page (skillset ui), ${path.basename(root)}`);
  console.log(
    `  first page after start: ${first.ui.toFixed(0)} ms p50 of 7 (target ≤ 300 ms: ${first.ui <= 300 ? 'pass' : 'FAIL'}); node -e '' ${first.bareNode.toFixed(0)} ms; ${(first.ui / first.bareNode).toFixed(2)}× a bare start`,
  );
  console.log(
    `  search round trip (${search.queries} queries): server ${search.serverP50.toFixed(1)} ms p50 (target ≤ 50 ms: ${search.serverP50 <= 50 ? 'pass' : 'FAIL'}), ${search.serverP95.toFixed(1)} ms p95; whole trip ${search.tripP50.toFixed(1)} ms p50`,
  );
  console.log(
    `  page weight: ${Object.entries(weights)
      .map(([k, v]) => `${k} ${(v / 1024).toFixed(1)} KB`)
      .join(', ')}`,
  );
  return { firstPage: first, search, weights };
}
