// security/oversized-file: files over 5 MB (not read by the audit), and folders too big to audit whole.

import { z } from 'zod';
import { defineRule } from '../../define-rule.js';
import { auditFolder, MAX_FILE_BYTES } from '../../security/folder.js';

const mb = (n: number): string => `${(n / 1024 / 1024).toFixed(1)} MB`;

/** What the audit cannot read it cannot vouch for; a skill needs text, not payloads. */
export const oversizedFile = defineRule({
  code: 'security/oversized-file',
  description: 'Report files over 5 MB, and folders too large to audit whole.',
  scope: 'skill',
  severity: { spec: 'off', recommended: 'off', security: 'warning' },
  options: z.object({}),
  messages: {
    large: 'Unexpected file of {size} `{rel}`, over the {max} the audit reads; it was not checked',
    stopped: 'The audit stopped reading this folder ({why}); the rest was not checked',
  },
  async check(ctx) {
    const folder = await auditFolder(ctx);
    for (const f of folder.files) {
      if (f.size <= MAX_FILE_BYTES) continue;
      ctx.report({
        messageId: 'large',
        data: { size: mb(f.size), rel: f.rel, max: mb(MAX_FILE_BYTES) },
        file: f.path,
      });
    }
    if (folder.stopped) ctx.report({ messageId: 'stopped', data: { why: folder.stopped } });
  },
});
