// compose/imports: every `@import` line of a skill resolves, inside the allowed folders, without a cycle.

import path from 'node:path';
import { z } from 'zod';
import { importAllowance, type LoadLimits } from '../../../compose/import-limits.js';
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

/** How far lint follows a skill's imports: ten times the files a load imports, 10 MiB of text. */
const LINT_LIMITS: LoadLimits = { maxBytes: 10 * 1024 * 1024, maxImports: 1_000 };

/** Report what resolving the body's `@import` lines finds: missing files, refused paths, cycles, depth. */
export const composeImports = defineRule({
  code: 'compose/imports',
  description:
    'Check that every @import resolves inside the skill folder or the project, without a cycle.',
  scope: 'skill',
  severity: { spec: 'off', recommended: 'error', security: 'off' },
  options: z.object({ maxDepth: z.number().int().min(1).default(5) }),
  messages: { problem: '{message}' },
  async check(ctx) {
    if (!ctx.bodyIncludes('@import')) return;
    const { skill } = ctx;
    // Bounded, as a load is (more widely: lint looks further than a load reads, never without end).
    const allowance = importAllowance(LINT_LIMITS, LINT_LIMITS.maxBytes, 1024 * 1024);
    const r = await resolveImports(ctx.body, skill.path, skill.bodyLine, {
      roots: [skill.dir],
      projectRoot: projectRootOf(skill.source.root),
      fs: ctx.fs,
      maxDepth: ctx.options.maxDepth,
      allowance,
    });
    const first = allowance.left[0];
    if (first)
      ctx.report({
        messageId: 'problem',
        data: {
          message: `\`@import ${first.spec}\` and ${allowance.left.length - 1 + allowance.moreLeft} more are not checked: the imports pass ${LINT_LIMITS.maxImports.toLocaleString('en')} files or ${LINT_LIMITS.maxBytes / 1024 / 1024} MiB, far more than a load reads`,
          kind: 'compose/load-limit',
        },
        start: { line: first.line, column: first.column },
        end: { line: first.line, column: first.column + first.spec.length },
        file: first.where,
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
