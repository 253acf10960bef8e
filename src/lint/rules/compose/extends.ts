// compose/extends: each `extends` chain names skills of the catalog, without a cycle, at most three deep.

import { z } from 'zod';
import { type ComposableSkill, composeExtends, skillsByName } from '../../../compose/extends.js';
import { defineRule, type SkillInput } from '../../define-rule.js';

/** The catalog by name (ids first, then names; loaded skills before shadowed ones). */
export const byName = (skills: readonly SkillInput[]): Map<string, SkillInput> =>
  skillsByName(skills, (s) => s.skill);

/** Report broken `extends` chains: a missing parent, a cycle, self-extension, more than three parents. */
export const composeExtendsRule = defineRule({
  code: 'compose/extends',
  description:
    'Check that each extends chain names skills of the catalog, without a cycle, at most three deep.',
  scope: 'catalog',
  severity: { spec: 'off', recommended: 'error', security: 'off' },
  options: z.object({}),
  messages: { problem: '{message}' },
  check(ctx) {
    const map = byName(ctx.skills);
    const byPath = new Map(ctx.skills.map((s) => [s.skill.path, s]));
    // Front matter only: whether a chain holds does not depend on the bodies.
    const composable = (s: SkillInput): ComposableSkill => ({
      name: s.skill.id,
      path: s.skill.path,
      frontmatter: s.skill.frontmatter,
      body: '',
    });
    const lookup = (name: string) => {
      const s = map.get(name);
      return s ? composable(s) : undefined;
    };
    const names = [...map.keys()];
    // Each finding once, at the `extends` field of the skill where the chain breaks (chains that
    // share a broken link find it again).
    const seen = new Set<string>();
    for (const s of ctx.skills) {
      if (s.skill.frontmatter.extends === undefined) continue;
      for (const d of composeExtends(composable(s), lookup, names).diagnostics) {
        const key = `${d.code}\0${d.file}`;
        if (seen.has(key)) continue;
        seen.add(key);
        const at = byPath.get(d.file) ?? s;
        ctx.report({
          messageId: 'problem',
          data: { message: d.message, kind: d.code },
          file: d.file,
          start: at.skill.positions.extends ?? { line: 1, column: 1 },
        });
      }
    }
  },
});
