// The registry under load (#26 acceptance, load): replicas of `skillset serve --http --store` on one
// private PostgreSQL cluster, a load balancer in front, and many MCP clients searching and loading
// through it for a while. At a third of the run one replica is killed and its clients start new
// sessions on the others; at two thirds a publish goes out and every client connected then must hear
// list_changed. The figures: requests served and failed (and why), p50/p95, reconnects, and
// list_changed delivered of connected.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createService, type SkillService } from '../src/core/service.js';
import { parseLabels } from '../src/eval/eval.js';
import { grant, issueToken } from '../src/registry/access.js';
import { publishLibrary } from '../src/registry/publish.js';
import { openRegistry } from '../src/registry/reader.js';
import { startTestCluster } from '../src/test-support/postgres.js';
import { envInt } from './env.js';
import { type Balancer, startBalancer } from './load-balancer.js';
import {
  type ClientContext,
  type LoadClient,
  openSession,
  runClient,
  type Sample,
} from './load-client.js';
import { type Replicas, startReplicas } from './load-replicas.js';
import {
  formatLoad,
  type ListChangedFigures,
  type LoadFigures,
  summarizeLoad,
} from './load-report.js';
import { quantile } from './stats.js';

/** The run's shape. */
export interface LoadOptions {
  /** The library published (as namespace `lib`) and served. */
  library: string;
  queries: readonly string[];
  clients: number;
  seconds: number;
  replicas: number;
  /** How long a request, or list_changed after the publish, may take before it counts as lost. */
  timeoutMs?: number;
}

/** The namespace and team of the run. */
const NAMESPACE = 'lib';
const TEAM = 'load';

/** The skill the publish at two thirds adds, so that the namespace's files change. */
const MARKER = `---
name: load-test-marker
description: Marks the publish made during the registry load test. Use when checking that a publish reached every replica.
---

# Load test marker

Published while clients were searching; each of them should have been told.
`;

/** Publish `library`, make the team and its token; then a copy with one skill more, ready to publish. */
async function prepare(store: string, library: string, tmp: string) {
  const first = await createService({ roots: [library], cache: false, userConfigFile: false });
  const published = await publishLibrary(first, { store, namespace: NAMESPACE }).finally(() =>
    first.close(),
  );
  const registry = await openRegistry(store);
  await grant(registry, TEAM, [NAMESPACE]);
  const token = await issueToken(registry, TEAM, 'load test');
  await registry.close();
  const copy = path.join(tmp, 'library');
  fs.cpSync(library, copy, { recursive: true });
  fs.mkdirSync(path.join(copy, 'load-test-marker'));
  fs.writeFileSync(path.join(copy, 'load-test-marker', 'SKILL.md'), MARKER);
  const next = await createService({ roots: [copy], cache: false, userConfigFile: false });
  return { token, skills: published.skills, next };
}

/** Publish `next`, and wait until every client listening now has heard list_changed (or time is up). */
async function publishAndWatch(
  clients: readonly LoadClient[],
  next: SkillService,
  store: string,
  ctx: ClientContext,
): Promise<ListChangedFigures> {
  const atMs = ctx.now();
  const listening = clients.flatMap((c) => (c.session?.listening ? [c.session] : []));
  const notListening: Record<string, number> = {};
  for (const c of clients) {
    if (c.session?.listening) continue;
    const why = !c.session
      ? 'between sessions'
      : c.session.streamFailed
        ? `its GET stream failed: ${c.session.streamFailed}`
        : 'its GET stream not open yet';
    notListening[why] = (notListening[why] ?? 0) + 1;
  }
  let delivered = 0;
  let lastMs = 0;
  const heard = listening.map(
    (s) =>
      new Promise<void>((resolve) => {
        s.onListChanged = () => {
          s.onListChanged = undefined;
          delivered++;
          lastMs = ctx.now() - atMs;
          resolve();
        };
      }),
  );
  await publishLibrary(next, { store, namespace: NAMESPACE });
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ctx.timeoutMs);
  });
  await Promise.race([Promise.all(heard), late]);
  clearTimeout(timer);
  return { atMs, connected: listening.length, delivered, lastMs, notListening };
}

/** Which clients have their session on replica `at` now. */
const clientsOn = (clients: readonly LoadClient[], balancer: Balancer, at: number): number[] =>
  clients.flatMap((c) => (c.session && balancer.replicaOf(c.session.id) === at ? [c.index] : []));

