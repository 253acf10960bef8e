// Turn CLI options into settings, and service outcomes into stderr lines, values or usage errors;
// write the CLI's output.

import nodeFs from 'node:fs';
import type { AgentName } from '../agents/registry.js';
import type { Problem } from '../core/outcome.js';
import type { SettingsInput } from '../core/settings.js';
import { type Diagnostic, formatDiagnostic } from '../diagnostics/diagnostic.js';
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
  o: SkillCliOptions & {
    index?: string;
    config?: string;
    trustProject?: boolean;
    semantic?: boolean;
    hideAuditFailures?: boolean;
  },
): SettingsInput {
  const roots = [...paths, ...o.dir];
  const input: SettingsInput = { maxDepth: o.maxDepth, cache: o.cache };
  if (o.precedence) input.precedence = o.precedence;
  if (o.agent) input.agent = o.agent;
  if (o.addDir && o.addDir.length > 0) input.addDirs = o.addDir;
  if (roots.length > 0) input.roots = roots;
  if (o.index !== undefined) input.indexFile = o.index;
  if (o.semantic !== undefined) input.semantic = o.semantic;
  if (o.config !== undefined) input.configFile = o.config;
  if (o.trustProject) input.trustProject = true;
  if (o.hideAuditFailures) input.hideAuditFailures = true;
  return input;
}

/**
 * A usage or environment problem: one line and its hint on stderr (and the problem as JSON on stdout
 * for a script that asked for JSON); exit 2.
 */
export function reportProblem(p: Problem, json: boolean): void {
  writeErr(`skillset: ${visibleLine(p.message)}\n${p.hint ? `  ${visibleLine(p.hint)}\n` : ''}`);
  if (json) void writeJson({ problem: p });
  process.exitCode = 2;
}

/** A value's diagnostics on stderr: all of them, or the run's own and a line for the library's. */
export function reportFor(
  diagnostics: readonly Diagnostic[],
  o: SkillCliOptions,
  how: { summariseLibrary?: boolean } = {},
): void {
  if (how.summariseLibrary && !o.verbose) summariseLibrary(diagnostics, o);
  else reportDiagnostics(diagnostics, o);
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

/** Has the CLI handed stdout's stream anything? From then on everything goes through it, in order. */
let streaming = false;

/**
 * process.stdout, with a reader that stops early (`skillset list | head`, which closes the pipe) taken
 * for the end of the output rather than an error. Everything the CLI writes to stdout through a
 * stream gets it from here.
 */
export function stdoutStream(): NodeJS.WriteStream {
  if (!streaming) {
    streaming = true;
    process.stdout.on('error', (e: NodeJS.ErrnoException) => {
      if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
      throw e;
    });
  }
  return process.stdout;
}

/**
 * Write to stdout and resolve once it is written. Text has every character that would steer a
 * terminal shown escaped (src/text/visible.ts), on a terminal or not; `json` is serialised JSON, whose
 * strings stay exact.
 *
 * The bytes go straight to file descriptor 1: Node makes the stdout stream on first use, and for a
 * pipe that loads the net and stream modules, a cost every command's start would pay. What cannot be
 * written that way (a descriptor that would block, or fails: a closed pipe, say) goes to the stream,
 * which waits or reports as it always did; so does everything after it.
 */
export function writeOut(text: string, form: 'text' | 'json' = 'text'): Promise<void> {
  const safe = form === 'json' ? visibleJson(text) : visibleText(text);
  // Windows writes a console as UTF-16 through the stream: it alone knows how.
  const rest =
    streaming || process.platform === 'win32' ? Buffer.from(safe, 'utf8') : writeStraight(safe);
  if (rest === undefined) return Promise.resolve();
  const out = stdoutStream();
  return new Promise((resolve) => {
    if (out.write(rest)) resolve();
    else out.once('drain', () => resolve());
  });
}

/** Write `text` to file descriptor 1 at once; the bytes left unwritten if it would block or fails. */
function writeStraight(text: string): Buffer | undefined {
  const bytes = Buffer.from(text, 'utf8');
  let done = 0;
  try {
    while (done < bytes.length) done += nodeFs.writeSync(1, bytes, done);
  } catch {
    return bytes.subarray(done);
  }
  return undefined;
}

/** Write `value` to stdout as JSON (two-space indent), exact (see writeOut). */
export function writeJson(value: unknown): Promise<void> {
  return writeOut(`${JSON.stringify(value, null, 2)}\n`, 'json');
}

/** Write to stderr, every character that would steer a terminal shown escaped. */
export function writeErr(text: string): void {
  process.stderr.write(visibleText(text));
}
