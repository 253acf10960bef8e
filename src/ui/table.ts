// GFM pipe tables: a header row, a delimiter row (`| --- | :-: |`) with as many cells, then body
// rows up to a blank line or another block. Cells are inline Markdown; `\|` is a pipe in a cell.

import { renderInline } from './inline.js';
import { interrupts, isBlank, trimBlanks } from './lines.js';

type Align = 'left' | 'center' | 'right' | undefined;

/** Past this many columns, short rows are not padded, so rows × columns stays linear in the input. */
const MAX_PADDED = 16;

/** The cells of a row: split on unescaped pipes, outer pipes dropped, `\|` turned into `|`. */
function cells(line: string): string[] {
  let s = trimBlanks(line);
  if (s.startsWith('|')) s = s.slice(1);
  if (s.endsWith('|') && !s.endsWith('\\|')) s = s.slice(0, -1);
  const out: string[] = [];
  let cell = '';
  for (let i = 0; i < s.length; i++) {
    if (s[i] === '\\' && s[i + 1] === '|') {
      cell += '|';
      i++;
    } else if (s[i] === '|') {
      out.push(trimBlanks(cell));
      cell = '';
    } else cell += s[i];
  }
  out.push(trimBlanks(cell));
  return out;
}

/** The alignments a delimiter row sets, or undefined if the line is no delimiter row. */
function delimiterRow(line: string | undefined): Align[] | undefined {
  if (line === undefined || !line.includes('|') || !/^[ \t|:-]+$/.test(line)) return undefined;
  const aligns: Align[] = [];
  for (const c of cells(line)) {
    if (!/^:?-+:?$/.test(c)) return undefined;
    const l = c.startsWith(':');
    const r = c.endsWith(':');
    aligns.push(l && r ? 'center' : r ? 'right' : l ? 'left' : undefined);
  }
  return aligns;
}

function row(tag: 'th' | 'td', texts: readonly string[], aligns: readonly Align[]): string {
  // Cells past the header's count still show: a reader should see every word of the source.
  const count = Math.max(texts.length, aligns.length <= MAX_PADDED ? aligns.length : 0);
  let out = '<tr>\n';
  for (let k = 0; k < count; k++) {
    const align = aligns[k] ? ` align="${aligns[k]}"` : '';
    out += `<${tag}${align}>${renderInline(texts[k] ?? '')}</${tag}>\n`;
  }
  return `${out}</tr>\n`;
}

/** The table whose header is line `at`, as HTML, and the index after it; undefined if none starts there. */
export function renderTable(
  lines: readonly string[],
  at: number,
): { html: string; next: number } | undefined {
  const header = lines[at] as string;
  if (!header.includes('|')) return undefined;
  const aligns = delimiterRow(lines[at + 1]);
  const head = cells(header);
  if (!aligns || aligns.length !== head.length) return undefined;
  let body = '';
  let j = at + 2;
  for (; j < lines.length; j++) {
    const line = lines[j] as string;
    if (isBlank(line) || interrupts(line)) break;
    body += row('td', cells(line), aligns);
  }
  const tbody = body ? `<tbody>\n${body}</tbody>\n` : '';
  return {
    html: `<table>\n<thead>\n${row('th', head, aligns)}</thead>\n${tbody}</table>`,
    next: j,
  };
}
