// compose/imports: every `@import` line of a skill resolves, inside the allowed folders, without a cycle.

import path from 'node:path';
import { z } from 'zod';
import { resolveImports } from '../../../compose/imports.js';
import { defineRule } from '../../define-rule.js';

/**
 * The project root a skill's imports may also resolve against: the folder holding the scope's
 * `.claude/skills` or `.agents/skills`, else the skills root itself.
 */
export function projectRootOf(skillsRoot: string): string {
  const parent = path.dirname(skillsRoot);
  const scopeFolder = path.basename(parent);
  return path.basename(skillsRoot) === 'skills' &&
    (scopeFolder === '.claude' || scopeFolder === '.agents')
    ? path.dirname(parent)
    : skillsRoot;
}

/** Report what resolving the body's `@import` lines finds: missing files, refused paths, cycles, depth. */
export const composeImports = defineRule({
  code: 'compose/imports',
  description:
    'Check that every @import resolves inside the skill folder or the project, without a cycle.',
  scope: 'skill',
  severity: { spec: 'off', recommended: 'error' },
  options: z.object({ maxDepth: z.number().int().min(1).default(5) }),
  messages: { problem: '{message}' },
  async check(ctx) {
    if (!ctx.bodyIncludes('@import')) return;
    const { skill } = ctx;
    const r = await resolveImports(ctx.body, skill.path, skill.bodyLine, {
      roots: [skill.dir],
      projectRoot: projectRootOf(skill.source.root),
      fs: ctx.fs,
      maxDepth: ctx.options.maxDepth,
    });
    for (const d of r.diagnostics)
      ctx.report({
        messageId: 'problem',
        data: { message: d.message, kind: d.code },
        start: d.start,
        ...(d.end ? { end: d.end } : {}),
        file: d.file,
      });
  },
});
