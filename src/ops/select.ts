// The select operation: what the pipeline loads for a context, and its text (loaded, overflow,
// suggestions, budget; with explain, every decision per copy of a skill).

import type { SelectOptions } from '../select/pipeline.js';
import type { SelectContext } from '../select/score.js';
import type { SelectView, SelectViewOptions, SkillRef } from '../select/view.js';
import { visibleLines, visibleText } from '../text/visible.js';
import { operation } from './operation.js';

/** The input of select: the context and the pipeline's options, side by side. */
export type SelectInput = SelectContext & SelectOptions & SelectViewOptions;

/** The line over a `weak` intent's suggestions. */
const SELECT_WEAK =
  'intent: coverage weak — no skill clearly fits, so none loads on its text; the candidates are suggested below';

function line(s: SelectView['loaded'][number]): string {
  const part = s.whole ? `, in part (of ${s.whole.chars.toLocaleString('en')})` : '';
  return `  ${s.name.padEnd(36)} ${s.tier.padEnd(9)} score ${String(s.score).padStart(3)}   ${s.chars.toLocaleString('en')} chars${part}`;
}

/** The text form: loaded, overflow, budget; with explain, every decision per skill. */
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

/** Choose the skills to load for a context: the selection pipeline (docs/selection.md). */
export const select = operation<SelectInput, SelectView>({
  name: 'select',
  input: (z) =>
    z.object({
      intent: z.string().optional().describe('What the user asked for.'),
      files: z.array(z.string()).optional().describe('Active files, relative to the project.'),
      commands: z.array(z.string()).optional().describe('Recent commands.'),
      keywords: z.array(z.string()).optional().describe('Context keywords.'),
      profile: z.string().optional().describe('The agent profile (default interactive).'),
      budget: z.number().int().min(0).optional().describe('The budget.'),
      unit: z.enum(['chars', 'tokens']).optional(),
      parts: z
        .boolean()
        .optional()
        .describe('Load a part of a skill that does not fit whole (default true).'),
      suggest: z.number().int().min(0).optional(),
      dryRun: z.boolean().optional(),
      explain: z.boolean().optional(),
      content: z
        .boolean()
        .optional()
        .describe("Give each loaded skill's text, as load_skill gives it (not on a dry run)."),
    }),
  run({ service }, input) {
    const { intent, files, commands, keywords, ...options } = input;
    const context: SelectContext = {
      ...(intent !== undefined ? { intent } : {}),
      ...(files && files.length > 0 ? { files } : {}),
      ...(commands && commands.length > 0 ? { commands } : {}),
      ...(keywords && keywords.length > 0 ? { keywords } : {}),
    };
    return service.select(context, options);
  },
  // The loaded skills' texts (`content`) are many lines each: escaped as text, not as one line.
  text: (view, input) =>
    [
      selectText(visibleLines(view), input.dryRun === true),
      ...view.loaded.flatMap((s) => (s.text === undefined ? [] : [`\n${visibleText(s.text)}\n`])),
    ].join(''),
  exit: (view) => ({ code: view.violation ? 1 : 0 }),
});
