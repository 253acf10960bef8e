// `skillset lint`: discover, lint, format, and exit 0 (clean), 1 (errors) or 2 (usage or config error).

import { loadConfig } from '../../config/config.js';
import type { Profile } from '../../lint/define-rule.js';
import { formatLintResult, type LintFormat } from '../../lint/format/index.js';
import { lintSkills } from '../../lint/run.js';
import { discoverOptions, type SkillCliOptions, writeOut } from '../options.js';

/** Options of `skillset lint`. */
export interface LintCliOptions extends SkillCliOptions {
  profile?: Profile;
  format: LintFormat;
  config?: string;
  maxWarnings?: number;
}

/** Run `skillset lint`; resolves to the exit code. */
export async function runLint(paths: string[], opts: LintCliOptions): Promise<number> {
  const cwd = process.cwd();
  const { config } = loadConfig({ cwd, file: opts.config });
  const profile = opts.profile ?? config.lint?.profile ?? 'recommended';
  const result = await lintSkills({ ...discoverOptions(paths, opts), profile, rules: config.lint?.rules ?? {} });
  const format = opts.json ? 'json' : opts.format;
  await writeOut(formatLintResult(result, format, { cwd, verbose: opts.verbose ?? false }));
  if (result.errors > 0) return 1;
  if (opts.maxWarnings !== undefined && result.warnings > opts.maxWarnings) return 1;
  return 0;
}
