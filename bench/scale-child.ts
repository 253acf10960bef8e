// One scale measurement in its own process (so its peak memory is its own): read the files raw, build the index, time queries.
// Usage: node --import tsx bench/scale-child.ts ROOT INDEX_FILE QUERIES_FILE ROUNDS → one JSON line on stdout.

import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { discoverSkills } from '../src/discover/discover.js';
import { parseLabels } from '../src/eval/eval.js';
import { openSkillIndex } from '../src/search/search.js';
import { quantile } from './stats.js';

const [root, indexFile, queriesFile, roundsArg] = process.argv.slice(2) as [
  string,
  string,
  string,
  string,
];

/** The baseline: walk the folder and read every SKILL.md, nothing else. */
function rawRead(dir: string): number {
  let bytes = 0;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) bytes += rawRead(p);
    else if (e.name === 'SKILL.md') bytes += fs.readFileSync(p).length;
  }
  return bytes;
}

let t = performance.now();
rawRead(root);
const rawMs = performance.now() - t;
fs.rmSync(indexFile, { force: true });
t = performance.now();
const catalog = await discoverSkills({ roots: [root], cacheDir: false });
const index = await openSkillIndex({ catalog, indexFile });
const buildMs = performance.now() - t;
const rssAfterBuild = process.memoryUsage().rss;
const queries = parseLabels(fs.readFileSync(queriesFile, 'utf8')).map((l) => l.query);
for (const q of queries) await index.search(q); // warm-up
const times: number[] = [];
for (let r = 0; r < Number(roundsArg); r++)
  for (const q of queries) {
    const s = performance.now();
    await index.search(q);
    times.push(performance.now() - s);
  }
const skills = catalog.skills.length;
const warnings = catalog.diagnostics.filter((d) => d.severity !== 'info').length;
index.close();
// What checking the whole file costs (done at open only after a change outside skillset).
const db = new BetterSqlite3(indexFile);
t = performance.now();
const check = String(db.pragma('quick_check', { simple: true }));
const checkMs = performance.now() - t;
db.close();
console.log(
  JSON.stringify({
    skills,
    warnings,
    rawMs,
    buildMs,
    bytes: fs.statSync(indexFile).size,
    p50: quantile(times, 0.5),
    p95: quantile(times, 0.95),
    checkMs,
    check,
    rssAfterBuildMB: rssAfterBuild / 1048576,
    // maxRSS is in kilobytes: the peak of this whole process (build and queries).
    peakRssMB: process.resourceUsage().maxRSS / 1024,
  }),
);
