// security/model-instructions: text aimed at the model to override its instructions, hidden role
// text, and requests to send data away, in the description, the body and HTML comments.

import { z } from 'zod';
import type { Position } from '../../../diagnostics/diagnostic.js';
import { defineRule } from '../../define-rule.js';
import { excerpt } from '../../security/scripts.js';
import { htmlComments, maskFences, positionAt, prose } from '../../security/text.js';
import { fieldPosition } from '../fields.js';

/** Phrases that only an injection says, outside code and quotation marks. */
const SAYINGS: readonly { id: string; re: RegExp }[] = [
  {
    id: 'override',
    re: /\b(?:ignore|disregard|forget|override)\s+(?:all\s+|any\s+|the\s+|your\s+|of\s+)*(?:previous|prior|above|earlier|preceding|system|original)\s+(?:instructions?|prompts?|rules|directions|guidelines|context|messages?)\b/i,
  },
  { id: 'override', re: /\bdisregard\s+(?:everything\s+|all\s+)?(?:the\s+)?above\b/i },
  {
    id: 'persona',
    re: /\byou\s+are\s+now\s+(?:an?\s+)?(?:DAN\b|unrestricted|unfiltered|jailbroken|uncensored|free\s+(?:of|from)\s+(?:all\s+)?(?:rules|restrictions|guidelines)|in\s+developer\s+mode|no\s+longer\s+bound)/i,
  },
  {
    id: 'exfiltrate',
    re: /\b(?:send|post|upload|exfiltrate|transmit|forward|leak)\b(?:[^.\n]|\.(?=\S)){0,60}?\b(?:contents?|secrets?|credentials?|keys?|tokens?|passwords?|environment(?:\s+variables)?|\.env|ssh|history|cookies?)\b(?:[^.\n]|\.(?=\S)){0,60}?\bto\s+(?:https?:\/\/|\d{1,3}(?:\.\d{1,3}){3})/i,
  },
];

/** Role markers that have no business in a comment no reader sees. */
const ROLE =
  /<\/?(?:system|assistant|im_start|im_end)\b[^>]*>|<\|im_start\|>|\[\/?(?:SYSTEM|INST|ASSISTANT)\]|^\s*#{1,6}\s*(?:system|assistant)\s*:?|^\s*(?:system|assistant)\s*:/im;

/** Text written for the model to obey that the user reading the skill cannot see, or would not write. */
export const modelInstructions = defineRule({
  code: 'security/model-instructions',
  description:
    'Report text aimed at overriding the model: injected instructions, hidden role text, exfiltration.',
  scope: 'skill',
  severity: { spec: 'off', recommended: 'off', security: 'error' },
  options: z.object({}),
  messages: {
    override: 'Unexpected instruction to drop the model’s instructions in the {where}: `{match}`',
    persona: 'Unexpected attempt to lift the model’s limits in the {where}: `{match}`',
    exfiltrate: 'Unexpected request to send data to a fixed address in the {where}: `{match}`',
    role: 'Unexpected role text `{match}` hidden in an HTML comment',
  },
  check(ctx) {
    const found = (text: string, where: string, at: (i: number) => Position): void => {
      for (const s of SAYINGS) {
        const m = s.re.exec(text);
        if (m)
          ctx.report({
            messageId: s.id,
            data: { where, match: excerpt(m[0]) },
            start: at(m.index),
          });
      }
    };
    const description = ctx.skill.frontmatter.description;
    if (typeof description === 'string')
      found(prose(description), 'description', () => fieldPosition(ctx.skill, 'description'));
    // The patterns are ASCII: a body in whose bytes none matches is never decoded or masked.
    const raw = ctx.bodyBytes;
    if (!SAYINGS.some((x) => x.re.test(raw)) && !raw.includes('<!--')) return;
    const text = ctx.text;
    const from = text.length - ctx.body.length;
    found(prose(text.slice(from)), 'body', (i) => positionAt(text, from + i));
    if (!text.includes('<!--')) return;
    const masked = maskFences(text.slice(from));
    for (const c of htmlComments(masked)) {
      const inner = c.inner;
      const at = (i: number) => positionAt(text, from + c.index + 4 + i);
      const role = ROLE.exec(inner);
      if (role)
        ctx.report({ messageId: 'role', data: { match: excerpt(role[0]) }, start: at(role.index) });
      found(inner, 'HTML comment', at);
    }
  },
});
