// frontmatter/name-format: 1–64 lowercase letters, digits or single hyphens, as the reference validator checks.

import { z } from 'zod';
import { defineRule } from '../../define-rule.js';
import { fieldPosition, specString } from '../fields.js';

const MAX_NAME = 64;

/** The name: 1–64 lowercase letters, digits and hyphens, no leading, trailing or doubled hyphen. */
export const nameFormat = defineRule({
  code: 'frontmatter/name-format',
  description: 'Check that `name` is 1–64 lowercase letters, digits or single hyphens.',
  scope: 'skill',
  severity: { spec: 'error', recommended: 'warning', security: 'off' },
  options: z.object({}),
  messages: {
    tooLong: 'Skill name `{name}` exceeds {max} character limit ({length} chars)',
    uppercase: 'Skill name `{name}` must be lowercase',
    edgeHyphen: 'Skill name `{name}` cannot start or end with a hyphen',
    doubleHyphen: 'Skill name `{name}` cannot contain consecutive hyphens',
    chars:
      'Skill name `{name}` contains invalid characters. Only letters, digits, and hyphens are allowed.',
  },
  check(ctx) {
    const value = specString(ctx.skill, 'name');
    if (value === undefined || value.trim() === '') return;
    const name = value.trim().normalize('NFKC');
    const start = fieldPosition(ctx.skill, 'name');
    const data = { name, max: MAX_NAME, length: [...name].length };
    // Lengths count code points, as Python's len() does.
    if (data.length > MAX_NAME) ctx.report({ messageId: 'tooLong', data, start });
    if (name !== name.toLowerCase()) ctx.report({ messageId: 'uppercase', data, start });
    if (name.startsWith('-') || name.endsWith('-'))
      ctx.report({ messageId: 'edgeHyphen', data, start });
    if (name.includes('--')) ctx.report({ messageId: 'doubleHyphen', data, start });
    if (!/^[\p{L}\p{N}-]*$/u.test(name)) ctx.report({ messageId: 'chars', data, start });
  },
});
