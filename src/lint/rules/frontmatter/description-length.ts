// frontmatter/description-length: a description of at most 1,024 characters.

import { z } from 'zod';
import { defineRule } from '../../define-rule.js';
import { fieldPosition, specString } from '../fields.js';

/** The description may not exceed `max` characters (code points, as the reference validator counts). */
export const descriptionLength = defineRule({
  code: 'frontmatter/description-length',
  description: 'Limit `description` to 1,024 characters.',
  scope: 'skill',
  severity: { spec: 'error', recommended: 'warning', security: 'off' },
  options: z.object({ max: z.number().int().positive().default(1024) }),
  messages: { tooLong: 'Description exceeds {max} character limit ({length} chars)' },
  check(ctx) {
    const value = specString(ctx.skill, 'description');
    if (value === undefined) return;
    const length = [...value].length;
    if (length > ctx.options.max) {
      ctx.report({
        messageId: 'tooLong',
        data: { max: ctx.options.max, length },
        start: fieldPosition(ctx.skill, 'description'),
      });
    }
  },
});
