// frontmatter/description-required: the spec requires a non-empty `description`.

import { z } from 'zod';
import { defineRule } from '../../define-rule.js';
import { fieldPosition, specString } from '../fields.js';

/** `description` must be present and non-empty (recommended mode reports this while parsing). */
export const descriptionRequired = defineRule({
  code: 'frontmatter/description-required',
  description: 'Require a non-empty `description` field in the front matter.',
  scope: 'skill',
  severity: { spec: 'error', recommended: 'off', security: 'off' },
  options: z.object({}),
  messages: {
    missing: 'Missing required field in frontmatter: description',
    empty: "Field 'description' must be a non-empty string",
  },
  check(ctx) {
    if (!Object.hasOwn(ctx.skill.raw, 'description')) return ctx.report({ messageId: 'missing' });
    const value = specString(ctx.skill, 'description');
    if (value === undefined || value.trim() === '') {
      ctx.report({ messageId: 'empty', start: fieldPosition(ctx.skill, 'description') });
    }
  },
});
