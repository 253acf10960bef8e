// Benchmark: discovery against raw reads of the same SKILL.md files, in-process and as a whole CLI process.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { discoverSkills } from '../src/index.js';
import { lintSkills } from '../src/lint/run.js';
import { type Library, scanLibrary } from './corpus.js';
import { envInt } from './env.js';
import { benchIndexHostile } from './index-hostile.js';
import { benchMcp } from './mcp.js';
import { BASELINE_SCRIPT, runNode } from './processes.js';
import { benchRegistry } from './registry.js';
import { benchRegistryLoad } from './registry-load.js';
import { type Check, check, checkTable, timingTable } from './report.js';
import { benchSearch } from './search.js';
import { benchSelect } from './select.js';
import { benchSemantic, semanticBenchOn } from './semantic.js';
import type { Summary } from './stats.js';
import { type RoundOptions, timeRoundRobin } from './timing.js';
import { benchUi } from './ui.js';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const corpora = path.resolve(repoRoot, '..', 'shared', 'corpora');
const cli = path.join(repoRoot, 'dist', 'cli', 'skillset.cjs');
/** The libraries measured, below `shared/corpora`; only the first is also measured as a whole process. */
const LIBRARIES = ['salesforce-skills/skills', 'everything-claude-code'];
/** The parse cache distrusts files modified this recently before it was written (src/discover/cache.ts). */
const RACY_MS = 2000;

/** Timings and checks for one group of interleaved variants. */
interface GroupResult {
  timings: Record<string, Summary>;
  checks: Check[];
}

/** One library's figures, as written to the JSON file. */
interface LibraryResult extends GroupResult {
  label: string;
  root: string;
  files: number;
  bytes: number;
  skills: number;
}

/** What each variant measures, printed beside its figures. */
const NOTES: Record<string, string> = {
  'raw-async': 'Promise.all(fs.promises.readFile) of the pre-listed files',
  'raw-sync': 'fs.readFileSync of the pre-listed files',
  cold: 'discoverSkills, cacheDir: false',
  warm: 'discoverSkills, parse cache primed once',
  lint: "lintSkills, profile 'recommended', cacheDir: false (discovery included)",
  audit:
    "lintSkills, profile 'security' (skillset audit: every file of each skill folder), cacheDir: false",
  'cli-warm': 'node dist/cli/skillset.cjs list <lib> --json, SKILLSET_CACHE_DIR primed',
  baseline: 'node baseline.mjs <lib>: readdirSync walk + readFileSync, prints the count',
  'bare-node': "node -e '' (reference)",
};

/** The groups measured (`BENCH_ONLY=process,search`); every one when unset. */
const ONLY = new Set((process.env.BENCH_ONLY ?? '').split(',').filter((g) => g !== ''));
const runs = (
  group:
    | 'libraries'
    | 'process'
    | 'search'
    | 'select'
    | 'mcp'
    | 'hostile'
    | 'semantic'
    | 'ui'
    | 'registry'
    | 'registry-load',
): boolean => ONLY.size === 0 || ONLY.has(group);

/** Wait until every file is old enough for the parse cache to trust (matters right after a clone). */
async function settle(lib: Library): Promise<void> {
  const wait = lib.newestMtimeMs + RACY_MS + 500 - Date.now();
  if (wait > 0) await sleep(wait);
}

/** Discovery in-process, cold and warm, against raw reads of the same pre-listed files. */
async function benchLibrary(lib: Library, tmp: string, o: RoundOptions): Promise<GroupResult> {
  const cacheDir = fs.mkdtempSync(path.join(tmp, 'cache-'));
  await discoverSkills({ roots: [lib.root], cacheDir }); // prime the parse cache
  if (fs.readdirSync(cacheDir).length === 0) console.warn('  note: no parse cache was written');
  const timings = await timeRoundRobin(
    [
      { name: 'raw-async', run: () => Promise.all(lib.files.map((f) => fs.promises.readFile(f))) },
      { name: 'raw-sync', run: () => lib.files.map((f) => fs.readFileSync(f)) },
      { name: 'cold', run: () => discoverSkills({ roots: [lib.root], cacheDir: false }) },
      { name: 'warm', run: () => discoverSkills({ roots: [lib.root], cacheDir }) },
      { name: 'lint', run: () => lintSkills({ roots: [lib.root], cacheDir: false }) },
      {
        name: 'audit',
        run: () => lintSkills({ roots: [lib.root], cacheDir: false, profile: 'security' }),
      },
    ],
    o,
  );
  const checks = ['cold', 'warm'].flatMap((subject) =>
    ['raw-async', 'raw-sync'].map((base) =>
      check(timings, subject, base, subject === 'cold' ? 5 : 1),
    ),
  );
  checks.push(check(timings, 'lint', 'cold', 2));
  // The audit reads every file of each skill folder; issue #24 asks for at most twice lint's time.
  checks.push(check(timings, 'audit', 'lint', 2));
  return { timings, checks };
}