/** Connect every client, at most `wide` at a time (a start-up storm is not what is measured). */
async function connectAll(ctx: ClientContext, n: number, wide = 25): Promise<LoadClient[]> {
  const clients: LoadClient[] = Array.from({ length: n }, (_, index) => ({
    index,
    session: undefined,
    reconnects: 0,
    last: undefined,
  }));
  for (let i = 0; i < n; i += wide)
    await Promise.all(
      clients.slice(i, i + wide).map(async (c) => {
        c.session = await openSession(ctx);
      }),
    );
  return clients;
}

/** What the timed part of a run needs. */
interface Stage {
  o: LoadOptions;
  store: string;
  token: string;
  skills: number;
  next: SkillService;
  replicas: Replicas;
  balancer: Balancer;
}

/** Connect the clients, then run them; kill a replica at a third, publish at two thirds. */
async function drive({ o, store, token, skills, next, replicas, balancer }: Stage) {
  const samples: Sample[] = [];
  let started = performance.now();
  const ctx: ClientContext = {
    url: balancer.url,
    token,
    queries: o.queries,
    now: () => performance.now() - started,
    record: (s) => samples.push(s),
    timeoutMs: o.timeoutMs ?? 30_000,
  };
  const clients = await connectAll(ctx, o.clients);
  // The clients and the balancer share this process: how late its event loop ran says how much of
  // the clients' latency is their own queue, not the replicas'.
  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();
  const runMs = o.seconds * 1000;
  started = performance.now();
  const killed = { replica: 0, atMs: 0, clients: [] as number[] };
  const timers: NodeJS.Timeout[] = [];
  try {
    timers.push(
      setTimeout(() => {
        killed.atMs = ctx.now();
        killed.clients = clientsOn(clients, balancer, killed.replica);
        replicas.kill(killed.replica);
      }, runMs / 3),
    );
    const publish = new Promise<ListChangedFigures>((resolve, reject) => {
      const publishAt = () => publishAndWatch(clients, next, store, ctx).then(resolve, reject);
      timers.push(setTimeout(publishAt, (runMs * 2) / 3));
    });
    // Awaited once the clients are done: a failure meanwhile is not unhandled.
    publish.catch(() => undefined);
    await Promise.all(clients.map((c) => runClient(ctx, c, () => ctx.now() >= runMs)));
    const listChanged = await publish;
    lag.disable();
    const figures = summarizeLoad({ o, skills, samples, clients, killed, listChanged });
    const seen = (tool: string) => {
      const times = balancer.served.get(tool) ?? [];
      return { p50: quantile(times, 0.5), p95: quantile(times, 0.95) };
    };
    return {
      ...figures,
      balancer: { ...balancer.made, search: seen('search_skills'), load: seen('load_skill') },
      generatorLagMs: {
        p50: lag.percentile(50) / 1e6,
        p99: lag.percentile(99) / 1e6,
        max: lag.max / 1e6,
      },
    };
  } finally {
    for (const t of timers) clearTimeout(t);
    await Promise.all(clients.map((c) => c.session?.client.close().catch(() => undefined)));
  }
}

/** Run the whole scenario on a private cluster; returns its figures. */
export async function runRegistryLoad(o: LoadOptions): Promise<LoadFigures> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'skillset-load-'));
  const cluster = await startTestCluster();
  const undo: Array<() => unknown> = [];
  try {
    const store = `${cluster.url}?schema=load`;
    const { token, skills, next } = await prepare(store, o.library, tmp);
    undo.push(() => next.close());
    const replicas = await startReplicas(store, o.replicas, o.clients * 2);
    undo.push(() => replicas.stop());
    const balancer = await startBalancer(replicas.urls);
    undo.push(() => balancer.close());
    return await drive({ o, store, token, skills, next, replicas, balancer });
  } finally {
    for (const step of undo.reverse()) await step();
    await cluster.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

/** The bench group `registry-load`: the issue's scale unless `BENCH_LOAD_CLIENTS` / `_SECONDS` say. */
export async function benchRegistryLoad(root: string, queriesFile: string): Promise<LoadFigures> {
  const queries = parseLabels(fs.readFileSync(queriesFile, 'utf8')).map((l) => l.query);
  const figures = await runRegistryLoad({
    library: root,
    queries,
    clients: envInt('BENCH_LOAD_CLIENTS', 200, 1),
    seconds: envInt('BENCH_LOAD_SECONDS', 60, 3),
    replicas: envInt('BENCH_LOAD_REPLICAS', 3, 2),
  });
  console.log(formatLoad(figures));
  return figures;
}
