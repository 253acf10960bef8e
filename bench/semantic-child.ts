// One semantic-pass measurement in its own process, so that its peak memory is its own.
// Usage: node --import tsx bench/semantic-child.ts build|open ROOT INDEX_FILE QUERIES_FILE ROUNDS MODELS
// (MODELS comma-separated, in order, e.g. `terms,use`) → one JSON line on stdout.
//   build: a fresh index file, lexical only; then the models added one at a time, each stage's
//          open and first query timed (the open makes the vectors) and the file's size after it.
//   open:  the built file opened again, lexical, with the first model and with all of them, each
//          open and first query timed; then every query through each, interleaved.

import fs from 'node:fs';
import { discoverSkills } from '../src/discover/discover.js';
import { parseLabels } from '../src/eval/eval.js';
import { DEFAULT_RANK } from '../src/search/rank.js';
import type { SemanticModelName } from '../src/search/rank-settings.js';
import { openSkillIndex, type SkillIndex } from '../src/search/search.js';
import { quantile } from './stats.js';

const [mode, root, indexFile, queriesFile, roundsArg, modelsArg] = process.argv.slice(2) as [
  string,
  string,
  string,
  string,
  string,
  string,
];
const models = modelsArg.split(',') as SemanticModelName[];
const queries = parseLabels(fs.readFileSync(queriesFile, 'utf8')).map((l) => l.query);
const catalog = await discoverSkills({ roots: [root], cacheDir: false });

/** The index file's size with its write-ahead log (empty after a clean close). */
const size = (): number =>
  fs.statSync(indexFile).size +
  (fs.existsSync(`${indexFile}-wal`) ? fs.statSync(`${indexFile}-wal`).size : 0);

/** Open the built file with the pass on for `use` (off for none). */
const open = (use: readonly SemanticModelName[]): Promise<SkillIndex> =>
  openSkillIndex({
    catalog,
    indexFile,
    rank:
      use.length === 0
        ? DEFAULT_RANK
        : { ...DEFAULT_RANK, semantic: true, semanticModels: [...use] },
  });

/** Warnings and notes an index gave (a model that could not be had, vectors not kept). */
const notes = (index: SkillIndex): string[] =>
  index.diagnostics.map((d) => `${d.code}: ${d.message}`);

/** A fresh file, lexical only, then each model's vectors, made when an index with it opens. */
async function build(): Promise<Record<string, unknown>> {
  for (const f of [indexFile, `${indexFile}-wal`, `${indexFile}-shm`])
    fs.rmSync(f, { force: true });
  let t = performance.now();
  (await open([])).close();
  const lexicalBuildMs = performance.now() - t;
  const lexicalBytes = size();
  const stages: Array<{ models: string[]; ms: number; bytes: number; notes: string[] }> = [];
  for (let i = 1; i <= models.length; i++) {
    t = performance.now();
    const index = await open(models.slice(0, i));
    await index.search(queries[0] as string);
    const ms = performance.now() - t;
    index.close();
    stages.push({ models: models.slice(0, i), ms, bytes: size(), notes: notes(index) });
  }
  return { lexicalBuildMs, lexicalBytes, stages };
}

/** One variant served: its models, its open and first query, and its query times. */
interface Served {
  name: string;
  index: SkillIndex;
  openMs: number;
  fresh: number[];
  repeated: number[];
}

/** Time one query through each variant, the order rotated so drift hits all alike. */
async function timeEach(
  variants: readonly Served[],
  q: string,
  turn: number,
  into: 'fresh' | 'repeated',
): Promise<void> {
  for (let i = 0; i < variants.length; i++) {
    const v = variants[(turn + i) % variants.length] as Served;
    const t = performance.now();
    await v.index.search(q);
    v[into].push(performance.now() - t);
  }
}

/** The built file opened again three ways; the first pass over the queries is each query's first (its vector made), the rest repeat them. */
async function serve(): Promise<Record<string, unknown>> {
  const sets = [[], models.slice(0, 1), ...(models.length > 1 ? [models] : [])];
  const variants: Served[] = [];
  for (const use of sets) {
    const t = performance.now();
    const index = await open(use);
    await index.search(queries[0] as string);
    const name = use.length === 0 ? 'lexical' : use.join('+');
    variants.push({ name, index, openMs: performance.now() - t, fresh: [], repeated: [] });
  }
  const lexical = variants[0] as Served;
  for (const q of queries) await lexical.index.search(q); // warm-up: the ranker's own code and statements
  for (const [i, q] of queries.entries()) await timeEach(variants, q, i, 'fresh');
  const rounds = Number(roundsArg);
  for (let r = 0; r < rounds; r++)
    for (const [i, q] of queries.entries()) await timeEach(variants, q, i + r, 'repeated');
  const rssMB = process.memoryUsage().rss / 1048576;
  const out = variants.map((v) => ({
    name: v.name,
    openMs: v.openMs,
    fresh: { p50: quantile(v.fresh, 0.5), p95: quantile(v.fresh, 0.95) },
    repeated: { p50: quantile(v.repeated, 0.5), p95: quantile(v.repeated, 0.95) },
    notes: notes(v.index),
  }));
  for (const v of variants) v.index.close();
  return { variants: out, rssMB };
}

const result = mode === 'build' ? await build() : await serve();
console.log(
  JSON.stringify({
    skills: catalog.skills.length,
    ...result,
    // maxRSS is in kilobytes: the peak of this whole process.
    peakRssMB: process.resourceUsage().maxRSS / 1024,
  }),
);
