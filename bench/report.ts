// Plain-text report: aligned tables of timings, and ratios of medians checked against their targets.

import type { Summary } from './stats.js';

/** One ratio of medians, `subject / baseline`, and the most it may be. */
export interface Check {
  subject: string;
  baseline: string;
  ratio: number;
  target: number;
}

/** Build a check from two variants' summaries. */
export function check(
  timings: Record<string, Summary>,
  subject: string,
  baseline: string,
  target: number,
): Check {
  const ratio =
    (timings[subject]?.median ?? Number.NaN) / (timings[baseline]?.median ?? Number.NaN);
  return { subject, baseline, ratio, target };
}

const ms = (n: number): string => `${n.toFixed(1)} ms`;
const times = (n: number): string => `${n.toFixed(2)}×`;

/** Align rows into columns; `align` has one letter per column, `l` or `r` (default: first left, rest right). */
export function formatTable(rows: readonly string[][], align = 'lrrrrr'): string {
  const widths = rows[0]?.map((_, c) => Math.max(...rows.map((r) => (r[c] ?? '').length))) ?? [];
  const pad = (cell: string, c: number): string =>
    align[c] === 'l' ? cell.padEnd(widths[c] ?? 0) : cell.padStart(widths[c] ?? 0);
  return rows.map((r) => `  ${r.map(pad).join('   ')}`.trimEnd()).join('\n');
}

/** The timings table: one row per variant, with a note each. */
export function timingTable(
  timings: Record<string, Summary>,
  notes: Record<string, string> = {},
): string {
  const rows = [['variant', 'median', 'p90', '']];
  for (const [name, s] of Object.entries(timings))
    rows.push([name, ms(s.median), ms(s.p90), notes[name] ?? '']);
  return formatTable(rows, 'lrrl');
}

/** The checks table, then one line per subject naming the baselines it meets. */
export function checkTable(checks: readonly Check[]): string {
  const rows = [['ratio of medians', 'value', 'target', 'verdict']];
  for (const c of checks)
    rows.push([
      `${c.subject} / ${c.baseline}`,
      times(c.ratio),
      `≤ ${c.target}×`,
      c.ratio <= c.target ? 'pass' : 'FAIL',
    ]);
  const verdicts = [...new Set(checks.map((c) => c.subject))].map((subject) => {
    const mine = checks.filter((c) => c.subject === subject);
    const passed = mine.filter((c) => c.ratio <= c.target).map((c) => c.baseline);
    const failed = mine.filter((c) => !(c.ratio <= c.target)).map((c) => c.baseline);
    const head = `  ${subject} ≤ ${mine[0]?.target}×:`;
    if (failed.length === 0) return `${head} passes against ${passed.join(' and ')}`;
    if (passed.length === 0) return `${head} fails against ${failed.join(' and ')}`;
    return `${head} passes against ${passed.join(' and ')} only (fails against ${failed.join(' and ')})`;
  });
  return `${formatTable(rows)}\n${verdicts.join('\n')}`;
}
