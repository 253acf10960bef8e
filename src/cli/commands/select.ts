// `skillset select`: a thin face over the service's selection pipeline.

import type { SelectJson, SelectResult } from '../../select/pipeline.js';
import type { SelectContext } from '../../select/score.js';
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

function line(s: SelectJson['loaded'][number]): string {
  return `  ${s.name.padEnd(36)} ${s.tier.padEnd(9)} score ${String(s.score).padStart(3)}   ${s.chars.toLocaleString('en')} chars`;
}

/** The text form: loaded, overflow, budget; with --explain, every decision per skill. */
function selectText(r: SelectResult, explain: boolean, dryRun: boolean): string {
  const j = r.json;
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
  if (explain) {
    const byId = new Map<string, string[]>();
    for (const d of r.decisions) {
      // Skills that nothing matched are many: they share one line below.
      if (d.stage === 'score' && r.unmatched.has(d.id)) continue;
      const list = byId.get(d.id) ?? [];
      list.push(`${d.stage}: ${d.outcome}, ${d.reason}`);
      byId.set(d.id, list);
    }
    // A skill suggested has its own line above; the rest of those nothing matched share one.
    const suggested = new Set(j.suggested.map((s) => s.name));
    const unmatched = [...r.unmatched].filter((id) => !suggested.has(id));
    out.push('', 'why:');
    for (const [id, steps] of byId) out.push(`  ${id}`, ...steps.map((s) => `    ${s}`));
    if (unmatched.length > 0)
      out.push(
        `  dropped at score, nothing in the context matched them (${unmatched.length}): ${unmatched.join(', ')}`,
      );
  }
  return `${out.join('\n')}\n`;
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
  });
  done();
  const result = unwrap(outcome, opts, { summariseLibrary: true });
  await (opts.json
    ? writeJson(result.json)
    : writeOut(selectText(visibleLines(result), opts.explain === true, opts.dryRun === true)));
  return result.json.violation ? 1 : 0;
}
