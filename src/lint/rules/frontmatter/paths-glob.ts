// frontmatter/paths-glob: each `paths` entry is a glob relative to the project, with balanced brackets.

import { z } from 'zod';
import { defineRule } from '../../define-rule.js';
import { fieldPosition } from '../fields.js';

const PAIRS: Record<string, string> = { '{': '}', '[': ']', '(': ')' };
const CLOSERS: Record<string, string> = { '}': '{', ']': '[', ')': '(' };
/** Characters a backslash escapes in a glob; before anything else (a letter, `*`, `.`) it is a Windows separator. */
const ESCAPABLE = new Set([...'[]{}()!?,@+ \\']);

/** The first bracket of `glob` that is not matched, or `undefined`. */
function unbalanced(glob: string): string | undefined {
  const open: string[] = [];
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i] as string;
    if (c === '\\') i++;
    else if (c in PAIRS) open.push(c);
    else if (c in CLOSERS && open.pop() !== CLOSERS[c]) return c;
  }
  return open[0];
}

/** What is wrong with one glob, as a message id and data, or `undefined`. */
export function globProblem(
  glob: string,
): { messageId: string; data: Record<string, string> } | undefined {
  const data = { glob };
  if (glob.trim() === '') return { messageId: 'empty', data };
  if (/^(?:[/~]|[a-z]:[\\/]|\\\\)/i.test(glob)) return { messageId: 'absolute', data };
  for (let i = glob.indexOf('\\'); i !== -1; i = glob.indexOf('\\', i + 2)) {
    if (!ESCAPABLE.has(glob[i + 1] ?? '')) return { messageId: 'backslash', data };
  }
  if (glob.split(/[/\\]/).includes('..')) return { messageId: 'parent', data };
  const bracket = unbalanced(glob);
  if (bracket) return { messageId: 'unbalanced', data: { glob, bracket } };
  return undefined;
}

/** Each `paths` entry must be a non-empty, relative glob with `/` separators and balanced brackets. */
export const pathsGlob = defineRule({
  code: 'frontmatter/paths-glob',
  description: 'Check that each `paths` entry is a valid relative glob.',
  scope: 'skill',
  severity: { spec: 'off', recommended: 'warning', security: 'off' },
  options: z.object({}),
  messages: {
    empty: 'Unexpected empty glob in `paths`, expected a pattern such as `src/**/*.ts`',
    absolute: 'Unexpected absolute glob `{glob}`, expected a path relative to the project root',
    backslash: 'Unexpected `\\` in glob `{glob}`, expected `/` as the path separator',
    parent: 'Unexpected `..` in glob `{glob}`, expected a path inside the project',
    unbalanced: 'Unexpected unbalanced `{bracket}` in glob `{glob}`',
  },
  check(ctx) {
    const { skill } = ctx;
    const globs = skill.frontmatter.paths;
    if (!globs) return;
    // List items have positions of their own; the items of a comma-separated string do not.
    const listed = Array.isArray(skill.raw.paths);
    globs.forEach((glob, i) => {
      const problem = globProblem(glob);
      if (!problem) return;
      const start = (listed && skill.positions[`paths.${i}`]) || fieldPosition(skill, 'paths');
      ctx.report({ ...problem, start });
    });
  },
});
