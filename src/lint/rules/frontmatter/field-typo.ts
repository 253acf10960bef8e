// frontmatter/field-typo: a field that is not known but is close to a known one is most likely misspelt.

import { z } from 'zod';
import { KNOWN_FIELDS } from '../../../skill/normalize.js';
import { editDistance } from '../../../text/did-you-mean.js';
import { defineRule } from '../../define-rule.js';
import { fieldPosition } from '../fields.js';

const fold = (s: string) => s.toLowerCase().replace(/_/g, '-');

/** The known field `field` most likely misspells, or `undefined` when it is not close to any. */
export function misspeltField(field: string, known: readonly string[]): string | undefined {
  if (known.includes(field)) return undefined;
  const folded = fold(field);
  const same = known.find((k) => fold(k) === folded);
  if (same) return same;
  // Short names are close to many words; allow them one edit only.
  const limit = field.length <= 4 ? 1 : 2;
  let best: string | undefined;
  let bestD = limit + 1;
  for (const k of known) {
    const target = fold(k);
    if (Math.abs(target.length - folded.length) > limit) continue; // cannot be within the limit
    const d = editDistance(folded, target);
    if (d >= bestD) continue;
    // Typos keep the first letter (`tools` is not `hooks`), and the plural of a
    // one-word singular field names a different one (`agents` beside `agent`).
    if (d === 2 && folded[0] !== target[0]) continue;
    if (/^[a-z]+$/.test(target) && (folded === `${target}s` || folded === `${target}es`)) continue;
    best = k;
    bestD = d;
  }
  return best;
}

const KNOWN: readonly string[] = [...KNOWN_FIELDS.keys()];
const verdicts = new Map<string, string | undefined>();

/** A top-level field that is not known but within an edit or two of a known one is reported with a suggestion. */
export const fieldTypo = defineRule({
  code: 'frontmatter/field-typo',
  description: 'Report front matter fields that look like misspellings of known ones.',
  scope: 'skill',
  severity: { spec: 'off', recommended: 'warning', security: 'off' },
  options: z.object({ allow: z.array(z.string()).default([]) }),
  messages: { typo: 'Unknown field `{field}`; did you mean `{suggestion}`?' },
  check(ctx) {
    for (const field of Object.keys(ctx.skill.raw)) {
      if (ctx.options.allow.includes(field)) continue;
      // Libraries repeat the same few extra fields in every skill: decide each name once.
      if (!verdicts.has(field)) verdicts.set(field, misspeltField(field, KNOWN));
      const suggestion = verdicts.get(field);
      if (suggestion) {
        ctx.report({
          messageId: 'typo',
          data: { field, suggestion },
          start: fieldPosition(ctx.skill, field),
        });
      }
    }
  },
});
