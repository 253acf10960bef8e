// Text as HTML with its invisible characters made visible: controls, bidi overrides and isolates,
// zero-width characters, Unicode tags and the like each become a marked `U+XXXX`, so a reader of an
// untrusted skill sees what a model would read.

import { escapeHtml } from './html.js';

/**
 * The characters shown as markers: C0 controls but tab and newline, DEL, C1, soft hyphen, the
 * Arabic letter mark, Hangul fillers, the Mongolian vowel separator, zero-width and bidi marks,
 * line and paragraph separators, bidi embeddings, overrides and isolates, invisible operators,
 * the byte-order mark, interlinear annotation, tag characters, supplementary variation selectors
 * (a known way to smuggle bytes) and lone surrogates.
 */
const HIDDEN =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
  // biome-ignore lint/suspicious/noMisleadingCharacterClass: each is matched alone, to be marked
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u00ad\u034f\u061c\u115f\u1160\u180e\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u2069\u3164\ufeff\uffa0\ufff9-\ufffb\u{e0000}-\u{e007f}\u{e0100}-\u{e01ef}\ud800-\udfff]/gu;

const ANY_HIDDEN = new RegExp(HIDDEN.source, 'u');

const codeOf = (c: string): string =>
  `U+${(c.codePointAt(0) as number).toString(16).toUpperCase().padStart(4, '0')}`;

const marker = (c: string): string =>
  `<mark class="hidden-char" title="${codeOf(c)}">${codeOf(c)}</mark>`;

/** `s` escaped as HTML text, with every hidden character replaced by a visible marker. */
export function textHtml(s: string): string {
  return escapeHtml(s).replace(HIDDEN, marker);
}

/** `s` escaped for a quoted attribute, each hidden character written as the text `U+XXXX`. */
export function attributeText(s: string): string {
  return escapeHtml(s).replace(HIDDEN, codeOf);
}

/** Whether `s` holds a character `textHtml` would mark. */
export function hasHidden(s: string): boolean {
  return ANY_HIDDEN.test(s);
}
