// Finding `@import <path>` lines in Markdown (outside fenced code), with their positions, and taking
// them out of the text (blanked, so that line numbers hold).

import { codeLines } from '../text/fences.js';

/** One `@import` line: the path as written, and where it stands. */
export interface ImportLine {
  spec: string;
  /** 1-based line in the text it was found in (plus the text's first line). */
  line: number;
  /** 1-based column of the path. */
  column: number;
}

const IMPORT = /^( {0,3}@import[ \t]+)(.*?)[ \t]*$/;

/** The text without its `@import` lines, and the lines (as importLines gives them). */
export function stripImports(text: string, firstLine = 1): { text: string; lines: ImportLine[] } {
  const lines = importLines(text, firstLine);
  return { text: withoutImports(text, lines, firstLine), lines };
}

/** The `@import` lines of Markdown text, outside fenced code; `firstLine` is the text's first line in its file. */
export function importLines(text: string, firstLine = 1): ImportLine[] {
  const out: ImportLine[] = [];
  const lines = text.split(/\r\n|\r|\n/);
  const code = codeLines(lines);
  for (let i = 0; i < lines.length; i++) {
    if (code[i]) continue;
    const line = lines[i] as string;
    const m = IMPORT.exec(line);
    if (!m || (m[2] as string) === '') continue;
    let spec = m[2] as string;
    // A path may be quoted or in angle brackets, as Markdown link destinations may.
    const quoted = /^(["'<])(.*)(["'>])$/.exec(spec);
    if (quoted && (quoted[1] === '<' ? quoted[3] === '>' : quoted[1] === quoted[3]))
      spec = quoted[2] as string;
    out.push({ spec, line: firstLine + i, column: (m[1] as string).length + 1 });
  }
  return out;
}

/** The text without its `@import` lines (the lines are blanked out, so line numbers hold). */
export function withoutImports(
  text: string,
  lines: readonly ImportLine[],
  firstLine: number,
): string {
  if (lines.length === 0) return text;
  const drop = new Set(lines.map((l) => l.line - firstLine));
  return text
    .split(/(\r\n|\r|\n)/)
    .map((part, i) => (i % 2 === 0 && drop.has(i / 2) ? '' : part))
    .join('');
}
