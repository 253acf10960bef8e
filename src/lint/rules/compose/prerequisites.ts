// compose/prerequisites: every prerequisite is a skill of the catalog, and prerequisites make no cycle.

import { z } from 'zod';
import { orderPrerequisites } from '../../../compose/prerequisites.js';
import { defineRule } from '../../define-rule.js';
import { byName } from './extends.js';

/** Report prerequisites that name no skill, and cycles among them. */
export const composePrerequisites = defineRule({
  code: 'compose/prerequisites',
  description:
    'Check that every prerequisite is a skill of the catalog and that prerequisites make no cycle.',
  scope: 'catalog',
  severity: { spec: 'off', recommended: 'error', security: 'off' },
  options: z.object({}),
  messages: { problem: '{message}' },
  check(ctx) {
    const map = byName(ctx.skills);
    const withPrerequisites = ctx.skills.filter(
      (s) => (s.skill.frontmatter.prerequisites ?? []).length > 0,
    );
    if (withPrerequisites.length === 0) return;
    const { diagnostics } = orderPrerequisites(
      withPrerequisites.map((s) => s.skill.id),
      {
        prerequisitesOf: (n) => {
          const s = map.get(n);
          return s ? (s.skill.frontmatter.prerequisites ?? []) : undefined;
        },
        fileOf: (n) => map.get(n)?.skill.path ?? n,
      },
    );
    const byPath = new Map(ctx.skills.map((s) => [s.skill.path, s]));
    for (const d of diagnostics)
      ctx.report({
        messageId: 'problem',
        data: { message: d.message, kind: d.code },
        file: d.file,
        start: byPath.get(d.file)?.skill.positions.prerequisites ?? { line: 1, column: 1 },
      });
  },
});
