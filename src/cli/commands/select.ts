// `skillset select`: a thin face over the service's selection pipeline.

import type { SelectContext } from '../../select/score.js';
import type { SelectView, SkillRef } from '../../select/view.js';
import { visibleLines } from '../../text/visible.js';
import { unwrap, writeJson, writeOut } from '../options.js';
import { type IndexCliOptions, service } from './search.js';

/** Options of `select`. */
export interface SelectCliOptions extends IndexCliOptions {
  intent?: string;
  file: string[];
  command: string[];
  keyword: string[];
  profile?: string;
  budget?: number;
  budgetUnit?: 'chars' | 'tokens';
  suggest?: number;
  dryRun?: boolean;
  explain?: boolean;
}

/** The line over a `weak` intent's suggestions. */
const SELECT_WEAK =
  'intent: coverage weak — no skill clearly fits, so none loads on its text; the candidates are suggested below';

function line(s: SelectView['loaded'][number]): string {
  return `  ${s.name.padEnd(36)} ${s.tier.padEnd(9)} score ${String(s.score).padStart(3)}   ${s.chars.toLocaleString('en')} chars`;
}

/** The text form: loaded, overflow, budget; with --explain, every decision per skill. */
function selectText(j: SelectView, dryRun: boolean): string {
  const out: string[] = [];
  if (j.violation)
    out.push(
      `budget violation: the critical skills need ${j.violation.required.toLocaleString('en')} ${j.violation.unit}, over the budget of ${j.violation.limit.toLocaleString('en')}; nothing loads (${j.violation.critical.join(', ')})`,
    );
  if (j.coverage === 'weak') out.push(SELECT_WEAK);
  else if (j.coverage === 'none') out.push('intent: no skill fits it (coverage none)');
  out.push(
    j.loaded.length === 0
      ? `${dryRun ? 'would load' : 'loaded'} nothing`
      : `${dryRun ? 'would load' : 'loaded'} ${j.loaded.length}:`,
    ...j.loaded.map(line),
  );
  if (j.overflow.length > 0) out.push(`overflow ${j.overflow.length}:`, ...j.overflow.map(line));
  if (j.suggested.length > 0)
    out.push(
      `suggested ${j.suggested.length} (named, not loaded):`,
      ...j.suggested.map((s) => `  ${s.name}: ${s.description}`),
    );
  out.push(
    `budget ${j.budget.used.toLocaleString('en')} of ${j.budget.limit.toLocaleString('en')} ${j.budget.unit === 'tokens' ? 'tokens' : 'characters'} used${j.budget.suggested > 0 ? ` (${j.budget.suggested.toLocaleString('en')} by suggestions)` : ''}`,
  );
  if (j.decisions) out.push('', 'why:', ...whyLines(j));
  return `${out.join('\n')}\n`;
}

/**
 * Every decision, per copy of a skill: its name and scope, and its SKILL.md too when another copy
 * shown shares the name. The skills nothing matched share one line (those suggested have their own).
 */
function whyLines(j: SelectView): string[] {
  const byPath = new Map<string, { who: SkillRef; steps: string[] }>();
  for (const d of j.decisions ?? []) {
    const entry = byPath.get(d.path) ?? { who: d, steps: [] };
    entry.steps.push(`${d.stage}: ${d.outcome}, ${d.reason}`);
    byPath.set(d.path, entry);
  }
  const suggested = new Set(j.suggested.map((s) => s.path));
  const unmatched = (j.unmatchedSkills ?? []).filter((s) => !suggested.has(s.path));
  const names = (refs: readonly SkillRef[]) => {
    const seen = new Map<string, number>();
    for (const r of refs) seen.set(r.name, (seen.get(r.name) ?? 0) + 1);
    return (r: SkillRef) => (seen.get(r.name) ?? 0) > 1;
  };
  const shared = names([...byPath.values()].map((e) => e.who));
  const out: string[] = [];
  for (const { who, steps } of byPath.values())
    out.push(
      `  ${who.name} (${who.scope})${shared(who) ? `  ${who.path}` : ''}`,
      ...steps.map((s) => `    ${s}`),
    );
  const twice = names(unmatched);
  if (unmatched.length > 0)
    out.push(
      `  dropped at score, nothing in the context matched them (${unmatched.length}): ${unmatched.map((s) => (twice(s) ? `${s.name} (${s.scope})` : s.name)).join(', ')}`,
    );
  return out;
}

/** `skillset select [PATH…]`: what the pipeline would load for a context. */
export async function runSelect(paths: string[], opts: SelectCliOptions): Promise<number> {
  const { service: s, done } = await service(paths, opts);
  const context: SelectContext = {
    ...(opts.intent !== undefined ? { intent: opts.intent } : {}),
    ...(opts.file.length > 0 ? { files: opts.file } : {}),
    ...(opts.command.length > 0 ? { commands: opts.command } : {}),
    ...(opts.keyword.length > 0 ? { keywords: opts.keyword } : {}),
  };
  const outcome = await s.select(context, {
    ...(opts.profile !== undefined ? { profile: opts.profile } : {}),
    ...(opts.budget !== undefined ? { budget: opts.budget } : {}),
    ...(opts.budgetUnit !== undefined ? { unit: opts.budgetUnit } : {}),
    ...(opts.suggest !== undefined ? { suggest: opts.suggest } : {}),
    dryRun: opts.dryRun === true,
    explain: opts.explain === true,
  });
  done();
  const view = unwrap(outcome, opts, { summariseLibrary: true });
  await (opts.json
    ? writeJson(view)
    : writeOut(selectText(visibleLines(view), opts.dryRun === true)));
  return view.violation ? 1 : 0;
}
