// The github format: workflow commands that GitHub Actions turns into annotations. The log shows
// terminal escapes, so a control character in a message or a file name is written escaped.

import path from 'node:path';
import { visibleLine, visibleText } from '../../text/visible.js';
import { relativeInside } from '../../util/paths.js';
import type { DiagnosticReport } from '../report.js';

const COMMAND = { error: 'error', warning: 'warning', info: 'notice' } as const;

/** Escape a workflow-command message (`%`, CR, LF). */
export function escapeData(s: string): string {
  return s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** Escape a workflow-command property value (also `:` and `,`). */
export function escapeProperty(s: string): string {
  return escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

/** One `::error file=…,line=…,col=…,title=…::message` line per diagnostic; paths relative to `cwd`. */
export function formatGithub(result: DiagnosticReport, options: { cwd?: string } = {}): string {
  const cwd = options.cwd ?? process.cwd();
  const lines = result.diagnostics.map((d) => {
    const file = (relativeInside(cwd, d.file) ?? d.file).split(path.sep).join('/');
    const props = [
      `file=${escapeProperty(visibleLine(file))}`,
      `line=${d.start.line}`,
      `col=${d.start.column}`,
    ];
    if (d.end) props.push(`endLine=${d.end.line}`, `endColumn=${d.end.column}`);
    props.push(`title=${escapeProperty(d.code)}`);
    return `::${COMMAND[d.severity]} ${props.join(',')}::${escapeData(visibleText(d.message))}`;
  });
  return lines.length > 0 ? `${lines.join('\n')}\n` : '';
}
