// `skillset index`, `skillset search` and `skillset eval`: thin faces over openSkillIndex and the eval harness.

import nodeFs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../../config/config.js';
import { defaultCacheDir } from '../../discover/cache.js';
import { SkillsetError } from '../../errors.js';
import {
  compareReports,
  type EvalReport,
  labelsHash,
  outcome,
  parseLabels,
  report,
} from '../../eval/eval.js';
import { searchJson, searchText } from '../../search/format.js';
import { DEFAULT_RANK, type RankSettings } from '../../search/rank.js';
import { defaultIndexFile, openSkillIndex, type SkillIndex } from '../../search/search.js';
import { discoverOptions, reportDiagnostics, type SkillCliOptions, writeOut } from '../options.js';

/** Options shared by the index-reading commands. */
export interface IndexCliOptions extends SkillCliOptions {
  index?: string;
  config?: string;
}

/** Ranker settings: the defaults, overridden by the config file's `search` section. */
async function rankSettings(opts: IndexCliOptions): Promise<RankSettings> {
  const { config } = await loadConfig({ cwd: process.cwd(), file: opts.config });
  const s = config.search ?? {};
  const settings: RankSettings = { ...DEFAULT_RANK, weights: { ...DEFAULT_RANK.weights } };
  if (s.minCoverage !== undefined) settings.minCoverage = s.minCoverage;
  if (s.bodyCoverage !== undefined) settings.bodyCoverage = s.bodyCoverage;
  if (s.gateDepth !== undefined) settings.gateDepth = s.gateDepth;
  for (const [k, v] of Object.entries(s.weights ?? {}))
    if (v !== undefined) settings.weights[k as keyof RankSettings['weights']] = v;
  return settings;
}

async function open(paths: readonly string[], opts: IndexCliOptions): Promise<SkillIndex> {
  const discover = discoverOptions(paths, opts);
  const roots = discover.roots ? [...(discover.roots as string[])] : [process.cwd()];
  const indexFile = opts.index
    ? path.resolve(opts.index)
    : defaultIndexFile(roots, opts.cache ? defaultCacheDir() : undefined);
  nodeFs.mkdirSync(path.dirname(indexFile), { recursive: true });
  return openSkillIndex({ ...discover, indexFile, rank: await rankSettings(opts) });
}

/** `skillset index PATH…`: build or update the index; prints what changed. */
export async function runIndex(paths: string[], opts: IndexCliOptions): Promise<number> {
  const started = performance.now();
  const index = await open(paths, opts);
  reportDiagnostics(index.discovery.diagnostics, opts);
  const out = {
    skills: index.discovery.skills.length,
    ...index.update,
    ms: Math.round(performance.now() - started),
  };
  index.close();
  await writeOut(
    opts.json
      ? `${JSON.stringify(out, null, 2)}\n`
      : `Indexed ${out.skills} skills: ${out.added} added, ${out.changed} changed, ${out.removed} removed, ${out.unchanged} unchanged (${out.ms} ms)\n`,
  );
  return 0;
}

/** `skillset search QUERY [PATH…]`. */
export async function runSearch(
  query: string,
  paths: string[],
  opts: IndexCliOptions & { limit: number; explain?: boolean },
): Promise<number> {
  const index = await open(paths, opts);
  const settings = index.settings;
  const result = index.search(query, { limit: opts.limit });
  index.close();
  const shape = { explain: opts.explain === true, weights: settings.weights };
  await writeOut(
    opts.json
      ? `${JSON.stringify(searchJson(result, shape), null, 2)}\n`
      : searchText(query, result, shape),
  );
  return 0;
}

function formatMetrics(r: EvalReport): string {
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  const lines = [
    `queries ${r.n}   Hit@1 ${pct(r.hit1)}   Hit@3 ${pct(r.hit3)}   MRR ${r.mrr.toFixed(3)}   false-none ${pct(r.falseNone)}   correct-none ${pct(r.correctNone)}`,
    `latency p50 ${r.p50Ms.toFixed(2)} ms   p95 ${r.p95Ms.toFixed(2)} ms   labels sha256 ${r.labelsSha256}`,
    '',
    `${'domain'.padEnd(16)} ${'n'.padStart(5)} ${'Hit@1'.padStart(7)} ${'Hit@3'.padStart(7)} ${'MRR'.padStart(6)}`,
  ];
  for (const [d, m] of Object.entries(r.perDomain)) {
    lines.push(
      `${d.padEnd(16)} ${String(m.n).padStart(5)} ${pct(m.hit1).padStart(7)} ${pct(m.hit3).padStart(7)} ${m.mrr.toFixed(3).padStart(6)}`,
    );
  }
  return lines.join('\n');
}

/** `skillset eval QUERIES.jsonl PATH… [--compare PREVIOUS.json]`. */
export async function runEval(
  file: string,
  paths: string[],
  opts: IndexCliOptions & { compare?: string },
): Promise<number> {
  let bytes: Buffer;
  try {
    bytes = nodeFs.readFileSync(file);
  } catch (e) {
    throw new SkillsetError('usage/missing-labels', `Cannot read ${file}: ${(e as Error).message}`);
  }
  const labels = parseLabels(bytes.toString('utf8'), file);
  const previous = opts.compare
    ? (JSON.parse(nodeFs.readFileSync(opts.compare, 'utf8')) as EvalReport)
    : undefined;
  const index = await open(paths, opts);
  const outcomes = labels.map((l) => {
    const t = performance.now();
    const r = index.search(l.query, { limit: 10 });
    return outcome(l, r, performance.now() - t);
  });
  index.close();
  const current = report(outcomes, labelsHash(bytes));
  const diff = previous ? compareReports(previous, current) : undefined;
  if (opts.json) {
    await writeOut(
      `${JSON.stringify(diff ? { ...current, regressions: diff.regressions, improvements: diff.improvements } : current, null, 2)}\n`,
    );
    return 0;
  }
  const lines = [formatMetrics(current)];
  if (diff) {
    lines.push(
      '',
      `against ${opts.compare}: ${diff.improvements.length} improved, ${diff.regressions.length} regressed`,
    );
    for (const q of diff.regressions)
      lines.push(
        `  - ${q.query}  (expected ${q.expected.join(', ') || 'none'}; got ${q.got.slice(0, 3).join(', ') || 'none'})`,
      );
    for (const q of diff.improvements) lines.push(`  + ${q.query}`);
  }
  await writeOut(`${lines.join('\n')}\n`);
  return 0;
}
