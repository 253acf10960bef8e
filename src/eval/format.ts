// The text of `skillset eval`: one run's figures, a manifest's tables, and the differences from a previous run.

import type { EvalRun, QueryOutcome, VerdictShares } from './eval.js';

/** A manifest set as the text shows it. */
export type SetText = EvalRun & { name: string; skills: number };

// A metric over no queries does not apply: "—", not 0%.
const pct = (x: number | null | undefined): string =>
  x === null || x === undefined ? '—' : `${(x * 100).toFixed(1)}%`;
const fix3 = (x: number | null | undefined): string =>
  x === null || x === undefined ? '—' : x.toFixed(3);

/** What the baseline is, in words. */
const BASELINE_IS =
  'SQLite FTS5 (porter stems) over name, description and body, any query word, no gate';

function counts(queries: readonly QueryOutcome[]): { pos: number; neg: number } {
  const pos = queries.filter((q) => q.expected.length > 0).length;
  return { pos, neg: queries.length - pos };
}

const answeredWords = (s: VerdictShares): string =>
  `ok ${pct(s.ok)}, weak ${pct(s.weak)}, none ${pct(s.none)}`;

/** One run's report: the figures, how each group was answered, the baseline, latency, the domains. */
export function evalText(r: EvalRun): string {
  const all = counts(r.queries);
  const over = (n: number, text: string): string => (n === 0 ? '—' : text);
  const lines = [
    `queries ${r.n} (${all.pos} positive, ${all.neg} negative)   Hit@1 ${over(all.pos, pct(r.hit1))}   Hit@3 ${over(all.pos, pct(r.hit3))}   MRR ${over(all.pos, fix3(r.mrr))}   false-none ${over(all.pos, pct(r.falseNone))}   correct-none ${over(all.neg, pct(r.correctNone))}`,
  ];
  const { positive, negative } = r.answered;
  if (positive)
    lines.push(
      `positives answered ${answeredWords(positive)}; Hit@1 of those answered ok ${pct(r.hit1Ok)}`,
    );
  if (negative)
    lines.push(`negatives answered ${answeredWords(negative)} (ok: confident where none was due)`);
  if (r.baseline)
    lines.push(
      `plain BM25   Hit@1 ${over(all.pos, pct(r.baseline.hit1))}   Hit@3 ${over(all.pos, pct(r.baseline.hit3))}   MRR ${over(all.pos, fix3(r.baseline.mrr))}   (${BASELINE_IS})`,
    );
  if (r.passes)
    for (const [name, f] of [
      ['lexical only', r.passes.lexical],
      ['meaning only', r.passes.semantic],
    ] as const)
      lines.push(
        `${name.padEnd(12)} Hit@1 ${over(all.pos, pct(f.hit1))}   Hit@3 ${over(all.pos, pct(f.hit3))}   MRR ${over(all.pos, fix3(f.mrr))}   (the figures above fuse the two: the semantic pass is on)`,
      );
  const width = Math.max(16, ...Object.keys(r.perDomain).map((d) => d.length));
  lines.push(
    `latency p50 ${r.p50Ms.toFixed(2)} ms   p95 ${r.p95Ms.toFixed(2)} ms   labels sha256 ${r.labelsSha256}`,
    '',
    `${'domain'.padEnd(width)} ${'n'.padStart(5)} ${'Hit@1'.padStart(7)} ${'Hit@3'.padStart(7)} ${'MRR'.padStart(6)}`,
  );
  for (const [d, m] of Object.entries(r.perDomain)) {
    const c = counts(r.queries.filter((q) => q.domain === (d === '(none)' ? '' : d)));
    lines.push(
      `${d.padEnd(width)} ${String(m.n).padStart(5)} ${over(c.pos, pct(m.hit1)).padStart(7)} ${over(c.pos, pct(m.hit3)).padStart(7)} ${over(c.pos, fix3(m.mrr)).padStart(6)}`,
    );
  }
  return lines.join('\n');
}

