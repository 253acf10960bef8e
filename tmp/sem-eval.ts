// Scratch: Hit@1/Hit@3, false-none, negatives ok per set, lexical vs semantic at several weights.
import fs from 'node:fs';
import path from 'node:path';
import { discoverSkills } from '../src/discover/discover.js';
import { metrics, outcome, parseLabels } from '../src/eval/eval.js';
import { parseManifest } from '../src/eval/manifest.js';
import { DEFAULT_RANK } from '../src/search/rank-settings.js';
import { openSkillIndex } from '../src/search/search.js';

const manifestFile = path.resolve('bench/queries/manifest.json');
const sets = parseManifest(fs.readFileSync(manifestFile, 'utf8'), manifestFile);
const sf = sets.find((s) => s.name.startsWith('salesforce'))!;
if (process.env.HELDOUT) sets.push({ name: 'heldout', queries: path.resolve('../shared/bench/salesforce-heldout.jsonl'), roots: sf.roots });
const only = process.env.SETS?.split(',');
const weights = (process.env.W ?? '0,0.3').split(',').map(Number);
const extra = JSON.parse(process.env.RANK ?? '{}');
for (const set of sets) {
  if (only && !only.includes(set.name)) continue;
  const labels = parseLabels(fs.readFileSync(set.queries, 'utf8'), set.queries);
  const catalog = await discoverSkills({ roots: set.roots, cacheDir: false });
  const file = `/tmp/semidx-${path.basename(String(set.roots[0]?.path ?? set.roots[0]))}.db`;
  const line: string[] = [];
  for (const w of weights) {
    const t0 = Date.now();
    const index = await openSkillIndex({ catalog, indexFile: file, rank: { ...DEFAULT_RANK, ...extra, semantic: w > 0, semanticWeight: w } });
    const outs = [];
    for (const l of labels) outs.push(outcome(l, await index.search(l.query, { limit: 10 }), 0));
    index.close();
    const m = metrics(outs);
    const f = (x: number | null) => (x === null ? '—' : (100 * x).toFixed(1));
    line.push(`w${w}: ${f(m.hit1)}/${f(m.hit3)} fn${f(m.falseNone)} negok${f(m.answered.negative?.ok ?? null)} (${Date.now() - t0}ms)`);
  }
  console.log(set.name.padEnd(22), line.join('  '));
}
