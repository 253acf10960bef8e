// The stylish format: diagnostics grouped by file, then one summary line.

import type { DiagnosticReport } from '../report.js';

/** Format for a terminal: grouped by file; info diagnostics only with `verbose`. */
export function formatStylish(
  result: DiagnosticReport,
  options: { verbose?: boolean } = {},
): string {
  const shown = result.diagnostics.filter((d) => options.verbose || d.severity !== 'info');
  const lines: string[] = [];
  let file: string | undefined;
  const pos = (d: (typeof shown)[number]) => `${d.start.line}:${d.start.column}`;
  const posWidth = Math.max(0, ...shown.map((d) => pos(d).length));
  for (const d of shown) {
    if (d.file !== file) {
      if (file !== undefined) lines.push('');
      lines.push(d.file);
      file = d.file;
    }
    lines.push(`  ${pos(d).padEnd(posWidth)}  ${d.severity.padEnd(7)}  ${d.message}  ${d.code}`);
  }
  if (shown.length > 0) lines.push('');
  const problems = result.summary.errors + result.summary.warnings;
  const counts = `${result.summary.errors} error${result.summary.errors === 1 ? '' : 's'}, ${result.summary.warnings} warning${result.summary.warnings === 1 ? '' : 's'}`;
  const hidden = result.diagnostics.length - shown.length;
  lines.push(
    `${problems === 0 ? '✔' : '✖'} ${result.summary.skills} skill${result.summary.skills === 1 ? '' : 's'} linted: ${counts}${hidden > 0 ? ` (${hidden} info hidden; --verbose shows them)` : ''}`,
  );
  return `${lines.join('\n')}\n`;
}
