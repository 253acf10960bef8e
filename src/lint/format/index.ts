// Pick a lint output format by name.

import { SkillsetError } from '../../errors.js';
import type { LintResult } from '../run.js';
import { formatGithub } from './github.js';
import { formatJson } from './json.js';
import { formatSarif } from './sarif.js';
import { formatStylish } from './stylish.js';

/** The lint output formats. */
export const LINT_FORMATS = ['stylish', 'json', 'github', 'sarif'] as const;

/** A lint output format. */
export type LintFormat = (typeof LINT_FORMATS)[number];

/** Format a lint result; `cwd` makes paths relative where a format wants that. */
export function formatLintResult(
  result: LintResult,
  format: LintFormat,
  options: { cwd?: string; verbose?: boolean } = {},
): string {
  switch (format) {
    case 'stylish':
      return formatStylish(result, options);
    case 'json':
      return formatJson(result);
    case 'github':
      return formatGithub(result, options);
    case 'sarif':
      return formatSarif(result, options);
    default:
      throw new SkillsetError('usage/unknown-format', `Unknown format \`${String(format)}\``, {
        hint: `Use one of: ${LINT_FORMATS.join(', ')}.`,
      });
  }
}
