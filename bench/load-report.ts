// The figures of the registry's load test (registry-load.ts), from its samples: requests served and
// failed by reason, p50/p95 per request, reconnects, who was served after the kill, list_changed
// delivered of connected; and their printed form.

import type { LoadClient, Op, Sample } from './load-client.js';
import { quantile } from './stats.js';

/** What the publish at two thirds found: clients listening then, and how many heard of it. */
export interface ListChangedFigures {
  atMs: number;
  connected: number;
  delivered: number;
  /** From the publish's start to the last client told. */
  lastMs: number;
  /** The clients not listening then, by why. */
  notListening: Record<string, number>;
}

/** The replica killed: which, when (ms into the run), and the clients whose sessions it held. */
export interface KilledFigures {
  replica: number;
  atMs: number;
  clients: number[];
}

/** Everything a run measured. */
export interface LoadFigures {
  clients: number;
  replicas: number;
  seconds: number;
  skills: number;
  requests: { ok: number; failed: number; byReason: Record<string, number> };
  byOp: Record<Op, { ok: number; failed: number; p50: number; p95: number }>;
  killed: KilledFigures;
  /** New sessions made after a failure, by all clients. */
  reconnects: number;
  /** Clients of the killed replica served again afterwards, on a new session. */
  reconnected: number;
  /** Clients whose last request succeeded. */
  servedAtEnd: number;
  /** Every failed request. */
  failures: Sample[];
  listChanged: ListChangedFigures;
  /** Answers the balancer made itself, and the replicas' latency as it saw it. */
  balancer?: {
    refused: number;
    reset: number;
    why: Record<string, number>;
    search: { p50: number; p95: number };
    load: { p50: number; p95: number };
  };
  /** How late the event loop of the clients' own process ran (ms). */
  generatorLagMs?: { p50: number; p99: number; max: number };
}

/** What summarizeLoad reads. */
interface LoadRun {
  o: { clients: number; seconds: number; replicas: number };
  skills: number;
  samples: readonly Sample[];
  clients: readonly LoadClient[];
  killed: KilledFigures;
  listChanged: ListChangedFigures;
}

/** The figures of a run from its samples. */
export function summarizeLoad(run: LoadRun): LoadFigures {
  const failures = run.samples.filter((s) => s.reason !== undefined);
  const byReason: Record<string, number> = {};
  for (const f of failures) byReason[f.reason as string] = (byReason[f.reason as string] ?? 0) + 1;
  const ops: Op[] = ['search', 'load', 'initialize'];
  const byOp = Object.fromEntries(
    ops.map((op) => {
      const ok = run.samples.filter((s) => s.op === op && s.reason === undefined).map((s) => s.ms);
      const failed = failures.filter((s) => s.op === op).length;
      return [op, { ok: ok.length, failed, p50: quantile(ok, 0.5), p95: quantile(ok, 0.95) }];
    }),
  ) as LoadFigures['byOp'];
  const killedSet = new Set(run.killed.clients);
  const servedAfter = new Set(
    run.samples
      .filter((s) => s.op !== 'initialize' && s.reason === undefined && s.at > run.killed.atMs)
      .map((s) => s.client),
  );
  return {
    clients: run.o.clients,
    replicas: run.o.replicas,
    seconds: run.o.seconds,
    skills: run.skills,
    requests: {
      ok: run.samples.length - failures.length,
      failed: failures.length,
      byReason,
    },
    byOp,
    killed: run.killed,
    reconnects: run.clients.reduce((n, c) => n + c.reconnects, 0),
    reconnected: run.clients.filter(
      (c) => killedSet.has(c.index) && c.reconnects > 0 && servedAfter.has(c.index),
    ).length,
    servedAtEnd: run.clients.filter((c) => c.last !== undefined && c.last.reason === undefined)
      .length,
    failures,
    listChanged: run.listChanged,
  };
}

const ms = (n: number): string => (Number.isNaN(n) ? '–' : `${n.toFixed(1)} ms`);

/** The figures as the bench prints them. */
export function formatLoad(f: LoadFigures): string {
  const lines = [
    `registry under load (PostgreSQL 15, private cluster; ${f.replicas} × skillset serve --http --store behind a balancer, ${f.skills} skills)`,
    `  ${f.clients} MCP clients over HTTP, search_skills then load_skill in a loop, ${f.seconds} s`,
    `  requests: ${f.requests.ok} ok, ${f.requests.failed} failed`,
  ];
  for (const [reason, n] of Object.entries(f.requests.byReason))
    lines.push(`    ${String(n).padStart(6)}  ${reason}`);
  for (const [op, r] of Object.entries(f.byOp))
    lines.push(
      `  ${op.padEnd(10)} ${String(r.ok).padStart(7)} ok ${String(r.failed).padStart(4)} failed   p50 ${ms(r.p50)}, p95 ${ms(r.p95)}`,
    );
  const last = f.failures.reduce((t, s) => Math.max(t, s.at + s.ms), 0);
  lines.push(
    `  replica ${f.killed.replica} SIGKILLed at ${(f.killed.atMs / 1000).toFixed(1)} s holding ${f.killed.clients.length} sessions: ${f.reconnected} of them served again on a new session; ${f.reconnects} reconnects in all${f.failures.length ? `; the last failure ended at ${(last / 1000).toFixed(1)} s` : ''}`,
    `  clients served by their last request: ${f.servedAtEnd} of ${f.clients}`,
    `  list_changed after the publish at ${(f.listChanged.atMs / 1000).toFixed(1)} s: ${f.listChanged.delivered} of ${f.listChanged.connected} connected clients, the last ${f.listChanged.lastMs.toFixed(0)} ms after the publish began`,
  );
  for (const [why, n] of Object.entries(f.listChanged.notListening))
    lines.push(`    ${String(n).padStart(6)}  not connected then: ${why}`);
  if (f.balancer)
    lines.push(
      `  at the balancer (the replicas' own time): search p50 ${ms(f.balancer.search.p50)}, p95 ${ms(f.balancer.search.p95)}; load p50 ${ms(f.balancer.load.p50)}, p95 ${ms(f.balancer.load.p95)}`,
      `  balancer: ${f.balancer.refused} connections refused (sent on to a live replica), ${f.balancer.reset} requests answered 502 (${Object.entries(
        f.balancer.why,
      )
        .map(([code, n]) => `${code} ${n}`)
        .join(', ')})`,
    );
  if (f.generatorLagMs)
    lines.push(
      `  the clients' process (clients and balancer): event loop late by p50 ${ms(f.generatorLagMs.p50)}, p99 ${ms(f.generatorLagMs.p99)}, max ${ms(f.generatorLagMs.max)}`,
    );
  return `${lines.join('\n')}\n`;
}
