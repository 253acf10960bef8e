// Line-level Markdown syntax: which block a line opens, and indentation measured in columns (a tab
// to the next multiple of 4). Every test here is linear in the line.

/**
 * `s` without its leading (`start`) or leading and trailing spaces and tabs. Not `String#trim`:
 * that also drops U+FEFF, U+2028 and other characters the reader must be shown.
 */
export function trimBlanks(s: string, start = false): string {
  let a = 0;
  let b = s.length;
  while (a < b && (s[a] === ' ' || s[a] === '\t')) a++;
  while (!start && b > a && (s[b - 1] === ' ' || s[b - 1] === '\t')) b--;
  return s.slice(a, b);
}

/** Whether the line holds only spaces and tabs. */
export const isBlank = (line: string): boolean => !/[^ \t]/.test(line);

/** An opening code fence: its character, length and indent, and a safe language name if any. */
export interface Fence {
  ch: string;
  len: number;
  indent: number;
  lang: string | undefined;
}

const LANG = /^[A-Za-z0-9_+-]{1,32}$/;

/** The fence this line opens, or undefined (a backtick fence's info string holds no backtick). */
export function fenceOpen(line: string): Fence | undefined {
  const m = /^( {0,3})(`{3,}|~{3,})/.exec(line);
  if (!m) return undefined;
  const mark = m[2] as string;
  const info = line.slice(m[0].length);
  if (mark[0] === '`' && info.includes('`')) return undefined;
  const word = info.trim().split(/[ \t]/, 1)[0] as string;
  return {
    ch: mark[0] as string,
    len: mark.length,
    indent: (m[1] as string).length,
    lang: LANG.test(word) ? word : undefined,
  };
}

/** Whether the line closes `fence`: the same character, at least as many, nothing after. */
export function closesFence(line: string, fence: Fence): boolean {
  const m = /^ {0,3}(`{3,}|~{3,})[ \t]*$/.exec(line);
  return m !== null && m[1]?.[0] === fence.ch && (m[1] as string).length >= fence.len;
}

/** An ATX heading: its level and raw text, closing `#`s removed; or undefined. */
export function atxHeading(line: string): { level: number; text: string } | undefined {
  const m = /^ {0,3}(#{1,6})(?=[ \t]|$)/.exec(line);
  if (!m) return undefined;
  let text = trimBlanks(line.slice(m[0].length));
  // Closing #s by hand: a regex ending `#+$` backtracks on a long run of #s followed by more text.
  let e = text.length;
  while (e > 0 && text[e - 1] === '#') e--;
  if (e === 0) text = '';
  else if (text[e - 1] === ' ' || text[e - 1] === '\t') text = trimBlanks(text.slice(0, e));
  return { level: (m[1] as string).length, text };
}

/** Whether the line is a thematic break: three or more of one of - * _, spaces between allowed. */
export const isRule = (line: string): boolean =>
  /^ {0,3}[-*_]/.test(line) && /^(?:-{3,}|\*{3,}|_{3,})$/.test(line.replace(/[ \t]/g, ''));

/** A setext underline (`===` or `---`): the level it gives the paragraph above, or 0. */
export function setextLevel(line: string): number {
  const m = /^ {0,3}(=+|-+)[ \t]*$/.exec(line);
  return m ? (m[1]?.[0] === '=' ? 1 : 2) : 0;
}

const QUOTE = /^ {0,3}> ?/;

/** The line's content inside a blockquote, or undefined if it is not a `>` line. */
export function quoteContent(line: string): string | undefined {
  const m = QUOTE.exec(line);
  return m ? line.slice(m[0].length) : undefined;
}

/** A list item's marker line: kind, start number, the column its content begins at, its first line. */
export interface Marker {
  ordered: boolean;
  /** The bullet character, or the ordered delimiter (`.` or `)`). */
  ch: string;
  start: number;
  col: number;
  content: string;
}

/** The list marker this line opens with, or undefined. */
export function listMarker(line: string): Marker | undefined {
  const m = /^( {0,3})([-+*]|(\d{1,9})([.)]))(?:[ \t]+|$)/.exec(line);
  if (!m) return undefined;
  const markerEnd = (m[1] as string).length + (m[2] as string).length;
  const rest = line.slice(m[0].length);
  // Content after five or more spaces, or none, begins one column after the marker.
  const col = rest === '' || m[0].length - markerEnd > 4 ? markerEnd + 1 : m[0].length;
  return {
    ordered: m[3] !== undefined,
    ch: (m[4] ?? m[2]) as string,
    start: m[3] === undefined ? 1 : Number(m[3]),
    col,
    content: line.slice(Math.min(col, line.length)),
  };
}

/** The line's indentation in columns. */
export function indentOf(line: string): number {
  let col = 0;
  for (const c of line) {
    if (c === ' ') col++;
    else if (c === '\t') col += 4 - (col % 4);
    else break;
  }
  return col;
}

/** The line with `cols` columns of indentation removed (a tab split across the cut leaves spaces). */
export function dedent(line: string, cols: number): string {
  let col = 0;
  let i = 0;
  while (col < cols && (line[i] === ' ' || line[i] === '\t')) {
    col += line[i] === '\t' ? 4 - (col % 4) : 1;
    i++;
  }
  return ' '.repeat(Math.max(0, col - cols)) + line.slice(i);
}

/** Whether the line starts a block that ends a paragraph (so it is no lazy continuation line). */
export function interrupts(line: string): boolean {
  if (fenceOpen(line) || atxHeading(line) || isRule(line) || quoteContent(line) !== undefined)
    return true;
  const m = listMarker(line);
  return m !== undefined && !isBlank(m.content) && (!m.ordered || m.start === 1);
}
