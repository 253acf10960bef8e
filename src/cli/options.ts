// Turn CLI options into settings, and service outcomes into stderr lines, values or usage errors.

import type { Outcome } from '../core/outcome.js';
import type { SettingsInput } from '../core/settings.js';
import { type Diagnostic, formatDiagnostic } from '../diagnostics/diagnostic.js';
import type { AgentName } from '../discover/agents.js';
import { SkillsetError } from '../errors.js';
import { visibleJson, visibleLine, visibleText } from '../text/visible.js';

/** The options shared by commands that read skills. */
export interface SkillCliOptions {
  dir: string[];
  addDir?: string[];
  agent?: AgentName;
  precedence?: 'default' | 'claude-code';
  maxDepth: number;
  cache: boolean;
  json?: boolean;
  quiet?: boolean;
  verbose?: boolean;
}

/** The settings a command's flags ask for; positional paths mean "only these roots". */
export function settingsInput(
  paths: readonly string[],
  o: SkillCliOptions & { index?: string; config?: string; trustProject?: boolean },
): SettingsInput {
  const roots = [...paths, ...o.dir];
  const input: SettingsInput = { maxDepth: o.maxDepth, cache: o.cache };
  if (o.precedence) input.precedence = o.precedence;
  if (o.agent) input.agent = o.agent;
  if (o.addDir && o.addDir.length > 0) input.addDirs = o.addDir;
  if (roots.length > 0) input.roots = roots;
  if (o.index !== undefined) input.indexFile = o.index;
  if (o.config !== undefined) input.configFile = o.config;
  if (o.trustProject) input.trustProject = true;
  return input;
}

/** A service outcome for the terminal: diagnostics on stderr and the value, or the problem alone as a usage error (exit 2). */
export function unwrap<T>(
  outcome: Outcome<T>,
  o: SkillCliOptions,
  how: { summariseLibrary?: boolean } = {},
): T {
  // A problem is the one thing to say: the library's diagnostics would bury it.
  if (outcome.ok) {
    if (how.summariseLibrary && !o.verbose) summariseLibrary(outcome.diagnostics, o);
    else reportDiagnostics(outcome.diagnostics, o);
    return outcome.value;
  }
  const p = outcome.problem;
  throw new SkillsetError(p.code, p.message, {
    ...(p.hint ? { hint: p.hint } : {}),
    ...(p.data ? { data: p.data } : {}),
  });
}

/** Print diagnostics to stderr (errors and warnings; info too with --verbose) and a count line. */
export function reportDiagnostics(diagnostics: readonly Diagnostic[], o: SkillCliOptions): void {
  if (o.quiet) return;
  const shown = diagnostics.filter((d) => o.verbose || d.severity !== 'info');
  if (shown.length === 0) return;
  const lines = shown.map((d) => visibleLine(formatDiagnostic(d)));
  const errors = shown.filter((d) => d.severity === 'error').length;
  const warnings = shown.filter((d) => d.severity === 'warning').length;
  const hidden = diagnostics.length - shown.length;
  lines.push(
    `${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}${hidden > 0 ? ` (${hidden} info hidden; --verbose shows them)` : ''}`,
  );
  writeErr(`${lines.join('\n')}\n`);
}

/** Codes about the skills themselves (as opposed to the cache, the index or the run). */
const LIBRARY = /^(parse|discover|frontmatter)\//;

/**
 * For commands that use a library rather than check it (search, index, eval): what concerns this run
 * in full, and the library's own findings as one line (lint lists them; --verbose prints them here).
 */
function summariseLibrary(diagnostics: readonly Diagnostic[], o: SkillCliOptions): void {
  if (o.quiet) return;
  reportDiagnostics(
    diagnostics.filter((d) => !LIBRARY.test(d.code)),
    o,
  );
  const lib = diagnostics.filter((d) => LIBRARY.test(d.code) && d.severity !== 'info');
  if (lib.length === 0) return;
  const errors = lib.filter((d) => d.severity === 'error').length;
  const warnings = lib.length - errors;
  writeErr(
    `skillset: the library has ${errors} error${errors === 1 ? '' : 's'} and ${warnings} warning${warnings === 1 ? '' : 's'} (skillset lint lists them; --verbose prints them here)\n`,
  );
}

/**
 * Write to stdout and resolve once it is flushed (pipes are async). Text has every character that
 * would steer a terminal shown escaped (src/text/visible.ts), on a terminal or not; `json` is
 * serialised JSON, whose strings stay exact.
 */
export function writeOut(text: string, form: 'text' | 'json' = 'text'): Promise<void> {
  const safe = form === 'json' ? visibleJson(text) : visibleText(text);
  return new Promise((resolve) => {
    if (process.stdout.write(safe)) resolve();
    else process.stdout.once('drain', () => resolve());
  });
}

/** Write `value` to stdout as JSON (two-space indent), exact (see writeOut). */
export function writeJson(value: unknown): Promise<void> {
  return writeOut(`${JSON.stringify(value, null, 2)}\n`, 'json');
}

/** Write to stderr, every character that would steer a terminal shown escaped. */
export function writeErr(text: string): void {
  process.stderr.write(visibleText(text));
}
