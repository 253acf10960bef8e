// security/symlink-out: links in the skill folder that lead outside it.

import { z } from 'zod';
import { defineRule } from '../../define-rule.js';
import { auditFolder } from '../../security/folder.js';

/** A link out of the folder: skillset does not follow it, but other agents and copies may. */
export const symlinkOut = defineRule({
  code: 'security/symlink-out',
  description: 'Report links in the skill folder that lead outside it.',
  scope: 'skill',
  severity: { spec: 'off', recommended: 'off', security: 'error' },
  options: z.object({}),
  messages: {
    out: 'Unexpected link `{rel}` to `{target}`, outside the skill folder; copy the file in instead',
  },
  async check(ctx) {
    const folder = await auditFolder(ctx);
    for (const l of folder.linksOut) {
      const target = await ctx.fs.readlink(l.path).catch(() => '?');
      ctx.report({ messageId: 'out', data: { rel: l.rel, target }, file: l.path });
    }
  },
});
