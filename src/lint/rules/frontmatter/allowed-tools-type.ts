// frontmatter/allowed-tools-type: `allowed-tools` is a string or a list of strings.

import { z } from 'zod';
import { defineRule } from '../../define-rule.js';
import { fieldPosition } from '../fields.js';

/** `allowed-tools` is a space-separated string or a list of strings. */
export const allowedToolsType = defineRule({
  code: 'frontmatter/allowed-tools-type',
  description: 'Check that `allowed-tools` is a string or a list of strings.',
  scope: 'skill',
  severity: { spec: 'error', recommended: 'off', security: 'off' },
  options: z.object({}),
  messages: {
    type: "Field 'allowed-tools' must be either a string or a list of strings",
    items: "Field 'allowed-tools' list items must all be strings",
  },
  check(ctx) {
    const { raw, scalarSources } = ctx.skill;
    if (!Object.hasOwn(raw, 'allowed-tools')) return;
    const value = raw['allowed-tools'];
    const start = fieldPosition(ctx.skill, 'allowed-tools');
    if (Array.isArray(value)) {
      // Scalars are strings to the reference validator; nested lists and maps are not.
      const bad = value.some(
        (item, i) =>
          typeof item === 'object' &&
          item !== null &&
          scalarSources[`allowed-tools.${i}`] === undefined,
      );
      if (bad) ctx.report({ messageId: 'items', start });
      return;
    }
    if (typeof value === 'object' && value !== null) ctx.report({ messageId: 'type', start });
  },
});
