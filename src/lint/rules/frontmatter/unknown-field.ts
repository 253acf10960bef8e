// frontmatter/unknown-field: the open specification allows six fields and no others.

import { z } from 'zod';
import { defineRule } from '../../define-rule.js';
import { fieldPosition } from '../fields.js';

/** The fields of the open Agent Skills specification. */
export const SPEC_FIELDS: readonly string[] = [
  'allowed-tools',
  'compatibility',
  'description',
  'license',
  'metadata',
  'name',
];

/** Only the specification's fields (plus any in `allow`) may appear. */
export const unknownField = defineRule({
  code: 'frontmatter/unknown-field',
  description: 'Allow only the six fields of the open specification in front matter.',
  scope: 'skill',
  severity: { spec: 'error', recommended: 'off', security: 'off' },
  options: z.object({ allow: z.array(z.string()).default([]) }),
  messages: {
    unexpected: 'Unexpected fields in frontmatter: `{field}`. Only {allowed} are allowed.',
  },
  check(ctx) {
    const allowed = new Set([...SPEC_FIELDS, ...ctx.options.allow]);
    const list = [...allowed]
      .sort()
      .map((f) => `\`${f}\``)
      .join(', ');
    for (const field of Object.keys(ctx.skill.raw)) {
      if (!allowed.has(field)) {
        ctx.report({
          messageId: 'unexpected',
          data: { field, allowed: list },
          start: fieldPosition(ctx.skill, field),
        });
      }
    }
  },
});
