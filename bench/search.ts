// Search benchmarks: index build time and size, query latency, a whole `skillset search` process, and a synthetic 20,000-skill library.

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { discoverSkills } from '../src/discover/discover.js';
import { parseLabels } from '../src/eval/eval.js';
import { openSkillIndex } from '../src/search/search.js';
import { runNode } from './processes.js';
import { timingTable } from './report.js';
import { quantile } from './stats.js';
import { type RoundOptions, timeRoundRobin } from './timing.js';

const ms = (t: number): string => `${t.toFixed(1)} ms`;

/** The warm `skillset search` process against a bare `node -e ''` measured in the same run, at most. */
const PROCESS_TARGET = 1.8;

/** Builds timed for the index build figure (the median is reported). */
const BUILD_ROUNDS = 3;

/** Build an index from scratch (no parse cache either); its wall time and file size. */
async function build(
  root: string,
  file: string,
): Promise<{ ms: number; bytes: number; skills: number }> {
  fs.rmSync(file, { force: true });
  const t = performance.now();
  const catalog = await discoverSkills({ roots: [root], cacheDir: false });
  const index = await openSkillIndex({ catalog, indexFile: file });
  const took = performance.now() - t;
  const skills = catalog.skills.length;
  index.close();
  return { ms: took, bytes: fs.statSync(file).size, skills };
}

/** Synthetic library sizes measured (`BENCH_SCALES=20000,100000`; 0 skips). */
const SCALES = (process.env.BENCH_SCALES ?? '20000,100000').split(',').map(Number);

/** The issue's targets per synthetic size. */
const SCALE_TARGETS: Record<number, { p50: number; buildS?: number; rssMB?: number }> = {
  20000: { p50: 5 },
  100000: { p50: 15, buildS: 60, rssMB: 1024 },
};

/** One synthetic library measured in a child process: its own peak memory, build, size and latency. */
interface ScaleResult {
  n: number;
  skills: number;
  warnings: number;
  rawMs: number;
  buildMs: number;
  bytes: number;
  p50: number;
  p95: number;
  /** `PRAGMA quick_check` of the built file, and what it said. */
  checkMs: number;
  check: string;
  rssAfterBuildMB: number;
  peakRssMB: number;
}

/** Run bench/scale-child.ts over a synthetic library (held-out queries, 3 rounds after a warm-up). */
function scaleRun(dir: string, file: string, labelsFile: string): Omit<ScaleResult, 'n'> {
  const child = fileURLToPath(new URL('./scale-child.ts', import.meta.url));
  const out = runNode(['--import', 'tsx', child, dir, file, labelsFile, '3']);
  return JSON.parse(out.trim().split('\n').at(-1) as string) as Omit<ScaleResult, 'n'>;
}

/** Rounds of the query set timed for latency, after one untimed warm-up round. */
const LATENCY_ROUNDS = 5;

/** Latency of every query of a label file against an open index, each query timed in every round. */
async function latency(
  root: string,
  file: string,
  queries: readonly string[],
): Promise<{ p50: number; p95: number }> {
  const index = await openSkillIndex({ roots: [root], indexFile: file });
  for (const q of queries) await index.search(q); // warm-up: statements prepared, candidates' metadata read
  const times: number[] = [];
  for (let round = 0; round < LATENCY_ROUNDS; round++) {
    for (const q of queries) {
      const t = performance.now();
      await index.search(q);
      times.push(performance.now() - t);
    }
  }
  index.close();
  return { p50: quantile(times, 0.5), p95: quantile(times, 0.95) };
}

/** Write a synthetic library of `n` skills made from real ones (names, descriptions and shortened bodies varied). */
export function synthesize(source: string, target: string, n: number): void {
  const files: string[] = [];
  const walk = (d: string): void => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name === 'SKILL.md') files.push(p);
    }
  };
  walk(source);
  files.sort();
  const texts = files.map((f) => fs.readFileSync(f, 'utf8'));
  for (let i = 0; i < n; i++) {
    const text = texts[i % texts.length] as string;
    const other = texts[(i * 7 + 3) % texts.length] as string;
    const end = text.indexOf('\n---', 4);
    const head = text.slice(0, end).replace(/^name: .*$/m, `name: skill-${i}`);
    const body = `${text.slice(end + 4, end + 4 + 2500)}\n\n## See also\n\n${other.slice(-600)}\n`;
    const dir = path.join(target, `group-${i % 50}`, `skill-${i}`);
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'SKILL.md'), `${head}\n---${body}`);
  }
}

