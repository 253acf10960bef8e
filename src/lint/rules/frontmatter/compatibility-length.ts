// frontmatter/compatibility-length: `compatibility` is a string of at most 500 characters.

import { z } from 'zod';
import { defineRule } from '../../define-rule.js';
import { fieldPosition, specString } from '../fields.js';

/** `compatibility`, when present, is a string of at most `max` characters. */
export const compatibilityLength = defineRule({
  code: 'frontmatter/compatibility-length',
  description: 'Check that `compatibility` is a string of at most 500 characters.',
  scope: 'skill',
  severity: { spec: 'error', recommended: 'warning', security: 'off' },
  options: z.object({ max: z.number().int().positive().default(500) }),
  messages: {
    notString: "Field 'compatibility' must be a string",
    tooLong: 'Compatibility exceeds {max} character limit ({length} chars)',
  },
  check(ctx) {
    if (!Object.hasOwn(ctx.skill.raw, 'compatibility')) return;
    const start = fieldPosition(ctx.skill, 'compatibility');
    const value = specString(ctx.skill, 'compatibility');
    if (value === undefined) return ctx.report({ messageId: 'notString', start });
    const length = [...value].length;
    if (length > ctx.options.max)
      ctx.report({ messageId: 'tooLong', data: { max: ctx.options.max, length }, start });
  },
});
