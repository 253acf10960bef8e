// Semantic-pass benchmarks (issue #23): what the pass costs, with and without it, measured in child
// processes (bench/semantic-child.ts) so that each peak memory is its own: the vectors' build from a
// fresh index file (the term model learned and its vectors made, then the sentence encoder's), the
// index file's size, a second open, query latency against the lexical ranking in the same process,
// and peak RSS. On the salesforce library with both models; on a synthetic library with the term
// model only (the sentence encoder takes 7+ minutes over 20,000 skills).
//
// Environment:
//   BENCH_SEMANTIC=0           skips this section (so does BENCH_ONLY without `semantic`)
//   BENCH_SEMANTIC_SCALE=N     the synthetic library's size (default 20000; 0 skips it)
//   BENCH_SEMANTIC_USE_20K=1   adds the sentence encoder on the synthetic library too

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runNode } from './processes.js';
import { formatTable } from './report.js';
import { synthesize } from './search.js';

/** Is the section on? */
export const semanticBenchOn = (): boolean => process.env.BENCH_SEMANTIC !== '0';

/** Issue #23's cost targets. */
const TARGETS = { buildS: 30, p50: 40, rssMB: 600, scaleP50: 60 };

/** Rounds of repeated queries after each query's first (salesforce; the synthetic library's: 2). */
const ROUNDS = 5;

/** A build child's figures: the lexical build, then each model's stage (its open makes its vectors; its first query is timed with it). */
interface Built {
  skills: number;
  lexicalBuildMs: number;
  lexicalBytes: number;
  stages: Array<{ models: string[]; ms: number; bytes: number; notes: string[] }>;
  peakRssMB: number;
}

/** Query latency quantiles, ms. */
interface Latency {
  p50: number;
  p95: number;
}

/** A serve child's figures: per variant (lexical, first model, all models) its open and latency. */
interface Served {
  skills: number;
  variants: Array<{
    name: string;
    openMs: number;
    fresh: Latency;
    repeated: Latency;
    notes: string[];
  }>;
  rssMB: number;
  peakRssMB: number;
}

/** One library's figures and checks, as written to the JSON file. */
interface SemanticResult {
  label: string;
  models: string[];
  build: Built;
  serve: Served;
  checks: Array<{ figure: string; value: number; target: number; unit: string }>;
}

/** Run bench/semantic-child.ts once and parse its JSON line. */
function child<T>(mode: 'build' | 'open', args: readonly string[]): T {
  const script = fileURLToPath(new URL('./semantic-child.ts', import.meta.url));
  const out = runNode(['--import', 'tsx', script, mode, ...args]);
  return JSON.parse(out.trim().split('\n').at(-1) as string) as T;
}

const s = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;
const msf = (ms: number): string => `${ms.toFixed(1)} ms`;
const mbf = (bytes: number): string => `${(bytes / 1e6).toFixed(1)} MB`;
const lat = (l: Latency): string => `${l.p50.toFixed(1)} / ${l.p95.toFixed(1)} ms`;

/** The figures as a table, one column per variant (lexical, then each model added). */
function figureTable(r: SemanticResult): string {
  const { build, serve } = r;
  const lexical = serve.variants[0];
  const head = ['figure', ...serve.variants.map((v) => v.name)];
  const rows = [
    head,
    [
      'build, fresh file (+ each model’s vectors)',
      s(build.lexicalBuildMs),
      ...build.stages.map((st) => `+ ${s(st.ms)}`),
    ],
    ['index file', mbf(build.lexicalBytes), ...build.stages.map((st) => mbf(st.bytes))],
    ['second open + first query', ...serve.variants.map((v) => msf(v.openMs))],
    ['query p50 / p95, each query new', ...serve.variants.map((v) => lat(v.fresh))],
    ['query p50 / p95, repeated', ...serve.variants.map((v) => lat(v.repeated))],
    [
      'p50 (new) / lexical p50, same process',
      ...serve.variants.map(
        (v) => `${(v.fresh.p50 / (lexical?.fresh.p50 ?? Number.NaN)).toFixed(2)}×`,
      ),
    ],
  ];
  return formatTable(rows, 'lrrrr');
}

