// `skillset index`, `skillset search` and `skillset eval`: thin faces over openSkillIndex and the eval harness.

import nodeFs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../../config/config.js';
import { defaultCacheDir } from '../../discover/cache.js';
import { SkillsetError } from '../../errors.js';
import {
  compareReports,
  type EvalReport,
  isEvalReport,
  labelsHash,
  parseLabels,
  type QueryOutcome,
} from '../../eval/eval.js';
import { parseManifest } from '../../eval/manifest.js';
import { evaluate } from '../../eval/run.js';
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
  if (s.bodySaturation !== undefined) settings.bodySaturation = s.bodySaturation;
  for (const [k, v] of Object.entries(s.weights ?? {}))
    if (v !== undefined) settings.weights[k as keyof RankSettings['weights']] = v;
  return settings;
}

/** A progress line on stderr for large updates, redrawn at most ten times a second, and cleared after. */
function indexProgress(): { show: (done: number, total: number) => void; clear: () => void } {
  let last = 0;
  let shown = false;
  return {
    show: (done, total) => {
      if (total < 500) return;
      const now = Date.now();
      if (now - last < 100 && done < total) return;
      last = now;
      shown = true;
      process.stderr.write(
        `\r\x1b[Kindexing ${done.toLocaleString('en')} of ${total.toLocaleString('en')} skills`,
      );
    },
    clear: () => {
      if (shown) process.stderr.write('\r\x1b[K');
    },
  };
}

