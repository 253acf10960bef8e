// body/too-short: a body under about 200 tokens is likely better merged into a related skill.

import { z } from 'zod';
import { estimateTokens } from '../../../skill/parse.js';
import { defineRule } from '../../define-rule.js';

/** The body should hold at least `minTokens` tokens (estimated as UTF-8 bytes / 4, blank edges trimmed). */
export const bodyTooShort = defineRule({
  code: 'body/too-short',
  description: 'Suggest merging a skill whose body is under about 200 tokens.',
  scope: 'skill',
  severity: { spec: 'off', recommended: 'info', security: 'off' },
  options: z.object({ minTokens: z.number().int().nonnegative().default(200) }),
  messages: {
    short:
      'The body is about {tokens} tokens, under {minTokens}: too little for an agent to act on; add the steps, or merge it into a related skill',
  },
  check(ctx) {
    const { minTokens } = ctx.options;
    const tokens = estimateTokens(ctx.bodyStats.trimmedBytes);
    if (tokens >= minTokens) return;
    ctx.report({
      messageId: 'short',
      data: { tokens, minTokens },
      start: { line: ctx.skill.bodyLine, column: 1 },
    });
  },
});
