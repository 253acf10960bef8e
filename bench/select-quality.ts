// Selection quality over the tuning sets: `select --intent Q --dry-run` against `search Q`. For each
// positive query, is the labelled skill (or one it accepts) loaded, and is it in search's top three?
// For each negative, does select load nothing? Each with the default budget and with no budget.
// Usage: node --import tsx bench/select-quality.ts [manifest.json] — a line per set, then JSON.

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseLabels } from '../src/eval/eval.js';
import { parseManifest } from '../src/eval/manifest.js';
import { openSkillIndex } from '../src/search/search.js';
import { runPipeline } from '../src/select/pipeline.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const manifestFile = path.resolve(process.argv[2] ?? path.join(here, 'queries', 'manifest.json'));
const sets = parseManifest(fs.readFileSync(manifestFile, 'utf8'), manifestFile);

const pct = (n: number, d: number): string => (d === 0 ? '—' : `${((100 * n) / d).toFixed(1)}%`);
const rows: Array<Record<string, unknown>> = [];
console.log(
  `${'set'.padEnd(24)} ${'pos'.padStart(4)} ${'neg'.padStart(4)}  ${'search top-3'.padStart(12)}  ${'loads (15,500 / ∞)'.padStart(17)}  ${'none (15,500 / ∞)'.padStart(17)}  ${'search none'.padStart(17)}`,
);
for (const set of sets) {
  const labels = parseLabels(fs.readFileSync(set.queries, 'utf8'), set.queries);
  const index = await openSkillIndex({ roots: set.roots, indexFile: ':memory:', cacheDir: false });
  let pos = 0;
  let neg = 0;
  let top3 = 0;
  let loads = 0;
  let selectNone = 0;
  let searchNone = 0;
  let unboundedLoads = 0;
  let unboundedNone = 0;
  for (const l of labels) {
    const ok = new Set([...l.expected, ...(l.acceptable ?? [])]);
    const hit = (name: string): boolean => ok.has(name) || ok.has(name.split(':').pop() as string);
    const search = index.search(l.query, { limit: 3 });
    const selected = await runPipeline(index, { intent: l.query }, { dryRun: true, now: 0 });
    const loaded = selected.json.loaded.map((s) => s.name);
    const unbounded = (
      await runPipeline(
        index,
        { intent: l.query },
        { dryRun: true, now: 0, budget: Number.MAX_SAFE_INTEGER },
      )
    ).json.loaded.map((s) => s.name);
    if (l.expected.length === 0) {
      neg++;
      if (loaded.length === 0) selectNone++;
      if (unbounded.length === 0) unboundedNone++;
      if (search.coverage === 'none') searchNone++;
      continue;
    }
    pos++;
    if (search.coverage === 'ok' && search.results.some((r) => hit(r.name) || hit(r.id))) top3++;
    if (loaded.some(hit)) loads++;
    if (unbounded.some(hit)) unboundedLoads++;
  }
  index.close();
  rows.push({
    set: set.name,
    pos,
    neg,
    searchTop3: top3,
    selectLoads: loads,
    selectNone,
    unboundedLoads,
    unboundedNone,
    searchNone,
  });
  console.log(
    `${set.name.padEnd(24)} ${String(pos).padStart(4)} ${String(neg).padStart(4)}  ${pct(top3, pos).padStart(12)}  ${`${pct(loads, pos)} / ${pct(unboundedLoads, pos)}`.padStart(17)}  ${`${pct(selectNone, neg)} / ${pct(unboundedNone, neg)}`.padStart(17)}  ${pct(searchNone, neg).padStart(17)}`,
  );
}
console.log(JSON.stringify(rows));