async function open(paths: readonly string[], opts: IndexCliOptions): Promise<SkillIndex> {
  const discover = discoverOptions(paths, opts);
  const roots = discover.roots ? [...(discover.roots as string[])] : [process.cwd()];
  const indexFile = opts.index
    ? path.resolve(opts.index)
    : defaultIndexFile(roots, opts.cache ? defaultCacheDir() : undefined);
  try {
    nodeFs.mkdirSync(path.dirname(indexFile), { recursive: true });
  } catch (e) {
    throw new SkillsetError(
      'index/unwritable',
      `Cannot create the folder of the index ${indexFile}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`,
      { hint: 'Pass --index with a file in a folder you can write, or set SKILLSET_CACHE_DIR.' },
    );
  }
  // Progress on a terminal only, and never under --json or --quiet.
  const progress =
    process.stderr.isTTY === true && !opts.json && !opts.quiet ? indexProgress() : undefined;
  const index = await openSkillIndex({
    ...discover,
    indexFile,
    rank: await rankSettings(opts),
    ...(progress ? { onProgress: progress.show } : {}),
  });
  progress?.clear();
  return index;
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
  reportDiagnostics(index.discovery.diagnostics, opts);
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

const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;

function formatMetrics(r: EvalReport): string {
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

/** Regressions and improvements against a previous run, as lines. */
function formatDiff(
  against: string,
  diff: { regressions: QueryOutcome[]; improvements: QueryOutcome[] },
): string[] {
  const lines = [
    `against ${against}: ${diff.improvements.length} improved, ${diff.regressions.length} regressed`,
  ];
  for (const q of diff.regressions)
    lines.push(
      `  - ${q.query}  (expected ${q.expected.join(', ') || 'none'}; got ${q.got.slice(0, 3).join(', ') || 'none'})`,
    );
  for (const q of diff.improvements) lines.push(`  + ${q.query}`);
  return lines;
}

/** Read a file whole, or a usage error naming it. */
function readFile(file: string, code: string): Buffer {
  try {
    return nodeFs.readFileSync(file);
  } catch (e) {
    throw new SkillsetError(
      code,
      `Cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`,
    );
  }
}

/** A previous `eval --json` output, or a usage error. */
function readPrevious(file: string): unknown {
  const text = readFile(file, 'usage/missing-compare').toString('utf8');
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new SkillsetError(
      'usage/bad-compare',
      `${file} is not an \`eval --json\` output: ${(e as Error).message}`,
    );
  }
}

/** One scored set of a manifest run. */
interface SetReport extends EvalReport {
  name: string;
  queriesFile: string;
  roots: string[];
  skills: number;
}

/** `skillset eval QUERIES.jsonl [PATH…]` or `skillset eval --manifest FILE`. */
export async function runEval(
  file: string | undefined,
  paths: string[],
  opts: IndexCliOptions & { compare?: string; manifest?: string },
): Promise<number> {
  if (opts.manifest !== undefined) {
    if (file !== undefined || paths.length > 0)
      throw new SkillsetError(
        'usage/manifest-and-queries',
        'Pass either a manifest (--manifest) or a query file with its roots, not both',
      );
    return runManifest(opts.manifest, opts);
  }
  if (file === undefined)
    throw new SkillsetError(
      'usage/missing-labels',
      'Name a query file (JSONL), or a manifest with --manifest',
      {
        hint: 'skillset eval QUERIES.jsonl PATH…   or   skillset eval --manifest sets.json',
      },
    );
  const bytes = readFile(file, 'usage/missing-labels');
  const labels = parseLabels(bytes.toString('utf8'), file);
  const previous = opts.compare ? readPrevious(opts.compare) : undefined;
  if (opts.compare && !isEvalReport(previous))
    throw new SkillsetError(
      'usage/bad-compare',
      `${opts.compare} is not an \`eval --json\` output of one query file`,
    );
  const index = await open(paths, opts);
  reportDiagnostics(index.discovery.diagnostics, opts);
  const current = evaluate(index.search, labels, labelsHash(bytes));
  index.close();
  const diff = isEvalReport(previous) ? compareReports(previous, current) : undefined;
  if (opts.json) {
    await writeOut(
      `${JSON.stringify(diff ? { ...current, regressions: diff.regressions, improvements: diff.improvements } : current, null, 2)}\n`,
    );
    return 0;
  }
  const lines = [formatMetrics(current)];
  if (diff && opts.compare) lines.push('', ...formatDiff(opts.compare, diff));
  await writeOut(`${lines.join('\n')}\n`);
  return 0;
}

/** Every set of a manifest, each against its own library: a summary table, or JSON with every report. */
async function runManifest(
  file: string,
  opts: IndexCliOptions & { compare?: string },
): Promise<number> {
  const sets = parseManifest(readFile(file, 'usage/missing-manifest').toString('utf8'), file);
  const previous = opts.compare ? (readPrevious(opts.compare) as { sets?: unknown }) : undefined;
  if (
    opts.compare &&
    !(
      Array.isArray(previous?.sets) &&
      previous.sets.every((x) => isEvalReport(x) && typeof (x as SetReport).name === 'string')
    )
  )
    throw new SkillsetError(
      'usage/bad-compare',
      `${opts.compare} is not an \`eval --manifest --json\` output`,
    );
  const reports: SetReport[] = [];
  // Consecutive sets over the same library share one opened index (discovery runs once for them).
  // Only one is open at a time: with --index, every library is written into the same file.
  let opened: { key: string; index: SkillIndex } | undefined;
  for (const set of sets) {
    const bytes = readFile(set.queries, 'usage/missing-labels');
    const labels = parseLabels(bytes.toString('utf8'), set.queries);
    const key = set.roots.join('\0');
    let index = opened?.key === key ? opened.index : undefined;
    if (!index) {
      opened?.index.close();
      index = await open(set.roots, { ...opts, dir: [] });
      opened = { key, index };
      const d = index.discovery.diagnostics;
      const errors = d.filter((x) => x.severity === 'error').length;
      const warnings = d.filter((x) => x.severity === 'warning').length;
      if (!opts.quiet && errors + warnings > 0)
        process.stderr.write(
          `${set.name}: ${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'} in the library (skillset lint ${set.roots.join(' ')} lists them)\n`,
        );
    }
    const r = evaluate(index.search, labels, labelsHash(bytes));
    reports.push({
      name: set.name,
      queriesFile: set.queries,
      roots: set.roots,
      skills: index.discovery.skills.length,
      ...r,
    });
  }
  opened?.index.close();
  const diffs = new Map<string, ReturnType<typeof compareReports>>();
  for (const r of reports) {
    const before = (previous?.sets as SetReport[] | undefined)?.find((p) => p.name === r.name);
    if (before) diffs.set(r.name, compareReports(before, r));
  }
  if (opts.json) {
    const out = reports.map((r) => {
      const d = diffs.get(r.name);
      return d ? { ...r, regressions: d.regressions, improvements: d.improvements } : r;
    });
    await writeOut(`${JSON.stringify({ sets: out }, null, 2)}\n`);
    return 0;
  }
  const dash = (n: number, x: number): string => (n === 0 ? '—' : pct(x));
  const head = `${'set'.padEnd(22)} ${'skills'.padStart(6)} ${'pos'.padStart(5)} ${'neg'.padStart(5)} ${'Hit@1'.padStart(7)} ${'Hit@3'.padStart(7)} ${'MRR'.padStart(6)} ${'false-none'.padStart(10)} ${'correct-none'.padStart(12)} ${'p50 ms'.padStart(7)}`;
  const lines = [head];
  for (const r of reports) {
    const pos = r.queries.filter((q) => q.expected.length > 0).length;
    const neg = r.queries.length - pos;
    lines.push(
      `${r.name.padEnd(22)} ${String(r.skills).padStart(6)} ${String(pos).padStart(5)} ${String(neg).padStart(5)} ${dash(pos, r.hit1).padStart(7)} ${dash(pos, r.hit3).padStart(7)} ${(pos === 0 ? '—' : r.mrr.toFixed(3)).padStart(6)} ${dash(pos, r.falseNone).padStart(10)} ${dash(neg, r.correctNone).padStart(12)} ${r.p50Ms.toFixed(2).padStart(7)}`,
    );
  }
  for (const [name, d] of diffs)
    lines.push('', `${name}:`, ...formatDiff(opts.compare as string, d));
  await writeOut(`${lines.join('\n')}\n`);
  return 0;
}
