// `skillset index`, `skillset search` and `skillset eval`: thin faces over the service.

import { createService, type SkillService } from '../../core/service.js';
import { SkillsetError } from '../../errors.js';
import type { EvalReport, QueryOutcome } from '../../eval/eval.js';
import { searchText } from '../../search/format.js';
import { visibleLines } from '../../text/visible.js';
import { type SkillCliOptions, settingsInput, unwrap, writeJson, writeOut } from '../options.js';

/** Options shared by the index-reading commands. */
export interface IndexCliOptions extends SkillCliOptions {
  index?: string;
  config?: string;
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

/** A service whose index shows progress on a terminal (never under --json or --quiet). */
export async function service(
  paths: readonly string[],
  opts: IndexCliOptions,
): Promise<{ service: SkillService; done: () => void }> {
  // Asked last: the first look at process.stderr makes its stream.
  const progress =
    !opts.json && !opts.quiet && process.stderr.isTTY === true ? indexProgress() : undefined;
  const s = await createService(
    settingsInput(paths, opts),
    progress ? { onProgress: progress.show } : {},
  );
  return {
    service: s,
    done: () => {
      progress?.clear();
      s.close();
    },
  };
}

/** `skillset index PATH…`: build or update the index; prints what changed. */
export async function runIndex(paths: string[], opts: IndexCliOptions): Promise<number> {
  const { service: s, done } = await service(paths, opts);
  const outcome = await s.index();
  done();
  const out = unwrap(outcome, opts, { summariseLibrary: true });
  await (opts.json
    ? writeJson(out)
    : writeOut(
        `Indexed ${out.skills} skills: ${out.added} added, ${out.changed} changed, ${out.removed} removed, ${out.unchanged} unchanged (${out.ms} ms)${out.file === ':memory:' ? '; in memory only, nothing was saved' : ''}\n`,
      ));
  return 0;
}

/** `skillset search QUERY [PATH…]`. */
export async function runSearch(
  query: string,
  paths: string[],
  opts: IndexCliOptions & { limit: number; explain?: boolean },
): Promise<number> {
  const { service: s, done } = await service(paths, opts);
  const outcome = await s.search(query, { limit: opts.limit, explain: opts.explain === true });
  done();
  const result = unwrap(outcome, opts, { summariseLibrary: true });
  await (opts.json
    ? writeJson(result)
    : writeOut(searchText(visibleLines(query), visibleLines(result))));
  return 0;
}

const pct = (x: number | null): string => (x === null ? '—' : `${(x * 100).toFixed(1)}%`);
const fix3 = (x: number | null): string => (x === null ? '—' : x.toFixed(3));

function formatMetrics(r: EvalReport): string {
  // A metric over no queries does not apply: "—", not 0%.
  const counts = (domain?: string) => {
    const qs = r.queries.filter((q) => domain === undefined || q.domain === domain);
    const pos = qs.filter((q) => q.expected.length > 0).length;
    return { pos, neg: qs.length - pos };
  };
  const all = counts();
  const over = (n: number, text: string): string => (n === 0 ? '—' : text);
  const lines = [
    `queries ${r.n} (${all.pos} positive, ${all.neg} negative)   Hit@1 ${over(all.pos, pct(r.hit1))}   Hit@3 ${over(all.pos, pct(r.hit3))}   MRR ${over(all.pos, fix3(r.mrr))}   false-none ${over(all.pos, pct(r.falseNone))}   correct-none ${over(all.neg, pct(r.correctNone))}`,
    `latency p50 ${r.p50Ms.toFixed(2)} ms   p95 ${r.p95Ms.toFixed(2)} ms   labels sha256 ${r.labelsSha256}`,
    '',
    `${'domain'.padEnd(16)} ${'n'.padStart(5)} ${'Hit@1'.padStart(7)} ${'Hit@3'.padStart(7)} ${'MRR'.padStart(6)}`,
  ];
  for (const [d, m] of Object.entries(r.perDomain)) {
    const c = counts(d === '(none)' ? '' : d);
    lines.push(
      `${d.padEnd(16)} ${String(m.n).padStart(5)} ${over(c.pos, pct(m.hit1)).padStart(7)} ${over(c.pos, pct(m.hit3)).padStart(7)} ${over(c.pos, fix3(m.mrr)).padStart(6)}`,
    );
  }
  return lines.join('\n');
}

/** Regressions and improvements against a previous run, as lines. */
function formatDiff(
  against: string,
  diff: { regressions?: QueryOutcome[]; improvements?: QueryOutcome[] },
): string[] {
  const regressions = diff.regressions ?? [];
  const improvements = diff.improvements ?? [];
  const lines = [
    `against ${against}: ${improvements.length} improved, ${regressions.length} regressed`,
  ];
  for (const q of regressions)
    lines.push(
      `  - ${q.query}  (expected ${q.expected.join(', ') || 'none'}; got ${q.got.slice(0, 3).join(', ') || 'none'})`,
    );
  for (const q of improvements) lines.push(`  + ${q.query}`);
  return lines;
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
  const { service: s, done } = await service(paths, opts);
  const outcome = await s.eval(file, opts.compare !== undefined ? { compare: opts.compare } : {});
  done();
  const run = unwrap(outcome, opts, { summariseLibrary: true });
  if (opts.json) {
    await writeJson(run);
    return 0;
  }
  const shown = visibleLines(run);
  const lines = [formatMetrics(shown)];
  if (shown.regressions && shown.improvements && opts.compare)
    lines.push('', ...formatDiff(opts.compare, shown));
  await writeOut(`${lines.join('\n')}\n`);
  return 0;
}

/** Every set of a manifest, each against its own library: a summary table, or JSON with every report. */
async function runManifest(
  file: string,
  opts: IndexCliOptions & { compare?: string },
): Promise<number> {
  // Loaded here: index and search never pay for the evaluation's modules.
  const { evalManifest } = await import('../../core/eval.js');
  const { sets: reports } = unwrap(
    await evalManifest(file, settingsInput([], { ...opts, dir: [] }), opts.compare),
    { ...opts, verbose: false },
  );
  if (opts.json) {
    await writeJson({ sets: reports });
    return 0;
  }
  const shown = visibleLines(reports);
  const dash = (n: number, x: number | null): string => (n === 0 ? '—' : pct(x));
  const head = `${'set'.padEnd(22)} ${'skills'.padStart(6)} ${'pos'.padStart(5)} ${'neg'.padStart(5)} ${'Hit@1'.padStart(7)} ${'Hit@3'.padStart(7)} ${'MRR'.padStart(6)} ${'false-none'.padStart(10)} ${'correct-none'.padStart(12)} ${'p50 ms'.padStart(7)}`;
  const lines = [head];
  for (const r of shown) {
    const pos = r.queries.filter((q) => q.expected.length > 0).length;
    const neg = r.queries.length - pos;
    lines.push(
      `${r.name.padEnd(22)} ${String(r.skills).padStart(6)} ${String(pos).padStart(5)} ${String(neg).padStart(5)} ${dash(pos, r.hit1).padStart(7)} ${dash(pos, r.hit3).padStart(7)} ${(pos === 0 ? '—' : fix3(r.mrr)).padStart(6)} ${dash(pos, r.falseNone).padStart(10)} ${dash(neg, r.correctNone).padStart(12)} ${r.p50Ms.toFixed(2).padStart(7)}`,
    );
  }
  for (const r of shown)
    if (r.regressions && r.improvements)
      lines.push('', `${r.name}:`, ...formatDiff(opts.compare as string, r));
  await writeOut(`${lines.join('\n')}\n`);
  return 0;
}
