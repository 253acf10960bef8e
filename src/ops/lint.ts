// The lint operation: the library's diagnostics under a profile, as a report in one of its formats;
// or, asked for the rules, every rule with its severity in each profile.

import type { Outcome } from '../core/outcome.js';
import type { LintReport } from '../core/views.js';
import { formatDiagnosticReport, type ReportFormat } from '../diagnostics/format/index.js';
import { RULES } from '../lint/rules/index.js';
import { operation } from './operation.js';

/** A rule as `--list-rules` lists it. */
interface RuleRow {
  code: string;
  severity: { spec: string; recommended: string; security: string };
  description: string;
}

/** The report, or (asked for) the rules. */
export type LintView = { report: LintReport } | { rules: RuleRow[] };

/** The input of lint. */
export interface LintInput {
  format?: ReportFormat;
  /** Exit 1 past this many warnings. */
  maxWarnings?: number;
  /** List the rules instead of linting. */
  listRules?: boolean;
  /** Show info diagnostics in the report. */
  verbose?: boolean;
}

const report = (view: LintView, format: ReportFormat, verbose: boolean): string =>
  'report' in view
    ? formatDiagnosticReport(view.report, format, {
        cwd: process.cwd(),
        verbose,
        rules: new Map(RULES.map((r) => [r.code, r.description])),
      })
    : '';

/** The rules, when asked for: the same whatever the library and the settings, so none is read. */
function rulesAsked(input: LintInput): Outcome<LintView> | undefined {
  if (!input.listRules) return undefined;
  const rules = RULES.map((r) => ({
    code: r.code,
    severity: r.severity,
    description: r.description,
  }));
  return { ok: true, value: { rules }, diagnostics: [] };
}

/** Lint with the settings' profile and rules (`filesAsSkills`: lint FILE… lints their skills). */
export const lint = operation<LintInput, LintView>({
  name: 'lint',
  input: (z) =>
    z.object({
      format: z.enum(['stylish', 'json', 'github', 'sarif']).optional(),
      maxWarnings: z.number().int().min(0).optional(),
      listRules: z.boolean().optional(),
      verbose: z.boolean().optional(),
    }),
  alone: rulesAsked,
  async run({ service }, input) {
    const rules = rulesAsked(input);
    if (rules) return rules;
    const o = await service.lint();
    return o.ok ? { ...o, value: { report: o.value } } : o;
  },
  text(view, input) {
    if ('rules' in view) {
      const width = Math.max(...view.rules.map((r) => r.code.length));
      return `${view.rules
        .map(
          (r) =>
            `${r.code.padEnd(width)}  spec: ${r.severity.spec.padEnd(7)}  recommended: ${r.severity.recommended.padEnd(7)}  security: ${r.severity.security.padEnd(7)}  ${r.description}`,
        )
        .join('\n')}\n`;
    }
    return report(view, input.format ?? 'stylish', input.verbose === true);
  },
  form: (input) => (input.format === 'json' || input.format === 'sarif' ? 'json' : 'text'),
  json(view, input) {
    return 'rules' in view
      ? `${JSON.stringify(view.rules, null, 2)}\n`
      : report(view, 'json', input.verbose === true);
  },
  exit(view, input) {
    if (!('report' in view)) return { code: 0 };
    const { errors, warnings } = view.report.summary;
    if (errors > 0) return { code: 1 };
    if (input.maxWarnings !== undefined && warnings > input.maxWarnings)
      return {
        code: 1,
        say: `${warnings} warnings, more than --max-warnings ${input.maxWarnings}: exit 1`,
      };
    return { code: 0 };
  },
});
