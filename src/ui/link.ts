// The `(destination "title")` after a link's `]`, and which destinations may become an `href`.
// Scanning is charged to a shared fuel budget, so a text of many `](` stays linear.

import { hasHidden } from './hidden.js';

/** Work left for link scanning in one inline text; at zero, no further links are read. */
export interface Fuel {
  left: number;
}

const ASCII_PUNCT = /^[!-/:-@[-`{-~]$/;

/** Whether `c` is ASCII punctuation, the characters a backslash escapes. */
export const isAsciiPunct = (c: string | undefined): boolean =>
  c !== undefined && ASCII_PUNCT.test(c);

const unescapePunct = (s: string): string => s.replace(/\\([!-/:-@[-`{-~])/g, '$1');

const skipSpace = (src: string, i: number): number => {
  while (i < src.length && (src[i] === ' ' || src[i] === '\t' || src[i] === '\n')) i++;
  return i;
};

/** A `<…>` destination: its end (after `>`) and text, or undefined. */
function pointy(src: string, i: number, fuel: Fuel): [number, string] | undefined {
  let j = i + 1;
  while (j < src.length && src[j] !== '>' && src[j] !== '<' && src[j] !== '\n')
    j += src[j] === '\\' ? 2 : 1;
  fuel.left -= j - i;
  return src[j] === '>' ? [j + 1, unescapePunct(src.slice(i + 1, j))] : undefined;
}

/** A bare destination (no spaces or controls, parentheses balanced): its end and text. */
function bare(src: string, i: number, fuel: Fuel): [number, string] | undefined {
  let depth = 0;
  let j = i;
  for (; j < src.length; j++) {
    const c = src.charCodeAt(j);
    if (c <= 0x20 || c === 0x7f) break;
    if (c === 0x5c && isAsciiPunct(src[j + 1])) j++;
    else if (c === 0x28 && ++depth > 32) return undefined;
    else if (c === 0x29 && depth-- === 0) break;
  }
  fuel.left -= j - i;
  return depth > 0 ? undefined : [j, unescapePunct(src.slice(i, j))];
}

/** The end of an optional link title starting at `i` (after `"…"`, `'…'` or `(…)`), or undefined. */
function title(src: string, i: number, fuel: Fuel): number | undefined {
  const close = src[i] === '(' ? ')' : src[i];
  let j = i + 1;
  while (j < src.length && src[j] !== close) j += src[j] === '\\' ? 2 : 1;
  fuel.left -= j - i;
  return j < src.length ? j + 1 : undefined;
}

/**
 * The inline link tail at `at` (which should be `(`): the destination, backslash escapes resolved
 * and entities left as written, its title if any, and the index after `)`.
 */
export function parseLinkTail(
  src: string,
  at: number,
  fuel: Fuel,
): { url: string; title: string | undefined; end: number } | undefined {
  if (src[at] !== '(' || fuel.left <= 0) return undefined;
  let i = skipSpace(src, at + 1);
  const dest = src[i] === '<' ? pointy(src, i, fuel) : bare(src, i, fuel);
  if (dest === undefined) return undefined;
  const [afterDest, url] = dest;
  i = skipSpace(src, afterDest);
  let text: string | undefined;
  if (i > afterDest && (src[i] === '"' || src[i] === "'" || src[i] === '(')) {
    const end = title(src, i, fuel);
    if (end === undefined) return undefined;
    text = unescapePunct(src.slice(i + 1, end - 1));
    i = skipSpace(src, end);
  }
  return src[i] === ')' ? { url, title: text, end: i + 1 } : undefined;
}

/**
 * `url` as an `href` if it is an absolute `http://`, `https://` (with a host) or `mailto:` URL
 * with no space, control or hidden character; else undefined. The scheme comes back lower-case.
 * Relative and protocol-relative URLs are refused too: on a local page they would reach its server.
 */
export function safeHref(url: string): string | undefined {
  if (!/^(?:https?:\/\/[^/\\\s]|mailto:\S)/i.test(url)) return undefined;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/[\s\u0000-\u001f\u007f-\u009f]/.test(url) || hasHidden(url)) return undefined;
  // A link to this machine could reach the page itself, or hand its cookie to another local server.
  if (/^https?:\/\/(?:[^@/]*@)?(?:localhost|127\.|\[::1\]|0\.0\.0\.0|\[::\])/i.test(url))
    return undefined;
  const colon = url.indexOf(':');
  return url.slice(0, colon).toLowerCase() + url.slice(colon);
}
