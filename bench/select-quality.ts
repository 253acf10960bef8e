// Selection quality over the tuning sets: `select --intent Q --dry-run` against `search Q`. For each
// positive query, is the labelled skill (or one it accepts) loaded, and is it in search's top three?
// For each negative, does select load nothing? Each under three budgets: the default (15,500
// characters), 15,500 tokens, and none. A line per positive query whose label is bigger than the
// default budget on its own says why no ranking could load it there.
// Usage: node --import tsx bench/select-quality.ts [manifest.json] — a line per set, then JSON.

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseLabels } from '../src/eval/eval.js';
import { parseManifest } from '../src/eval/manifest.js';
import { openSkillIndex } from '../src/search/search.js';
import { runPipeline, type SelectOptions } from '../src/select/pipeline.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const manifestFile = path.resolve(process.argv[2] ?? path.join(here, 'queries', 'manifest.json'));
const sets = parseManifest(fs.readFileSync(manifestFile, 'utf8'), manifestFile);

/** The budgets compared, by name. */
const BUDGETS: ReadonlyArray<[string, Partial<SelectOptions>]> = [
  ['15,500 chars', {}],
  ['15,500 tokens', { budget: 15_500, unit: 'tokens' }],
  ['none', { budget: Number.MAX_SAFE_INTEGER }],
];
const DEFAULT_LIMIT = 15_500;

const pct = (n: number, d: number): string => (d === 0 ? '—' : `${((100 * n) / d).toFixed(1)}%`);
const rows: Array<Record<string, unknown>> = [];
const names = BUDGETS.map(([n]) => n).join(' / ');
console.log(
  `${'set'.padEnd(24)} ${'pos'.padStart(4)} ${'neg'.padStart(4)}  ${'top-3'.padStart(6)}  ${'too big'.padStart(7)}  loads (${names})  none (${names})  search none`,
);
for (const set of sets) {
  const labels = parseLabels(fs.readFileSync(set.queries, 'utf8'), set.queries);
  const index = await openSkillIndex({ roots: set.roots, indexFile: ':memory:', cacheDir: false });
  const chars = new Map(
    index.discovery.skills.map((s) => [s.id, Math.max(0, s.size.bytes - s.bodyOffset)]),
  );
  let pos = 0;
  let neg = 0;
  let top3 = 0;
  let searchNone = 0;
  // Positives whose every accepted skill is bigger than the default budget on its own.
  let tooBig = 0;
  const loads = BUDGETS.map(() => 0);
  const none = BUDGETS.map(() => 0);
  for (const l of labels) {
    const ok = new Set([...l.expected, ...(l.acceptable ?? [])]);
    const hit = (name: string): boolean => ok.has(name) || ok.has(name.split(':').pop() as string);
    const search = index.search(l.query, { limit: 3 });
    const loaded: string[][] = [];
    for (const [, o] of BUDGETS)
      loaded.push(
        (
          await runPipeline(index, { intent: l.query }, { dryRun: true, now: 0, ...o })
        ).json.loaded.map((s) => s.name),
      );
    if (l.expected.length === 0) {
      neg++;
      loaded.forEach((names, i) => {
        if (names.length === 0) none[i] = (none[i] ?? 0) + 1;
      });
      if (search.coverage === 'none') searchNone++;
      continue;
    }
    pos++;
    if (search.coverage === 'ok' && search.results.some((r) => hit(r.name) || hit(r.id))) top3++;
    const accepted = [...chars].filter(([id]) => hit(id));
    if (accepted.length > 0 && accepted.every(([, n]) => n > DEFAULT_LIMIT)) tooBig++;
    loaded.forEach((names, i) => {
      if (names.some(hit)) loads[i] = (loads[i] ?? 0) + 1;
    });
  }
  index.close();
  rows.push({ set: set.name, pos, neg, searchTop3: top3, tooBig, loads, none, searchNone });
  console.log(
    `${set.name.padEnd(24)} ${String(pos).padStart(4)} ${String(neg).padStart(4)}  ${pct(top3, pos).padStart(6)}  ${pct(tooBig, pos).padStart(7)}  ${loads.map((n) => pct(n, pos)).join(' / ')}  ${none.map((n) => pct(n, neg)).join(' / ')}  ${pct(searchNone, neg)}`,
  );
}
console.log(JSON.stringify(rows));
