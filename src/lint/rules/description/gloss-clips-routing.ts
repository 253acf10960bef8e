// description/gloss-clips-routing: the 220-character roster gloss drops a trigger phrase or a `NOT for` redirect.

import { z } from 'zod';
import { buildGloss, clipWords, GLOSS_BUDGET } from '../../../tier/gloss.js';
import { splitDescription, type TriggerPhrase } from '../../../tier/split.js';
import { cpLength, trimEndOf } from '../../../tier/text.js';
import { defineRule } from '../../define-rule.js';
import { fieldPosition } from '../fields.js';

/** How much of a dropped `NOT for` clause a report quotes. */
const CLAUSE_QUOTE = 48;
/** The label the gloss prints before its trigger phrases. */
const LABEL = 'Triggers: ';

/**
 * The trigger phrases a gloss keeps: its trigger part prints the clause whole, or its first phrases
 * whole before `, …`; walk the phrases along it and stop at the first one not printed whole.
 */
function keptPhrases(gloss: string, phrases: readonly TriggerPhrase[]): number {
  const at = gloss.indexOf(LABEL);
  if (at < 0) return 0;
  const text = gloss.slice(at + LABEL.length);
  let pos = 0;
  let kept = 0;
  for (const p of phrases) {
    if (!text.startsWith(p.text, pos)) break;
    const next = text[pos + p.text.length];
    if (next !== undefined && !',;.?! '.includes(next)) break;
    kept++;
    pos += p.text.length + 2;
  }
  return kept;
}

/** What a gloss leaves out of a description's routing vocabulary: trigger phrases, and `NOT for` clauses not kept whole. */
export function droppedRouting(
  description: string,
  budget = GLOSS_BUDGET,
): { gloss: string; phrases: string[]; clauses: string[] } {
  const { phrases, notFor } = splitDescription(description);
  const gloss = buildGloss(description, budget);
  return {
    gloss,
    phrases: phrases.slice(keptPhrases(gloss, phrases)).map((p) => p.text),
    clauses: notFor.filter((c) => !gloss.includes(trimEndOf(c, '.'))),
  };
}

/** Report a skill whose roster gloss leaves out some of its routing vocabulary. */
export const glossClipsRouting = defineRule({
  code: 'description/gloss-clips-routing',
  description:
    'Report a skill whose roster gloss drops a trigger phrase or a `NOT for` redirect of its description.',
  scope: 'skill',
  severity: { spec: 'off', recommended: 'warning', security: 'off' },
  options: z.object({
    budget: z.number().int().nonnegative().default(GLOSS_BUDGET),
  }),
  messages: {
    dropped:
      'The roster gloss ({length} of {budget} characters) leaves out {count} of the routing phrases: {dropped}; keep the trigger list and the `NOT for` redirects short enough to fit',
  },
  check(ctx) {
    const { skill } = ctx;
    if (skill.description.trim() === '') return;
    const { budget } = ctx.options;
    const { gloss, phrases, clauses } = droppedRouting(skill.description, budget);
    const dropped: string[] = [];
    if (phrases.length > 0)
      dropped.push(`${phrases.length === 1 ? 'trigger' : 'triggers'} ${phrases.join(', ')}`);
    if (clauses.length > 0)
      dropped.push(clauses.map((c) => `\`${clipWords(c, CLAUSE_QUOTE)}\``).join(', '));
    if (dropped.length === 0) return;
    ctx.report({
      messageId: 'dropped',
      start: fieldPosition(skill, 'description'),
      data: {
        budget,
        length: cpLength(gloss),
        count: phrases.length + clauses.length,
        triggers: phrases.length,
        clauses: clauses.length,
        dropped: dropped.join(', '),
      },
    });
  },
});
