// frontmatter/name-matches-folder: the folder name is the command name, so `name` must equal it.

import { z } from 'zod';
import { defineRule } from '../../define-rule.js';
import { fieldPosition, specString } from '../fields.js';

/** The name must equal the folder name (both NFKC-normalised): the folder is the command name. */
export const nameMatchesFolder = defineRule({
  code: 'frontmatter/name-matches-folder',
  description: 'Check that `name` equals the skill’s folder name.',
  scope: 'skill',
  severity: { spec: 'error', recommended: 'warning', security: 'off' },
  options: z.object({}),
  messages: {
    mismatch:
      'Directory name `{folder}` must match skill name `{name}`; the folder name is the command name',
  },
  check(ctx) {
    const value = specString(ctx.skill, 'name');
    if (value === undefined || value.trim() === '') return;
    const name = value.trim().normalize('NFKC');
    const folder = ctx.skill.name;
    if (folder.normalize('NFKC') !== name) {
      ctx.report({
        messageId: 'mismatch',
        data: { folder, name },
        start: fieldPosition(ctx.skill, 'name'),
      });
    }
  },
});
