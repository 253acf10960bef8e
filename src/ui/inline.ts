// Inline Markdown → HTML: code spans, emphasis, links, images, autolinks and hard breaks, read in one
// left-to-right pass with CommonMark's bracket and delimiter stacks, in time linear in the text.
// Nothing in the source passes through as markup: raw HTML and entities come out as written.

import { type Delim, type DelimToken, processEmphasis } from './emphasis.js';
import { attributeText, textHtml } from './hidden.js';
import { html } from './html.js';
import { type Fuel, isAsciiPunct, parseLinkTail, safeHref } from './link.js';

interface Link {
  image: boolean;
  url: string;
  href: string | undefined;
  title: string | undefined;
}

interface OpenToken {
  k: 'open';
  s: string;
  link?: Link;
}

type Token =
  | { k: 'text'; s: string }
  | { k: 'br' }
  | { k: 'code'; s: string }
  | { k: 'auto'; href: string; s: string }
  | { k: 'close'; link: Link }
  | OpenToken
  | DelimToken;

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

/** An opening `<a>` to a checked URL; a title shows on hover, its hidden characters as `U+XXXX`. */
const anchor = (href: string, title?: string): string => {
  const tip = title ? ` title="${attributeText(title)}"` : '';
  return `${html`<a href="${href}"`.value}${tip} rel="noopener noreferrer nofollow" target="_blank">`;
};

/** Output under construction: plain text gathers and is escaped in one piece before the next markup. */
class Out {
  private html = '';
  private text = '';
  plain(s: string): void {
    this.text += s;
  }
  markup(s: string): void {
    if (!s) return;
    if (this.text) this.html += textHtml(this.text);
    this.text = '';
    this.html += s;
  }
  done(): string {
    return this.html + textHtml(this.text);
  }
}

/** Renders a link's bracket; inside an image's brackets (`alt` > 0) only the image's own text shows. */
function bracket(out: Out, t: OpenToken | { k: 'close'; link: Link }, alt: number): number {
  const link = t.link;
  const opening = t.k === 'open';
  if (!link) out.plain((t as OpenToken).s);
  else if (link.image) {
    if (opening && alt === 0) out.plain('[image: ');
    else if (!opening && alt === 1) {
      // The page loads nothing from outside, but the reader sees where the image would come from.
      out.plain(']');
      if (link.url) out.markup(` <code class="image-url">${textHtml(link.url)}</code>`);
    }
    return opening ? 1 : -1;
  } else if (alt > 0) return 0;
  else if (opening) out.markup(link.href ? anchor(link.href, link.title) : '');
  else if (link.href) out.markup('</a>');
  else if (link.url) out.markup(` <code class="blocked-url">${textHtml(link.url)}</code>`);
  return 0;
}

/** Renders the tokens; an image's brackets hold plain text, its alternative text. */
function render(toks: readonly Token[]): string {
  const out = new Out();
  let alt = 0;
  let inLink = false;
  for (const t of toks) {
    if (t.k === 'text') out.plain(t.s);
    else if (t.k === 'br') alt ? out.plain(' ') : out.markup('<br>\n');
    else if (t.k === 'code') alt ? out.plain(t.s) : out.markup(`<code>${textHtml(t.s)}</code>`);
    else if (t.k === 'auto')
      alt || inLink ? out.plain(t.s) : out.markup(`${anchor(t.href)}${textHtml(t.s)}</a>`);
    else if (t.k === 'delim') {
      if (!alt) out.markup(t.close);
      out.plain(t.ch.repeat(t.n));
      if (!alt) out.markup(t.open);
    } else {
      if (t.link?.href && !t.link.image && !alt) inLink = t.k === 'open';
      alt += bracket(out, t, alt);
    }
  }
  return out.done();
}

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
  return render(st.toks);
}
