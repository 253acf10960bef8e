// Selection benchmark: a full `select` (dry run) in process, over the 978-skill library with a
// realistic context, and over a synthetic 10,000-skill library. Targets (pipeline issue): p50
// ≤ 10 ms and ≤ 50 ms. The baseline in the same run: a search for the same intent alone.

import fs from 'node:fs';
import path from 'node:path';
import { discoverSkills } from '../src/discover/discover.js';
import { parseLabels } from '../src/eval/eval.js';
import { openSkillIndex } from '../src/search/search.js';
import { runPipeline } from '../src/select/pipeline.js';
import { indexSource } from '../src/select/source.js';
import { synthesize } from './search.js';
import { quantile } from './stats.js';

/** A realistic context: the intent, two active files, a command and a keyword. */
const context = (intent: string) => ({
  intent,
  files: ['force-app/main/default/classes/AccountService.cls', 'src/components/Button.test.tsx'],
  commands: ['sf project deploy start'],
  keywords: ['salesforce'],
});

async function measure(root: string, queries: readonly string[], rounds: number) {
  const catalog = await discoverSkills({ roots: [root], cacheDir: false });
  const index = await openSkillIndex({ catalog, indexFile: ':memory:' });
  const source = indexSource(catalog, index);
  for (const q of queries.slice(0, 10))
    await runPipeline(source, context(q), { dryRun: true, now: 0 }); // warm-up
  const select: number[] = [];
  const search: number[] = [];
  for (let r = 0; r < rounds; r++)
    for (const q of queries) {
      let t = performance.now();
      await index.search(q, { limit: index.settings.candidates });
      search.push(performance.now() - t);
      t = performance.now();
      await runPipeline(source, context(q), { dryRun: true, now: 0 });
      select.push(performance.now() - t);
    }
  const skills = catalog.skills.length;
  index.close();
  return {
    skills,
    select: quantile(select, 0.5),
    search: quantile(search, 0.5),
    p95: quantile(select, 0.95),
  };
}

/** Run the selection benchmarks and print their lines; returns the figures for the JSON file. */
export async function benchSelect(
  root: string,
  labelsFile: string,
  tmp: string,
): Promise<Record<string, unknown>> {
  const queries = parseLabels(fs.readFileSync(labelsFile, 'utf8'))
    .map((l) => l.query)
    .slice(0, 60);
  const real = await measure(root, queries, 3);
  const dir = path.join(tmp, 'synthetic-select-10000');
  synthesize(root, dir, 10_000);
  const synthetic = await measure(dir, queries.slice(0, 30), 2);
  const line = (label: string, m: typeof real, target: number) =>
    `  ${label}: select p50 ${m.select.toFixed(1)} ms · p95 ${m.p95.toFixed(1)} ms (search alone p50 ${m.search.toFixed(1)} ms, ${(m.select / m.search).toFixed(1)}×)   target p50 ≤ ${target} ms   ${m.select <= target ? 'pass' : 'FAIL'}`;
  console.log('select (dry run, in process, a realistic context)');
  console.log(line(`${real.skills} skills`, real, 10));
  console.log(line(`synthetic ${synthetic.skills} skills`, synthetic, 50));
  return { real, synthetic };
}
