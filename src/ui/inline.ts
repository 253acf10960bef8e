// Inline Markdown → HTML: code spans, emphasis, links, images, autolinks and hard breaks, read in one
// left-to-right pass with CommonMark's bracket and delimiter stacks, in time linear in the text.
// Nothing in the source passes through as markup: raw HTML and entities come out as written.

import { type Delim, type DelimToken, processEmphasis } from './emphasis.js';
import { type Link, type OpenToken, renderTokens, type Token } from './inline-render.js';
import { type Fuel, isAsciiPunct, parseLinkTail, safeHref } from './link.js';

interface State {
  readonly src: string;
  /** The reading position, and where the pending plain text began. */
  i: number;
  start: number;
  readonly toks: Token[];
  readonly delims: Delim[];
  readonly brackets: { tok: OpenToken; image: boolean; base: number }[];
  /** Brackets below this index are inactive: a link closed above them, and links do not nest. */
  floor: number;
  readonly fuel: Fuel;
  /** For each length of backtick run, the starts of such runs, and how many are already behind. */
  readonly ticks: Map<number, number[]>;
  readonly passed: Map<number, number>;
}

const SPACE = /\s/;
const PUNCT = /[\p{P}\p{S}]/u;

const flush = (st: State, end = st.i): void => {
  if (end > st.start) st.toks.push({ k: 'text', s: st.src.slice(st.start, end) });
};

/** Moves past the token just read, to `i`, with no pending text. */
const resume = (st: State, i: number): void => {
  st.i = i;
  st.start = i;
};

const skipIndent = (src: string, i: number): number => {
  while (src[i] === ' ' || src[i] === '\t') i++;
  return i;
};

/** A newline: a hard break after two spaces, else a plain one; trailing spaces go either way. */
function newline(st: State): void {
  let e = st.i;
  while (e > st.start && st.src[e - 1] === ' ') e--;
  flush(st, e);
  st.toks.push(st.i - e >= 2 ? { k: 'br' } : { k: 'text', s: '\n' });
  resume(st, skipIndent(st.src, st.i + 1));
}

function backslash(st: State): void {
  const next = st.src[st.i + 1];
  if (next !== '\n' && !isAsciiPunct(next)) {
    st.i++;
    return;
  }
  flush(st);
  st.toks.push(next === '\n' ? { k: 'br' } : { k: 'text', s: next as string });
  resume(st, next === '\n' ? skipIndent(st.src, st.i + 2) : st.i + 2);
}

/** The start of the first run of exactly `len` backticks at or after `from`, or -1. */
function closingRun(st: State, len: number, from: number): number {
  const runs = st.ticks.get(len);
  if (!runs) return -1;
  let k = st.passed.get(len) ?? 0;
  while (k < runs.length && (runs[k] as number) < from) k++;
  st.passed.set(len, k);
  return runs[k] ?? -1;
}

function codeSpan(st: State): void {
  const { src, i } = st;
  let e = i;
  while (src[e] === '`') e++;
  const close = closingRun(st, e - i, e);
  if (close < 0) {
    st.i = e;
    return;
  }
  flush(st);
  let s = src.slice(e, close).replace(/\n/g, ' ');
  if (s.length >= 2 && s[0] === ' ' && s[s.length - 1] === ' ' && /[^ ]/.test(s))
    s = s.slice(1, -1);
  st.toks.push({ k: 'code', s });
  resume(st, close + e - i);
}

function delimRun(st: State, ch: string): void {
  const { src, i } = st;
  let e = i;
  while (src[e] === ch) e++;
  const before = src[i - 1] ?? ' ';
  const after = src[e] ?? ' ';
  const [sb, sa, pb, pa] = [
    SPACE.test(before),
    SPACE.test(after),
    PUNCT.test(before),
    PUNCT.test(after),
  ];
  const left = !sa && (!pa || sb || pb);
  const right = !sb && (!pb || sa || pa);
  const canOpen = ch === '*' ? left : left && (!right || pb);
  const canClose = ch === '*' ? right : right && (!left || pa);
  if (!canOpen && !canClose) {
    st.i = e;
    return;
  }
  flush(st);
  const tok: DelimToken = { k: 'delim', ch, n: e - i, open: '', close: '' };
  st.toks.push(tok);
  st.delims.push({ tok, pos: st.toks.length, orig: e - i, canOpen, canClose });
  resume(st, e);
}

function openBracket(st: State, width: number): void {
  flush(st);
  const tok: OpenToken = { k: 'open', s: st.src.slice(st.i, st.i + width) };
  st.toks.push(tok);
  st.floor = Math.min(st.floor, st.brackets.length);
  st.brackets.push({ tok, image: width === 2, base: st.delims.length });
  resume(st, st.i + width);
}

function closeBracket(st: State): void {
  const b = st.brackets.pop();
  const active = b !== undefined && (b.image || st.brackets.length >= st.floor);
  const tail = active ? parseLinkTail(st.src, st.i + 1, st.fuel) : undefined;
  if (!b || !tail) {
    st.i++;
    return;
  }
  flush(st);
  const link: Link = { image: b.image, href: safeHref(tail.url), ...tail };
  b.tok.link = link;
  st.toks.push({ k: 'close', link });
  processEmphasis(st.delims, b.base, st.fuel);
  st.delims.length = b.base;
  if (!b.image) st.floor = st.brackets.length;
  resume(st, tail.end);
}

const AUTOLINK = /<([A-Za-z][A-Za-z0-9.+-]{1,31}:[^\s<>]*)>/y;

function autolink(st: State): void {
  AUTOLINK.lastIndex = st.i;
  const m = AUTOLINK.exec(st.src);
  const href = m ? safeHref(m[1] as string) : undefined;
  if (!m || !href) {
    st.i++;
    return;
  }
  flush(st);
  st.toks.push({ k: 'auto', href, s: m[1] as string });
  resume(st, st.i + m[0].length);
}

function step(st: State, c: string): void {
  if (c === '\\') backslash(st);
  else if (c === '`') codeSpan(st);
  else if (c === '*' || c === '_') delimRun(st, c);
  else if (c === '[') openBracket(st, 1);
  else if (c === '!') st.src[st.i + 1] === '[' ? openBracket(st, 2) : st.i++;
  else if (c === ']') closeBracket(st);
  else if (c === '<') autolink(st);
  else newline(st);
}

const backtickRuns = (src: string): Map<number, number[]> => {
  const runs = new Map<number, number[]>();
  for (const m of src.matchAll(/`+/g)) {
    const starts = runs.get(m[0].length) ?? [];
    starts.push(m.index);
    runs.set(m[0].length, starts);
  }
  return runs;
};

/** The HTML of one paragraph's (or heading's, or cell's) inline Markdown, every character escaped. */
export function renderInline(src: string): string {
  const st: State = {
    src,
    i: 0,
    start: 0,
    toks: [],
    delims: [],
    brackets: [],
    floor: 0,
    fuel: { left: 4 * src.length + 1024 },
    ticks: backtickRuns(src),
    passed: new Map(),
  };
  const special = /[\\`*_[\]!<\n]/g;
  for (let m = special.exec(src); m; m = special.exec(src)) {
    st.i = m.index;
    step(st, m[0]);
    special.lastIndex = st.i;
  }
  st.i = src.length;
  flush(st);
  processEmphasis(st.delims, 0, st.fuel);
  return renderTokens(st.toks);
}