/** Run the search benchmarks and print their tables; returns the figures for the JSON file. */
export async function benchSearch(
  root: string,
  labelsFile: string,
  cli: string,
  tmp: string,
  o: RoundOptions,
): Promise<Record<string, unknown>> {
  const queries = parseLabels(fs.readFileSync(labelsFile, 'utf8')).map((l) => l.query);
  const file = path.join(tmp, 'search.sqlite');
  const builds: Array<Awaited<ReturnType<typeof build>>> = [];
  for (let i = 0; i < BUILD_ROUNDS; i++) builds.push(await build(root, file));
  const built = {
    ...(builds.at(-1) as (typeof builds)[number]),
    ms: quantile(
      builds.map((b) => b.ms),
      0.5,
    ),
  };
  const lat = await latency(root, file, queries);
  console.log(`search, ${built.skills} skills (${path.basename(labelsFile)} queries)`);
  console.log(
    `  index build      ${ms(built.ms)} (median of ${BUILD_ROUNDS}, no parse cache)   target ≤ 3,000 ms (the library's own: 27 s)`,
  );
  console.log(
    `  index size       ${(built.bytes / 1e6).toFixed(1)} MB   target ≤ 25 MB (theirs: 160 MB)`,
  );
  console.log(
    `  search latency   p50 ${ms(lat.p50)} · p95 ${ms(lat.p95)} (every query, ${LATENCY_ROUNDS} rounds after a warm-up)   target p50 ≤ 5 ms (theirs: ~270 ms)`,
  );

  const env = {
    ...process.env,
    SKILLSET_CACHE_DIR: fs.mkdtempSync(path.join(tmp, 'search-cache-')),
  };
  const q = 'configure an approval process';
  runNode([cli, 'search', q, root, '--json'], env); // builds the index and the parse cache
  await new Promise((r) => setTimeout(r, 2100)); // let the parse cache trust the files
  runNode([cli, 'search', q, root, '--json'], env);
  const timings = await timeRoundRobin(
    [
      { name: 'search-warm', run: () => runNode([cli, 'search', q, root, '--json'], env) },
      { name: 'bare-node', run: () => runNode(['-e', '']) },
    ],
    o,
  );
  const ratio =
    (timings['search-warm']?.median ?? Number.NaN) / (timings['bare-node']?.median ?? Number.NaN);
  console.log(
    timingTable(timings, {
      'search-warm': 'node dist/cli/skillset.cjs search <query> <lib> --json, warm',
      'bare-node': "node -e ''",
    }),
  );
  console.log(
    `  search-warm / bare-node   ${ratio.toFixed(2)}×   target ≤ ${PROCESS_TARGET}×   ${ratio <= PROCESS_TARGET ? 'pass' : 'FAIL'}`,
  );

  const scale: ScaleResult[] = [];
  for (const n of SCALES) {
    if (n <= 0) continue;
    const dir = path.join(tmp, `synthetic-${n}`);
    synthesize(root, dir, n);
    const r = scaleRun(dir, path.join(tmp, `synthetic-${n}.sqlite`), labelsFile);
    fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(path.join(tmp, `synthetic-${n}.sqlite`), { force: true });
    scale.push({ n, ...r });
    const target = SCALE_TARGETS[n];
    console.log(
      `  synthetic ${r.skills} skills${r.warnings > 0 ? ` (${r.warnings} warnings)` : ''}: build ${(r.buildMs / 1000).toFixed(1)} s = ${(r.buildMs / r.rawMs).toFixed(1)}× reading the files raw (${(r.rawMs / 1000).toFixed(1)} s)${target?.buildS ? `, target ≤ ${target.buildS} s` : ''}`,
    );
    console.log(
      `    quick_check of the whole file ${(r.checkMs / 1000).toFixed(2)} s (${r.check}): done at open only after a change outside skillset, and only up to 256 MiB`,
    );
    console.log(
      `    index ${(r.bytes / 1e6).toFixed(0)} MB · p50 ${ms(r.p50)}${target ? ` (target ≤ ${target.p50} ms)` : ''} · p95 ${ms(r.p95)} · peak RSS ${r.peakRssMB.toFixed(0)} MB${target?.rssMB ? ` (target ≤ ${target.rssMB} MB)` : ''}, after the build ${r.rssAfterBuildMB.toFixed(0)} MB`,
    );
  }
  console.log('');
  return {
    build: built,
    latency: lat,
    process: timings,
    processRatio: ratio,
    scale,
  };
}