/** Regressions and improvements against a previous run, as lines. */
export function diffText(
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

const SET = 22;
const CELL = 7;

/**
 * A manifest run, one row per set in each of two tables: search's figures, then how each group was
 * answered, Hit@1 of the `ok` answers and, when measured, the baseline's figures.
 */
export function manifestText(sets: readonly SetText[]): string {
  const lines = [
    `${'set'.padEnd(SET)} ${'skills'.padStart(6)} ${'pos'.padStart(5)} ${'neg'.padStart(5)} ${'Hit@1'.padStart(7)} ${'Hit@3'.padStart(7)} ${'MRR'.padStart(6)} ${'false-none'.padStart(10)} ${'correct-none'.padStart(12)} ${'p50 ms'.padStart(7)}`,
  ];
  for (const r of sets) {
    const { pos, neg } = counts(r.queries);
    const dash = (n: number, x: number | null): string => (n === 0 ? '—' : pct(x));
    lines.push(
      `${r.name.padEnd(SET)} ${String(r.skills).padStart(6)} ${String(pos).padStart(5)} ${String(neg).padStart(5)} ${dash(pos, r.hit1).padStart(7)} ${dash(pos, r.hit3).padStart(7)} ${(pos === 0 ? '—' : fix3(r.mrr)).padStart(6)} ${dash(pos, r.falseNone).padStart(10)} ${dash(neg, r.correctNone).padStart(12)} ${r.p50Ms.toFixed(2).padStart(7)}`,
    );
  }
  const baseline = sets.some((r) => r.baseline !== undefined);
  const group = (title: string): string => title.padStart(3 * CELL + 2);
  const three = (a: string, b: string, c: string): string =>
    `${a.padStart(CELL)} ${b.padStart(CELL)} ${c.padStart(CELL)}`;
  lines.push(
    '',
    `${''.padEnd(SET)} ${group('positives answered')} ${'Hit@1'.padStart(8)} ${group('negatives answered')}${baseline ? `   ${group('plain BM25')}` : ''}`,
    `${'set'.padEnd(SET)} ${three('ok', 'weak', 'none')} ${'of ok'.padStart(8)} ${three('ok', 'weak', 'none')}${baseline ? `   ${three('Hit@1', 'Hit@3', 'MRR')}` : ''}`,
  );
  for (const r of sets) {
    const p = r.answered.positive;
    const n = r.answered.negative;
    const b = r.baseline;
    const pos = counts(r.queries).pos;
    lines.push(
      `${r.name.padEnd(SET)} ${three(pct(p?.ok), pct(p?.weak), pct(p?.none))} ${pct(r.hit1Ok).padStart(8)} ${three(pct(n?.ok), pct(n?.weak), pct(n?.none))}${baseline ? `   ${three(pos === 0 ? '—' : pct(b?.hit1), pos === 0 ? '—' : pct(b?.hit3), pos === 0 ? '—' : fix3(b?.mrr))}` : ''}`,
    );
  }
  if (baseline) lines.push('', `plain BM25: ${BASELINE_IS}`);
  return [...lines, ...passesTable(sets)].join('\n');
}

/** With the semantic pass on: each set's Hit@1, Hit@3 and MRR lexical only, by meaning only, and fused. */
function passesTable(sets: readonly SetText[]): string[] {
  if (!sets.some((r) => r.passes)) return [];
  const three = (a: string, b: string, c: string): string =>
    `${a.padStart(CELL)} ${b.padStart(CELL)} ${c.padStart(CELL)}`;
  const group = (title: string): string => title.padStart(3 * CELL + 2);
  const lines = [
    '',
    `${''.padEnd(SET)} ${group('lexical only')}   ${group('meaning only')}   ${group('fused')}`,
    `${'set'.padEnd(SET)} ${[1, 2, 3].map(() => three('Hit@1', 'Hit@3', 'MRR')).join('   ')}`,
  ];
  for (const r of sets) {
    const pos = counts(r.queries).pos;
    const cells = (
      f: { hit1: number | null; hit3: number | null; mrr: number | null } | undefined,
    ) => (pos === 0 || !f ? three('—', '—', '—') : three(pct(f.hit1), pct(f.hit3), fix3(f.mrr)));
    lines.push(
      `${r.name.padEnd(SET)} ${cells(r.passes?.lexical)}   ${cells(r.passes?.semantic)}   ${cells(r.passes ? r : undefined)}`,
    );
  }
  return lines;
}
