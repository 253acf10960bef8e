// The stylish format: diagnostics grouped by file, the ones that repeat across many files summarised,
// then one summary line. A file name or a message that holds a control character shows it escaped.

import { visibleLine } from '../../text/visible.js';
import type { Diagnostic } from '../diagnostic.js';
import type { DiagnosticReport } from '../report.js';

/** The same code and message in at least this many files is one line with a count (unless verbose). */
const REPEATED = 5;

/** Format for a terminal: grouped by file; info diagnostics, and every repeat, only with `verbose`. */
export function formatStylish(
  result: DiagnosticReport,
  options: { verbose?: boolean } = {},
): string {
  const shown = result.diagnostics.filter((d) => options.verbose || d.severity !== 'info');
  // A library that uses one extra field everywhere should read as one line, not a thousand.
  const key = (d: Diagnostic): string => `${d.severity}\0${d.code}\0${d.message}`;
  const groups = new Map<string, Diagnostic[]>();
  for (const d of shown) {
    const g = groups.get(key(d));
    if (g) g.push(d);
    else groups.set(key(d), [d]);
  }
  const repeated = options.verbose
    ? []
    : [...groups.values()].filter((g) => new Set(g.map((d) => d.file)).size >= REPEATED);
  const folded = new Set(repeated.map((g) => key(g[0] as Diagnostic)));
  const single = shown.filter((d) => !folded.has(key(d)));
  const lines: string[] = [];
  let file: string | undefined;
  const pos = (d: Diagnostic) => `${d.start.line}:${d.start.column}`;
  const posWidth = Math.max(0, ...single.map((d) => pos(d).length));
  for (const d of single) {
    if (d.file !== file) {
      if (file !== undefined) lines.push('');
      lines.push(visibleLine(d.file));
      file = d.file;
    }
    lines.push(
      `  ${pos(d).padEnd(posWidth)}  ${d.severity.padEnd(7)}  ${visibleLine(d.message)}  ${d.code}`,
    );
  }
  if (single.length > 0) lines.push('');
  if (repeated.length > 0) {
    lines.push('In many files (--verbose lists each; --format json has them all):');
    repeated.sort(
      (a, b) => b.length - a.length || (key(a[0] as Diagnostic) < key(b[0] as Diagnostic) ? -1 : 1),
    );
    for (const g of repeated) {
      const d = g[0] as Diagnostic;
      lines.push(
        `  ${String(g.length).padStart(6)}×  ${d.severity.padEnd(7)}  ${visibleLine(d.message)}  ${d.code}`,
      );
    }
    lines.push('');
  }
  const { errors, warnings, skills } = result.summary;
  const problems = errors + warnings;
  const counts = `${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}`;
  const hidden = result.diagnostics.length - shown.length;
  lines.push(
    `${problems === 0 ? '✔' : '✖'} ${skills} skill${skills === 1 ? '' : 's'} linted: ${counts}${hidden > 0 ? ` (${hidden} info hidden; --verbose shows them)` : ''}`,
  );
  return `${lines.join('\n')}\n`;
}
