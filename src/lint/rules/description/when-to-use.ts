// description/when-to-use: the description (or `when_to_use`) says when an agent should use the skill.

import { z } from 'zod';
import { defineRule } from '../../define-rule.js';
import { fieldPosition } from '../fields.js';

/** Phrases that say when: "Use when …", "Use this skill for …", "Triggers: …", a line opening "When …". */
const WHEN: readonly RegExp[] = [
  /\b(?:use|invoke|activate|trigger|spawn|load)(?:s|d|ed)?\s+(?:(?:this|it|me)\s+(?:skill\s+)?)?(?:proactively\s+|automatically\s+)?(?:when|whenever|if|for|after|before|during|once)\b/i,
  /\buse this skill to\b/i,
  /\bwhen (?:the |a )?users?\b|\bwhen you\b/i,
  /\btrigger(?:s|ed)?(?: keywords| phrases| words)?(?: on)?:/i,
  /^\s*when\b/im,
  // The same in Chinese, Japanese and Korean, which real libraries ship translations in.
  /(?:时|時|場合に|ときに|際に|때)\s*(?:使用|调用|使う|사용)|触发词|适用于|トリガー/,
];

/** Whether a description says when to use its skill. */
export function saysWhen(description: string): boolean {
  return WHEN.some((re) => re.test(description));
}

/** The description should say *when* to use the skill, or `when_to_use` should. */
export const whenToUse = defineRule({
  code: 'description/when-to-use',
  description: 'Require the description (or `when_to_use`) to say when to use the skill.',
  scope: 'skill',
  severity: { spec: 'off', recommended: 'warning', security: 'off' },
  options: z.object({}),
  messages: {
    missing:
      'Description does not say when to use the skill; add a clause such as `Use when …` or a `when_to_use` field',
  },
  check(ctx) {
    const { skill } = ctx;
    // No front matter description: parsing already asks for one.
    if (skill.descriptionSource !== 'frontmatter') return;
    if (skill.frontmatter.whenToUse?.trim()) return;
    if (saysWhen(skill.description)) return;
    ctx.report({ messageId: 'missing', start: fieldPosition(skill, 'description') });
  },
});
