// Selection quality over the tuning sets: `select --intent Q --dry-run` against `search Q`. For each
// positive query, is the labelled skill (or one it accepts) loaded, and is it loaded or suggested;
// is it in search's top three? For each negative, does select load nothing? Each under three
// budgets: the default (15,500 characters), 15,500 tokens, and none. "Too big" counts the positives
// whose every accepted skill is bigger than the default budget on its own: no ranking loads them there.
// Usage: node --import tsx bench/select-quality.ts [manifest.json] — a line per set, then JSON.
// SEMANTIC=1 ranks with the semantic pass on (docs/search.md, "Word meaning").

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { discoverSkills } from '../src/discover/discover.js';
import { parseLabels } from '../src/eval/eval.js';
import { parseManifest } from '../src/eval/manifest.js';
import { DEFAULT_RANK } from '../src/search/rank-settings.js';
import { openSkillIndex } from '../src/search/search.js';
import { runPipeline, type SelectOptions } from '../src/select/pipeline.js';
import { indexSource } from '../src/select/source.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const manifestFile = path.resolve(process.argv[2] ?? path.join(here, 'queries', 'manifest.json'));
const sets = parseManifest(fs.readFileSync(manifestFile, 'utf8'), manifestFile);
const heldOut = path.resolve(here, '..', '..', 'shared', 'bench', 'salesforce-heldout.jsonl');
const salesforce = sets.find((s) => s.name.startsWith('salesforce'));
if (salesforce && fs.existsSync(heldOut) && !process.argv[2])
  sets.push({ name: 'salesforce-heldout', queries: heldOut, roots: salesforce.roots });

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
  `${'set'.padEnd(24)} ${'pos'.padStart(4)} ${'neg'.padStart(4)}  ${'top-3'.padStart(6)}  ${'too big'.padStart(7)}  loads (${names})  loads or suggests (${names})  nothing loaded for negatives (${names})  search none`,
);
for (const set of sets) {
  const labels = parseLabels(fs.readFileSync(set.queries, 'utf8'), set.queries);
  const catalog = await discoverSkills({ roots: set.roots, cacheDir: false });
  const index = await openSkillIndex({
    catalog,
    indexFile: ':memory:',
    ...(process.env.SEMANTIC === '1' ? { rank: { ...DEFAULT_RANK, semantic: true } } : {}),
  });
  const source = indexSource(catalog, index);
  const chars = new Map(
    catalog.skills.map((s) => [s.id, Math.max(0, s.size.bytes - s.bodyOffset)]),
  );
  let pos = 0;
  let neg = 0;
  let top3 = 0;
  let searchNone = 0;
  // Positives whose every accepted skill is bigger than the default budget on its own.
  let tooBig = 0;
  const loads = BUDGETS.map(() => 0);
  const named = BUDGETS.map(() => 0);
  const none = BUDGETS.map(() => 0);
  for (const l of labels) {
    const ok = new Set([...l.expected, ...(l.acceptable ?? [])]);
    const hit = (name: string): boolean => ok.has(name) || ok.has(name.split(':').pop() as string);
    const search = await index.search(l.query, { limit: 3 });
    const loaded: string[][] = [];
    const suggested: string[][] = [];
    for (const [, o] of BUDGETS) {
      const r = await runPipeline(
        source,
        { intent: l.query },
        {
          dryRun: true,
          now: 0,
          ...(process.env.SUGGEST ? { suggest: Number(process.env.SUGGEST) } : {}),
          ...o,
        },
      );
      loaded.push(r.json.loaded.map((s) => s.name));
      suggested.push(r.json.suggested.map((s) => s.name));
    }
    if (l.expected.length === 0) {
      neg++;
      loaded.forEach((names, i) => {
        if (names.length === 0) none[i] = (none[i] ?? 0) + 1;
      });
      if (search.coverage === 'none') searchNone++;
      continue;
    }
    pos++;
    if (search.coverage !== 'none' && search.results.some((r) => hit(r.name) || hit(r.id))) top3++;
    const accepted = [...chars].filter(([id]) => hit(id));
    if (accepted.length > 0 && accepted.every(([, n]) => n > DEFAULT_LIMIT)) tooBig++;
    loaded.forEach((names, i) => {
      if (names.some(hit)) loads[i] = (loads[i] ?? 0) + 1;
      if (names.some(hit) || suggested[i]?.some(hit)) named[i] = (named[i] ?? 0) + 1;
    });
  }
  index.close();
  rows.push({ set: set.name, pos, neg, searchTop3: top3, tooBig, loads, named, none, searchNone });
  console.log(
    `${set.name.padEnd(24)} ${String(pos).padStart(4)} ${String(neg).padStart(4)}  ${pct(top3, pos).padStart(6)}  ${pct(tooBig, pos).padStart(7)}  ${loads.map((n) => pct(n, pos)).join(' / ')}  ${named.map((n) => pct(n, pos)).join(' / ')}  ${none.map((n) => pct(n, neg)).join(' / ')}  ${pct(searchNone, neg)}`,
  );
}
console.log(JSON.stringify(rows));
