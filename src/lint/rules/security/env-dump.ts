// security/env-dump: code that dumps the whole environment (where tokens and keys live).

import { z } from 'zod';
import { defineRule } from '../../define-rule.js';
import { type CodePattern, scanCode } from '../../security/scripts.js';

const PATTERNS: readonly CodePattern[] = [
  {
    messageId: 'dump',
    re: /(?:^|[;&|(`]|\$\()[ \t]*(?:env|printenv|export[ \t]+-p)[ \t]*(?=$|[|>;&)`])/m,
    shellOnly: true,
  },
  {
    messageId: 'dump',
    re: /\b(?:dumps|dict|str|repr|print|pprint|post|put|send|write|urlencode)\s*\(\s*(?:dict\s*\(\s*)?os\.environ\b(?!\s*(?:\[|\.get|\.copy))/,
  },
  {
    messageId: 'dump',
    re: /\b(?:JSON\.stringify|Object\.(?:entries|keys|values)|console\.(?:log|dir)|send|write)\s*\(\s*(?:\{\s*\.\.\.)?process\.env\s*[,)}]/,
  },
  { messageId: 'dump', re: /\bbody\s*:\s*(?:JSON\.stringify\s*\(\s*)?process\.env\b(?!\.)/ },
  { messageId: 'dump', re: /\b(?:Get-ChildItem|gci|ls|dir)\s+env:(?![\w$])/i },
];

/** The environment holds API keys and tokens: dumped, they go wherever the output goes. */
export const envDump = defineRule({
  code: 'security/env-dump',
  description: 'Report code that dumps the whole environment.',
  scope: 'skill',
  severity: { spec: 'off', recommended: 'off', security: 'error' },
  options: z.object({}),
  messages: {
    dump: 'Unexpected dump of the environment in {where}: `{match}`; read the one variable needed',
  },
  async check(ctx) {
    await scanCode(ctx, PATTERNS, /env|environ/i);
  },
});
