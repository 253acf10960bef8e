// The shared registry (#26, docs/registry.md) on a private PostgreSQL 15 cluster: for the 978-skill
// library and synthetic libraries (`BENCH_REGISTRY_SCALES`, default 10000; 100000 is the issue's
// scale), the first publish, a re-publish with nothing changed, a team's reader opened, and search
// p50/p95 through the reader beside the embedded SQLite index over the same skills, in the same run;
// then, for the synthetic ones, a re-publish with every skill changed (the namespace's partition
// rebuilt).

import fs from 'node:fs';
import path from 'node:path';
import { createService } from '../src/core/service.js';
import { parseLabels } from '../src/eval/eval.js';
import { publishLibrary } from '../src/registry/publish.js';
import { openRegistry, registryService } from '../src/registry/reader.js';
import { openSkillIndex } from '../src/search/search.js';
import { startTestCluster } from '../src/test-support/postgres.js';
import { synthesize } from './search.js';
import { quantile } from './stats.js';

/** Synthetic sizes published besides the real library (0 skips them). */
const SCALES = (process.env.BENCH_REGISTRY_SCALES ?? '10000')
  .split(',')
  .map(Number)
  .filter((n) => n > 0);

/** The issue's targets (at 100,000 skills). */
const TARGETS = { publishS: 300, republishS: 30, p50: 25 };

/**
 * Time each query of `queries` with `search`: the first round (cold: nothing read yet is kept), and
 * a second one (warm: what a server that has been answering for a while holds).
 */
async function latency(
  queries: readonly string[],
  search: (q: string) => Promise<unknown>,
): Promise<{ p50: number; p95: number; coldP50: number; coldP95: number }> {
  const round = async () => {
    const times: number[] = [];
    for (const q of queries) {
      const t = performance.now();
      await search(q);
      times.push(performance.now() - t);
    }
    return times;
  };
  const cold = await round();
  const warm = await round();
  return {
    p50: quantile(warm, 0.5),
    p95: quantile(warm, 0.95),
    coldP50: quantile(cold, 0.5),
    coldP95: quantile(cold, 0.95),
  };
}

/** Change every `SKILL.md` below `root` (a line added at the end). */
function touchEverySkill(root: string): void {
  for (const e of fs.readdirSync(root, { withFileTypes: true, recursive: true }))
    if (e.isFile() && e.name === 'SKILL.md')
      fs.appendFileSync(path.join(e.parentPath, e.name), '\nRevised.\n');
}

/** One library published and searched both ways (and, with `rewrite`, published again all changed). */
async function measure(
  url: string,
  label: string,
  root: string,
  queries: string[],
  tmp: string,
  rewrite = false,
) {
  const store = `${url}?schema=${label.replace(/\W/g, '_')}`;
  const service = await createService({ roots: [root], cache: false, userConfigFile: false });
  const first = await publishLibrary(service, { store, namespace: 'lib' });
  const again = await publishLibrary(service, { store, namespace: 'lib' });
  service.close();
  const registry = await openRegistry(store);
  let t = performance.now();
  const reader = await registryService(registry, ['lib']);
  await reader.list();
  const openMs = performance.now() - t;
  const viaRegistry = await latency(queries, (q) => reader.search(q));
  reader.close();
  await registry.close();
  t = performance.now();
  const embedded = await openSkillIndex({
    roots: [root],
    indexFile: path.join(tmp, `${label}.db`),
  });
  const indexMs = performance.now() - t;
  const viaEmbedded = await latency(queries, (q) => embedded.search(q));
  embedded.close();
  let rewriteMs: number | undefined;
  if (rewrite) {
    touchEverySkill(root);
    const again = await createService({ roots: [root], cache: false, userConfigFile: false });
    rewriteMs = (await publishLibrary(again, { store, namespace: 'lib' })).ms;
    again.close();
  }
  return {
    label,
    skills: first.skills,
    publishMs: first.ms,
    republishMs: again.ms,
    rewriteMs,
    readerOpenMs: Math.round(openMs),
    embeddedIndexMs: Math.round(indexMs),
    registry: viaRegistry,
    embedded: viaEmbedded,
  };
}

/** Run the registry benchmarks and print their table; returns the figures for the JSON file. */
export async function benchRegistry(root: string, labelsFile: string, tmp: string) {
  const queries = parseLabels(fs.readFileSync(labelsFile, 'utf8')).map((l) => l.query);
  const cluster = await startTestCluster();
  try {
    const rows = [await measure(cluster.url, 'library', root, queries, tmp)];
    for (const n of SCALES) {
      const dir = path.join(tmp, `registry-${n}`);
      synthesize(root, dir, n);
      rows.push(await measure(cluster.url, `synthetic-${n}`, dir, queries, tmp, true));
      fs.rmSync(dir, { recursive: true, force: true });
    }
    console.log(
      'registry (PostgreSQL 15, private cluster; search through a team reader vs the embedded index)',
    );
    for (const r of rows)
      console.log(
        `  ${r.label.padEnd(18)} ${String(r.skills).padStart(6)} skills  publish ${(r.publishMs / 1000).toFixed(1)} s  re-publish ${(r.republishMs / 1000).toFixed(2)} s${r.rewriteMs === undefined ? '' : `  all changed ${(r.rewriteMs / 1000).toFixed(1)} s`}  reader open ${r.readerOpenMs} ms  search p50 ${r.registry.p50.toFixed(1)} ms (embedded ${r.embedded.p50.toFixed(1)}), p95 ${r.registry.p95.toFixed(1)} ms (embedded ${r.embedded.p95.toFixed(1)}); first round p50 ${r.registry.coldP50.toFixed(1)}, p95 ${r.registry.coldP95.toFixed(1)} ms (embedded ${r.embedded.coldP50.toFixed(1)}, ${r.embedded.coldP95.toFixed(1)})`,
      );
    console.log(
      `  targets at 100,000: publish ≤ ${TARGETS.publishS} s, re-publish ≤ ${TARGETS.republishS} s, search p50 ≤ ${TARGETS.p50} ms\n`,
    );
    return { rows, targets: TARGETS };
  } finally {
    await cluster.stop();
  }
}