/** The CLI as a whole process (warm cache) against a plain-Node walk-and-read process. */
async function benchProcess(lib: Library, tmp: string, o: RoundOptions): Promise<GroupResult> {
  const script = path.join(tmp, 'baseline.mjs');
  fs.writeFileSync(script, BASELINE_SCRIPT);
  const env = { ...process.env, SKILLSET_CACHE_DIR: fs.mkdtempSync(path.join(tmp, 'cli-cache-')) };
  const listed = (JSON.parse(runNode([cli, 'list', lib.root, '--json'], env)) as unknown[]).length;
  const counted = Number(runNode([script, lib.root]).trim());
  if (listed !== lib.files.length || counted !== lib.files.length)
    console.warn(
      `  note: CLI listed ${listed}, baseline read ${counted}, walk found ${lib.files.length}`,
    );
  const timings = await timeRoundRobin(
    [
      { name: 'cli-warm', run: () => runNode([cli, 'list', lib.root, '--json'], env) },
      { name: 'baseline', run: () => runNode([script, lib.root]) },
      { name: 'bare-node', run: () => runNode(['-e', '']) },
    ],
    o,
  );
  return { timings, checks: [check(timings, 'cli-warm', 'baseline', 1.5)] };
}

/** Facts about the machine the figures come from. */
function environment(): Record<string, string | number> {
  return {
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    cpu: os.cpus()[0]?.model.trim() ?? 'unknown',
    cores: os.cpus().length,
    loadavg: os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' '),
  };
}

const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(2)} MiB`;

/** Measure one library in-process and print its tables. */
async function reportLibrary(lib: Library, tmp: string, o: RoundOptions): Promise<LibraryResult> {
  await settle(lib);
  const skills = (await discoverSkills({ roots: [lib.root], cacheDir: false })).skills.length;
  console.log(
    `${lib.label}: ${lib.files.length} SKILL.md files, ${mb(lib.bytes)}; discoverSkills finds ${skills} skills`,
  );
  const r = await benchLibrary(lib, tmp, o);
  console.log(`${timingTable(r.timings, NOTES)}\n${checkTable(r.checks)}\n`);
  const { label, root, files, bytes } = lib;
  return { label, root, files: files.length, bytes, skills, ...r };
}

/** Measure one library as whole processes and print its tables. */
async function reportProcess(lib: Library, tmp: string, o: RoundOptions): Promise<GroupResult> {
  console.log(`whole process, ${lib.label} (spawnSync wall time, node start-up included)`);
  const p = await benchProcess(lib, tmp, o);
  const median = (name: string): number => p.timings[name]?.median ?? Number.NaN;
  const net =
    (median('cli-warm') - median('bare-node')) / (median('baseline') - median('bare-node'));
  console.log(`${timingTable(p.timings, NOTES)}\n${checkTable(p.checks)}`);
  console.log(
    `  (for reference, net of bare start-up: cli-warm / baseline = ${net.toFixed(2)}×)\n`,
  );
  return p;
}

async function main(): Promise<void> {
  const started = Date.now();
  if (!fs.existsSync(corpora))
    throw new Error(`No corpora at ${corpora}: the shared folder must sit beside the repo`);
  const o: RoundOptions = {
    rounds: envInt('BENCH_ROUNDS', 15, 1),
    warmup: envInt('BENCH_WARMUP', 3, 0),
  };
  const env = environment();
  console.log(
    `skillset bench: ${o.rounds} rounds after ${o.warmup} warm-up, variants interleaved round-robin`,
  );
  console.log(
    `node ${env.node} · ${env.platform} · ${env.cpu} × ${env.cores} · load ${env.loadavg}`,
  );
  console.log('in-process runs share the OS page cache and JIT: "cold" means no parse cache\n');

  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'skillset-bench-'));
  try {
    const libs = LIBRARIES.map((rel) => scanLibrary(rel, path.join(corpora, rel)));
    const libraries: LibraryResult[] = [];
    if (runs('libraries')) for (const lib of libs) libraries.push(await reportLibrary(lib, tmp, o));
    const first = libs[0] as Library;
    const labels = path.resolve(repoRoot, '..', 'shared', 'bench', 'salesforce-heldout.jsonl');
    const processResult = runs('process')
      ? { label: first.label, ...(await reportProcess(first, tmp, o)) }
      : undefined;
    const search = runs('search') ? await benchSearch(first.root, labels, cli, tmp, o) : undefined;
    const select = runs('select') ? await benchSelect(first.root, labels, tmp) : undefined;
    const mcp = runs('mcp') ? await benchMcp(first.root, labels, cli, tmp) : undefined;
    const hostile = runs('hostile') ? await benchIndexHostile(first.root, cli, tmp) : undefined;
    const ui = runs('ui') ? await benchUi(first.root, labels, cli, tmp) : undefined;
    const registry = runs('registry') ? await benchRegistry(first.root, labels, tmp) : undefined;
    const registryLoad = runs('registry-load')
      ? await benchRegistryLoad(
          first.root,
          path.resolve(repoRoot, '..', 'shared', 'bench', 'salesforce-dev.jsonl'),
        )
      : undefined;
    const semantic =
      runs('semantic') && semanticBenchOn() ? benchSemantic(first.root, labels, tmp) : undefined;

    const file = path.join(os.tmpdir(), 'skillset-bench-latest.json');
    const json = {
      date: new Date().toISOString(),
      environment: env,
      rounds: o,
      libraries,
      process: processResult,
      search,
      select,
      mcp,
      hostile,
      ui,
      registry,
      registryLoad,
      semantic,
    };
    fs.writeFileSync(file, `${JSON.stringify(json, null, 2)}\n`);
    console.log(`JSON: ${file}`);
    console.log(`total time ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

await main();
