// body/too-long: a body over 500 lines or about 5,000 tokens belongs partly in `references/`.

import { z } from 'zod';
import { estimateTokens } from '../../../skill/parse.js';
import { defineRule } from '../../define-rule.js';

/** The body may not exceed `maxLines` lines or `maxTokens` tokens (estimated as UTF-8 bytes / 4, as for `Skill.size`). */
export const bodyTooLong = defineRule({
  code: 'body/too-long',
  description: 'Limit the body to 500 lines and about 5,000 tokens.',
  scope: 'skill',
  severity: { spec: 'off', recommended: 'warning', security: 'off' },
  options: z.object({
    maxLines: z.number().int().positive().default(500),
    maxTokens: z.number().int().positive().default(5000),
  }),
  messages: {
    lines:
      'The body is {lines} lines long, over the {maxLines} an agent should load at once; move detail into `references/` files and link to them',
    tokens:
      'The body is about {tokens} tokens, over the {maxTokens} an agent should load at once; move detail into `references/` files and link to them',
    both: 'Unexpected body of {lines} lines and about {tokens} tokens, expected at most {maxLines} lines and {maxTokens} tokens; move detail into `references/` files and link to them',
  },
  check(ctx) {
    const { maxLines, maxTokens } = ctx.options;
    const { lines, bytes } = ctx.bodyStats;
    const tokens = estimateTokens(bytes);
    const overLines = lines > maxLines;
    const overTokens = tokens > maxTokens;
    if (!overLines && !overTokens) return;
    const messageId = overLines && overTokens ? 'both' : overLines ? 'lines' : 'tokens';
    ctx.report({
      messageId,
      data: { lines, tokens, maxLines, maxTokens },
      start: { line: ctx.skill.bodyLine, column: 1 },
    });
  },
});
