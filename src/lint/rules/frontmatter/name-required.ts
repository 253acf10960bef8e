// frontmatter/name-required: the spec requires a `name` field.

import { z } from 'zod';
import { defineRule } from '../../define-rule.js';
import { fieldPosition, specString } from '../fields.js';

/** `name` must be present (the spec requires it; coding agents use the folder name instead). */
export const nameRequired = defineRule({
  code: 'frontmatter/name-required',
  description: 'Require a `name` field in the front matter.',
  scope: 'skill',
  severity: { spec: 'error', recommended: 'off', security: 'off' },
  options: z.object({}),
  messages: {
    missing: 'Missing required field in frontmatter: name',
    empty: "Field 'name' must be a non-empty string",
  },
  check(ctx) {
    const { raw } = ctx.skill;
    if (!Object.hasOwn(raw, 'name')) return ctx.report({ messageId: 'missing' });
    const name = specString(ctx.skill, 'name');
    if (name === undefined || name.trim() === '')
      ctx.report({ messageId: 'empty', start: fieldPosition(ctx.skill, 'name') });
  },
});
