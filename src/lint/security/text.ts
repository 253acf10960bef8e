// Text helpers the security rules share: decoding a file as text, positions, and masking code and
// quotations so that prose is what is left.

import type { Position } from '../../diagnostics/diagnostic.js';

/** The file's text, or undefined when its bytes are not text (a NUL in the first 8 KB). */
export function asText(bytes: Buffer): string | undefined {
  if (bytes.subarray(0, 8192).includes(0)) return undefined;
  return bytes.toString('utf8');
}

/** The 1-based line and column of `index` in `text` (columns in UTF-16 units, as elsewhere). */
export function positionAt(text: string, index: number): Position {
  let line = 1;
  let start = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < index; i = text.indexOf('\n', i + 1)) {
    line++;
    start = i + 1;
  }
  return { line, column: index - start + 1 };
}

/** Fenced code blocks: the fence, its info string, and the code's extent. */
export const FENCE =
  /^ {0,3}(`{3,}|~{3,})([^\n]*)\n([\s\S]*?)(?:^ {0,3}\1[`~]*[ \t]*$|(?![\s\S]))/gm;
// Spans and quotations are bounded: an unclosed one must not make each match scan to the end.
const INLINE_CODE = /(`+)[^`\n][^`]{0,1000}?\1/g;
/** Text in straight or curly double quotes, or curly single quotes, on one line. */
const QUOTED = /"[^"\n]{1,300}"|“[^”\n]{1,300}”|‘[^’\n]{1,300}’|«[^»\n]{1,300}»/g;

/** An HTML comment: where it starts, and its text between `<!--` and `-->`. */
export interface HtmlComment {
  index: number;
  inner: string;
}

/**
 * The HTML comments of `text`, found in one pass (a regex would scan to the end again from every
 * unclosed `<!--`: quadratic on a hostile file).
 */
export function htmlComments(text: string): HtmlComment[] {
  const out: HtmlComment[] = [];
  for (let i = text.indexOf('<!--'); i !== -1; ) {
    const end = text.indexOf('-->', i + 4);
    if (end === -1) break;
    out.push({ index: i, inner: text.slice(i + 4, end) });
    i = text.indexOf('<!--', end + 3);
  }
  return out;
}

/** `text` with its HTML comments blanked out. */
function withoutComments(text: string): string {
  if (!text.includes('<!--')) return text;
  let out = '';
  let last = 0;
  for (const c of htmlComments(text)) {
    const end = c.index + c.inner.length + 7;
    out += text.slice(last, c.index) + blank(text.slice(c.index, end));
    last = end;
  }
  return out + text.slice(last);
}

/** `m` blanked out, line breaks kept, so offsets still line up. */
export const blank = (m: string): string => m.replace(/[^\n]/g, ' ');

/** Fenced code blanked out (comments inside code are code, not Markdown comments). */
export function maskFences(text: string): string {
  return text.includes('```') || text.includes('~~~') ? text.replace(FENCE, blank) : text;
}

/** Prose only: code, comments and quotations blanked out (a quoted phrase is mentioned, not said). */
export function prose(text: string): string {
  return withoutComments(maskFences(text)).replace(INLINE_CODE, blank).replace(QUOTED, blank);
}