/** The checks as a table: value, target, verdict. */
function checkRows(checks: SemanticResult['checks']): string {
  const rows = [['check', 'value', 'target', 'verdict']];
  for (const c of checks)
    rows.push([
      c.figure,
      `${c.value.toFixed(1)} ${c.unit}`,
      `≤ ${c.target} ${c.unit}`,
      c.value <= c.target ? 'pass' : 'FAIL',
    ]);
  return formatTable(rows, 'lrrl');
}

/** The checks for one library: every library's fused p50; the salesforce one's build and memory too. */
function checksOf(r: Omit<SemanticResult, 'checks'>, full: boolean): SemanticResult['checks'] {
  const all = r.serve.variants.at(-1);
  const name = all?.name ?? '?';
  const p50 = all?.fresh.p50 ?? Number.NaN;
  if (!full)
    return [
      {
        figure: `fused p50, ${name}, each query new`,
        value: p50,
        target: TARGETS.scaleP50,
        unit: 'ms',
      },
    ];
  const vectorsMs = r.build.stages.reduce((sum, st) => sum + st.ms, 0);
  return [
    {
      figure: `vectors built, ${name}`,
      value: vectorsMs / 1000,
      target: TARGETS.buildS,
      unit: 's',
    },
    {
      figure: `fused p50 warm, ${name}, each query new`,
      value: p50,
      target: TARGETS.p50,
      unit: 'ms',
    },
    {
      figure: 'peak RSS serving (all three open, model loaded)',
      value: r.serve.peakRssMB,
      target: TARGETS.rssMB,
      unit: 'MB',
    },
    {
      figure: 'peak RSS building the vectors',
      value: r.build.peakRssMB,
      target: TARGETS.rssMB,
      unit: 'MB',
    },
  ];
}

/** Build then serve one library in child processes, print its tables, and return its figures. */
function measure(
  label: string,
  root: string,
  file: string,
  labelsFile: string,
  models: readonly string[],
  full: boolean,
): SemanticResult {
  const rounds = String(full ? ROUNDS : 2);
  const args = [root, file, labelsFile, rounds, models.join(',')];
  const build = child<Built>('build', args);
  const serve = child<Served>('open', args);
  const r = { label, models: [...models], build, serve };
  const checks = checksOf(r, full);
  console.log(`semantic pass, ${label}: ${build.skills} skills, models ${models.join(' + ')}`);
  console.log(figureTable({ ...r, checks }));
  const open = serve.variants.map((v) => v.name).join(', ');
  console.log(
    `  peak RSS: building ${build.peakRssMB.toFixed(0)} MB · serving ${serve.peakRssMB.toFixed(0)} MB (${open} indexes open at once)`,
  );
  const notes = [
    ...build.stages.flatMap((st) => st.notes),
    ...serve.variants.flatMap((v) => v.notes),
  ];
  for (const n of new Set(notes)) console.log(`  note: ${n}`);
  console.log(checkRows(checks));
  return { ...r, checks };
}

/** Run the semantic-pass benchmarks and print their tables; returns the figures for the JSON file. */
export function benchSemantic(root: string, labelsFile: string, tmp: string): SemanticResult[] {
  console.log(
    'semantic pass: builds time each model’s open (which makes its vectors) and first query; "new" is each held-out query’s first time through an index, "repeated" the rounds after it',
  );
  const out = [
    measure(
      'salesforce',
      root,
      path.join(tmp, 'semantic.sqlite'),
      labelsFile,
      ['terms', 'use'],
      true,
    ),
  ];
  const n = Number(process.env.BENCH_SEMANTIC_SCALE ?? 20000);
  if (n > 0) {
    const dir = path.join(tmp, `semantic-synthetic-${n}`);
    synthesize(root, dir, n);
    const models = process.env.BENCH_SEMANTIC_USE_20K === '1' ? ['terms', 'use'] : ['terms'];
    const file = path.join(tmp, `semantic-synthetic-${n}.sqlite`);
    out.push(measure(`synthetic ${n}`, dir, file, labelsFile, models, false));
    fs.rmSync(dir, { recursive: true, force: true });
  }
  console.log('');
  return out;
}
