// `skillset lint`: discover, lint, format, and exit 0 (clean), 1 (errors) or 2 (usage or config error).

import { createService } from '../../core/service.js';
import { formatDiagnosticReport, type ReportFormat } from '../../diagnostics/format/index.js';
import type { Profile } from '../../lint/define-rule.js';
import { RULES } from '../../lint/rules/index.js';
import {
  type SkillCliOptions,
  settingsInput,
  unwrap,
  writeErr,
  writeJson,
  writeOut,
} from '../options.js';

/** Options of `skillset lint`. */
export interface LintCliOptions extends SkillCliOptions {
  profile?: Profile;
  format: ReportFormat;
  config?: string;
  maxWarnings?: number;
  listRules?: boolean;
}

/** `--list-rules`: every rule, its severity per profile and what it checks (JSON with --json). */
async function listRules(json: boolean): Promise<number> {
  if (json) {
    const rows = RULES.map((r) => ({
      code: r.code,
      severity: r.severity,
      description: r.description,
    }));
    await writeJson(rows);
    return 0;
  }
  const width = Math.max(...RULES.map((r) => r.code.length));
  const lines = RULES.map(
    (r) =>
      `${r.code.padEnd(width)}  spec: ${r.severity.spec.padEnd(7)}  recommended: ${r.severity.recommended.padEnd(7)}  ${r.description}`,
  );
  await writeOut(`${lines.join('\n')}\n`);
  return 0;
}

/** Run `skillset lint`; resolves to the exit code. */
export async function runLint(paths: string[], opts: LintCliOptions): Promise<number> {
  if (opts.listRules) return listRules(opts.json ?? false);
  const input = { ...settingsInput(paths, opts), filesAsSkills: true };
  if (opts.profile) input.profile = opts.profile;
  const service = await createService(input);
  // Lint's own diagnostics are its output; only the environment's go to stderr.
  const report = unwrap(await service.lint(), { ...opts, verbose: false });
  const format = opts.json ? 'json' : opts.format;
  const rules = new Map(RULES.map((r) => [r.code, r.description]));
  await writeOut(
    formatDiagnosticReport(report, format, {
      cwd: process.cwd(),
      verbose: opts.verbose ?? false,
      rules,
    }),
    format === 'json' || format === 'sarif' ? 'json' : 'text',
  );
  if (report.summary.errors > 0) return 1;
  if (opts.maxWarnings !== undefined && report.summary.warnings > opts.maxWarnings) {
    if (!opts.quiet)
      writeErr(
        `skillset: ${report.summary.warnings} warnings, more than --max-warnings ${opts.maxWarnings}: exit 1\n`,
      );
    return 1;
  }
  return 0;
}
