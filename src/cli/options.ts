// Turn CLI options into discovery options, and print diagnostics to stderr.

import nodeFs from 'node:fs';
import path from 'node:path';
import { type Diagnostic, formatDiagnostic } from '../diagnostics/diagnostic.js';
import { defaultCacheDir } from '../discover/cache.js';
import type { DiscoverOptions } from '../discover/discover.js';
import { SkillsetError } from '../errors.js';

/** The options shared by commands that read skills. */
export interface SkillCliOptions {
  dir: string[];
  precedence: 'default' | 'claude-code';
  maxDepth: number;
  cache: boolean;
  json?: boolean;
  quiet?: boolean;
  verbose?: boolean;
}

/** Build discovery options; explicit roots must exist (a typo is a usage error, not an empty list). */
export function discoverOptions(paths: readonly string[], o: SkillCliOptions): DiscoverOptions {
  const roots = [...paths, ...o.dir];
  for (const r of roots) {
    let st: nodeFs.Stats;
    try {
      st = nodeFs.statSync(r);
    } catch {
      throw new SkillsetError('usage/missing-root', `No such folder: ${r}`, {
        hint: 'Pass a folder that holds skills (folders with a SKILL.md).',
      });
    }
    if (!st.isDirectory())
      throw new SkillsetError('usage/missing-root', `Not a folder: ${r}`, {
        hint: 'Pass the folder that holds the SKILL.md, not the file.',
      });
  }
  const options: DiscoverOptions = {
    precedence: o.precedence,
    maxDepth: o.maxDepth,
    cacheDir: o.cache ? defaultCacheDir() : false,
  };
  if (roots.length > 0) options.roots = roots.map((r) => path.resolve(r));
  return options;
}

/** Print diagnostics to stderr (errors and warnings; info too with --verbose) and a count line. */
export function reportDiagnostics(diagnostics: readonly Diagnostic[], o: SkillCliOptions): void {
  if (o.quiet) return;
  const shown = diagnostics.filter((d) => o.verbose || d.severity !== 'info');
  if (shown.length === 0) return;
  const lines = shown.map(formatDiagnostic);
  const errors = shown.filter((d) => d.severity === 'error').length;
  const warnings = shown.filter((d) => d.severity === 'warning').length;
  const hidden = diagnostics.length - shown.length;
  lines.push(
    `${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}${hidden > 0 ? ` (${hidden} info hidden; --verbose shows them)` : ''}`,
  );
  process.stderr.write(`${lines.join('\n')}\n`);
}

/** Write to stdout and resolve once it is flushed (pipes are async). */
export function writeOut(text: string): Promise<void> {
  return new Promise((resolve) => {
    if (process.stdout.write(text)) resolve();
    else process.stdout.once('drain', () => resolve());
  });
}
