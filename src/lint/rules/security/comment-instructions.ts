// security/comment-instructions: HTML comments that give instructions (the model reads them; a person
// viewing the rendered skill does not see them).

import { z } from 'zod';
import { defineRule } from '../../define-rule.js';
import { excerpt } from '../../security/scripts.js';
import { htmlComments, maskFences, positionAt } from '../../security/text.js';

/** Comments that are tool directives, not text for the model. */
const DIRECTIVE =
  /^\s*(?:skillset-|markdownlint|prettier-|eslint|vale |cspell|toc\b|end ?toc|BEGIN|END|@)/i;
/** Words that address the model, or start an order. */
const ADDRESS = /\b(?:you|your|assistant|claude|the model|the agent|AI|LLM|GPT)\b/i;
const ORDER =
  /^\s*(?:always|never|do not|don't|must|ignore|disregard|instead|make sure|remember|respond|reply|output|execute|run|send|read|fetch|delete|say|tell|pretend|act as|you)\b/i;

/** An instruction in a comment is one a person reviewing the skill will not see rendered. */
export const commentInstructions = defineRule({
  code: 'security/comment-instructions',
  description: 'Report HTML comments in the body that give the model instructions.',
  scope: 'skill',
  severity: { spec: 'off', recommended: 'off', security: 'warning' },
  options: z.object({}),
  messages: {
    comment:
      'Unexpected instruction in an HTML comment: `{match}`; a reader of the rendered skill does not see it, so say it in the text',
  },
  check(ctx) {
    if (!ctx.bodyIncludes('<!--')) return;
    const text = ctx.text;
    const from = text.length - ctx.body.length;
    for (const c of htmlComments(maskFences(text.slice(from)))) {
      const inner = c.inner.trim();
      if (inner.split(/\s+/).length < 3 || DIRECTIVE.test(inner)) continue;
      if (!ADDRESS.test(inner) && !ORDER.test(inner)) continue;
      ctx.report({
        messageId: 'comment',
        data: { match: excerpt(inner) },
        start: positionAt(text, from + c.index),
      });
    }
  },
});
