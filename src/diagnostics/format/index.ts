// Pick a diagnostics output format by name (lint's formats, for diagnostics from any command).

import { SkillsetError } from '../../errors.js';
import type { DiagnosticReport } from '../report.js';
import { formatGithub } from './github.js';
import { formatJson } from './json.js';
import { formatSarif } from './sarif.js';
import { formatStylish } from './stylish.js';

/** The lint output formats. */
export const REPORT_FORMATS = ['stylish', 'json', 'github', 'sarif'] as const;

/** A lint output format. */
export type ReportFormat = (typeof REPORT_FORMATS)[number];

/** Format a lint result; `cwd` makes paths relative where a format wants that. */
export function formatDiagnosticReport(
  result: DiagnosticReport,
  format: ReportFormat,
  options: { cwd?: string; verbose?: boolean; rules?: ReadonlyMap<string, string> } = {},
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
        hint: `Use one of: ${REPORT_FORMATS.join(', ')}.`,
      });
  }
}
