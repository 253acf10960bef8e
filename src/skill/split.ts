// Find the front matter in a SKILL.md's bytes: BOM, CRLF/CR, and `---` delimiters on whole lines only.

/** Where the front matter and the body lie in a file's bytes. */
export interface Split {
  /** `none`: no opening `---`; `open`: an opening line but no closing one; `fence`: `---js` and kin. */
  kind: 'frontmatter' | 'none' | 'open' | 'fence';
  /** Byte offset of the first front matter byte (after the opening line). */
  fmStart: number;
  /** Byte offset just past the last front matter byte (before the closing line). */
  fmEnd: number;
  /** Byte offset of the body (after the closing line, or the start of the content). */
  bodyStart: number;
  /** 1-based line of the first body line. */
  bodyLine: number;
  /** The language after the opening fence, for `kind: 'fence'` (`js`, `toml`, …). */
  fence?: string;
}

const DASH = 0x2d;
const LF = 0x0a;
const CR = 0x0d;

/** Is `buf[at..]` a delimiter line: `---`, optional spaces or tabs, then a line end or the end? Returns the offset past the line end, or -1. */
function delimiterEnd(buf: Uint8Array, at: number): number {
  if (buf[at] !== DASH || buf[at + 1] !== DASH || buf[at + 2] !== DASH) return -1;
  let i = at + 3;
  while (buf[i] === 0x20 || buf[i] === 0x09) i++;
  if (i >= buf.length) return i;
  if (buf[i] === LF) return i + 1;
  if (buf[i] === CR) return buf[i + 1] === LF ? i + 2 : i + 1;
  return -1;
}

function countLines(buf: Uint8Array, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) {
    const c = buf[i];
    if (c === LF) n++;
    else if (c === CR && buf[i + 1] !== LF) n++;
  }
  return n;
}

const DELIM = Buffer.from('---');

/** Split a file's bytes; `start` is 3 when a UTF-8 BOM was skipped. */
export function splitFrontmatter(buf: Buffer, start: number): Split {
  const none: Split = { kind: 'none', fmStart: start, fmEnd: start, bodyStart: start, bodyLine: 1 };
  const open = delimiterEnd(buf, start);
  if (open < 0) {
    if (buf[start] === DASH && buf[start + 1] === DASH && buf[start + 2] === DASH) {
      let end = start + 3;
      while (end < buf.length && buf[end] !== LF && buf[end] !== CR) end++;
      const fence = buf.toString('utf8', start + 3, Math.min(end, start + 64)).trim();
      if (/^[A-Za-z][\w-]*$/.test(fence)) return { ...none, kind: 'fence', fence };
    }
    return none;
  }
  let from = open;
  for (;;) {
    const at = buf.indexOf(DELIM, from);
    if (at < 0) return { ...none, kind: 'open' };
    const prev = buf[at - 1];
    if (at === open || prev === LF || prev === CR) {
      const end = delimiterEnd(buf, at);
      if (end >= 0) {
        const bodyLine = 1 + countLines(buf, start, end);
        return { kind: 'frontmatter', fmStart: open, fmEnd: at, bodyStart: end, bodyLine };
      }
    }
    from = at + 3;
  }
}
