// The text `skillset export` prints, and its exit code: 0 in sync or written, 1 drift or refusals.

import type { ExportResult } from './types.js';

const count = (n: number, one: string): string => `${n} ${one}${n === 1 ? '' : 's'}`;

/** The exit code of a run: 1 when `check` found drift or a file was refused, else 0. */
export function exportExitCode(result: ExportResult): number {
  return result.drift.length > 0 || result.refused.length > 0 ? 1 : 0;
}

/** A run as text: one line per change, refusal and warning, then a summary line. */
export function formatExportResult(
  result: ExportResult,
  options: { check?: boolean } = {},
): string {
  const lines: string[] = [];
  if (options.check) for (const p of result.drift) lines.push(`drift    ${p}`);
  else {
    for (const p of result.written) lines.push(`wrote    ${p}`);
    for (const p of result.removed) lines.push(`removed  ${p}`);
  }
  for (const r of result.refused) lines.push(`refused  ${r.path}: ${r.reason}`);
  for (const w of result.warnings) lines.push(`warning  ${w}`);
  const summary = options.check
    ? result.drift.length === 0
      ? `${result.target}: in sync (${count(result.unchanged.length, 'file')}) in ${result.outDir}`
      : `${result.target}: ${count(result.drift.length, 'file')} out of date in ${result.outDir}; run without --check to update`
    : `${result.target}: ${count(result.written.length, 'file')} written, ${result.removed.length} removed, ${result.unchanged.length} unchanged, ${result.refused.length} refused in ${result.outDir}`;
  lines.push(summary);
  return `${lines.join('\n')}\n`;
}
