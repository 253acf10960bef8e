// Typo tolerance over the tuning sets: each positive query with one word misspelled (bench/typos.ts),
// searched with typo matching on (the defaults) and off (`typoWeight: 0`), against the same queries
// spelled right. Hit@1, Hit@3 and false-none for each, per library.
// Usage: node --import tsx bench/typo-quality.ts [manifest.json] — a line per library, then JSON.

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { discoverSkills } from '../src/discover/discover.js';
import { type LabelledQuery, metrics, outcome, parseLabels } from '../src/eval/eval.js';
import { parseManifest } from '../src/eval/manifest.js';
import { DEFAULT_RANK } from '../src/search/rank.js';
import { openSkillIndex } from '../src/search/search.js';
import { misspellings } from './typos.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const manifestFile = path.resolve(process.argv[2] ?? path.join(here, 'queries', 'manifest.json'));
const sets = parseManifest(fs.readFileSync(manifestFile, 'utf8'), manifestFile);

/** The tuning sets' positives, grouped by library (the sets' shared roots). */
const libraries = new Map<string, { name: string; roots: string[]; labels: LabelledQuery[] }>();
for (const set of sets) {
  const key = set.roots.join('\0');
  const lib = libraries.get(key) ?? {
    name: set.name.split('-')[0] as string,
    roots: set.roots,
    labels: [],
  };
  lib.labels.push(
    ...parseLabels(fs.readFileSync(set.queries, 'utf8'), set.queries).filter(
      (l) => l.expected.length > 0,
    ),
  );
  libraries.set(key, lib);
}

const pct = (x: number | null): string => (x === null ? '—' : `${(100 * x).toFixed(1)}%`);
const rows: Array<Record<string, unknown>> = [];
console.log(
  `${'library'.padEnd(12)} ${'queries'.padStart(7)}  spelled right (Hit@1 / Hit@3 / none)  misspelled, matched  misspelled, not matched`,
);
for (const lib of libraries.values()) {
  const discovery = await discoverSkills({ roots: lib.roots, cacheDir: false });
  const on = await openSkillIndex({ catalog: discovery });
  const off = await openSkillIndex({
    catalog: discovery,
    rank: { ...DEFAULT_RANK, typoWeight: 0 },
  });
  const pairs = misspellings(lib.labels);
  const typos = pairs.map((p) => p.typo);
  const score = async (search: typeof on.search, labels: readonly LabelledQuery[]) => {
    const outcomes = [];
    for (const l of labels) outcomes.push(outcome(l, await search(l.query, { limit: 10 }), 0));
    return metrics(outcomes);
  };
  const right = await score(
    on.search,
    pairs.map((p) => p.right),
  );
  const matched = await score(on.search, typos);
  const unmatched = await score(off.search, typos);
  on.close();
  off.close();
  const show = (m: Awaited<ReturnType<typeof score>>) =>
    `${pct(m.hit1)} / ${pct(m.hit3)} / ${pct(m.falseNone)}`;
  rows.push({ library: lib.name, queries: typos.length, right, matched, unmatched });
  console.log(
    `${lib.name.padEnd(12)} ${String(typos.length).padStart(7)}  ${show(right).padEnd(37)}  ${show(matched).padEnd(20)}  ${show(unmatched)}`,
  );
}
console.log(JSON.stringify(rows));
