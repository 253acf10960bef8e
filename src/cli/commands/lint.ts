// `skillset lint`: discover, lint, format, and exit 0 (clean), 1 (errors) or 2 (usage or config error).

import { loadConfig } from '../../config/config.js';
import type { Profile } from '../../lint/define-rule.js';
import { formatLintResult, type LintFormat } from '../../lint/format/index.js';
import { RULES } from '../../lint/rules/index.js';
import { lintSkills } from '../../lint/run.js';
import { discoverOptions, type SkillCliOptions, writeOut } from '../options.js';

/** Options of `skillset lint`. */
export interface LintCliOptions extends SkillCliOptions {
  profile?: Profile;
  format: LintFormat;
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
    await writeOut(`${JSON.stringify(rows, null, 2)}\n`);
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
  const cwd = process.cwd();
  const { config } = await loadConfig({ cwd, file: opts.config });
  const profile = opts.profile ?? config.lint?.profile ?? 'recommended';
  const result = await lintSkills({
    ...discoverOptions(paths, opts),
    profile,
    rules: config.lint?.rules ?? {},
  });
  const format = opts.json ? 'json' : opts.format;
  await writeOut(formatLintResult(result, format, { cwd, verbose: opts.verbose ?? false }));
  if (result.errors > 0) return 1;
  if (opts.maxWarnings !== undefined && result.warnings > opts.maxWarnings) return 1;
  return 0;
}
