// Text → search terms: Unicode words, lower case, NFKC, English stop words dropped, Porter stems; identifiers split.

import { stemmer } from 'stemmer';
import { STOP_WORDS } from '../text/stop-words.js';

/** A one-letter name with `#` or `++` (`c#`, `f#`, `c++`) is a word of its own; otherwise letters, digits and `_`. */
const WORD = /(?<![\p{L}\p{N}_])\p{L}(?:#|\+\+)(?![\p{L}\p{N}_])|[\p{L}\p{N}_]+/gu;
// biome-ignore lint/suspicious/noControlCharactersInRegex: the ASCII range starts at NUL on purpose
const NON_ASCII = /[^\x00-\x7f]/;
const ASCII_WORD = /(?<![A-Za-z0-9_])[A-Za-z](?:#|\+\+)(?![A-Za-z0-9_])|[A-Za-z0-9_]+/g;
/** General punctuation, arrows, box drawing, symbols and dingbats: separators, never word characters. */
const PUNCTUATION =
  /[\u00a0-\u00bf\u00d7\u00f7\u2000-\u2bff\u3000-\u303f\ufe30-\ufe4f\uff01-\uff0f]/g;
/** A lower-case letter or digit followed by a capital, or a run of capitals before a capitalised word. */
const CAMEL = /[\p{Ll}\p{N}]\p{Lu}|\p{Lu}\p{Lu}\p{Ll}/u;

/** ASCII letters only. */
const LETTERS = /^[A-Za-z]+$/;

/** Capitals and a final `s`: `CVEs`, `URLs`. */
const PLURAL_ACRONYM = /^\p{Lu}+s$/u;

/** Terms by word as written (a stem, or '' for a stop word): text repeats its words, and stemming is costly. */
const terms = new Map<string, string>();
const MAX_STEMS = 200_000;

function remember(word: string, term: string): void {
  if (terms.size >= MAX_STEMS) terms.clear();
  terms.set(word, term);
}

/** The stem of a lower-case word. */
function stem(word: string): string {
  return /^[a-z]+$/.test(word) ? stemmer(word) : word;
}
const MAX_WORD = 64;

/**
 * The term of one lower-case ASCII word ('' for a stop word), remembering nothing: for words that
 * are not in any text, such as the spellings a typo is tried against.
 */
export function termOf(word: string): string {
  return STOP_WORDS.has(word) ? '' : stem(word);
}

/** How tokenize treats stop words and identifiers. */
export interface TokenizeOptions {
  /** Keep stop words (default: drop them). */
  keepStopWords?: boolean;
  /**
   * Also give an identifier whole (`with_sharing`, `pythontesting`) before its parts (default: true).
   * Queries leave it out of the words they are scored on, so `python_testing` scores as `python testing`.
   */
  compounds?: boolean;
  /** Split camelCase words into their parts too (queries do; indexed text keeps them whole). */
  camel?: boolean;
}

/** The parts of an identifier: `with_sharing` → with, sharing; `pythonTesting` → python, Testing. */
function identifierParts(word: string, camel: boolean): string[] {
  if (!camel) return word.includes('_') ? word.split('_').filter(Boolean) : [word];
  // A plural acronym (`CVEs`, `APIs`) is one word.
  const spaced =
    CAMEL.test(word) && !PLURAL_ACRONYM.test(word)
      ? word
          .replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, '$1 $2')
          .replace(/(\p{Lu})(\p{Lu}\p{Ll})/gu, '$1 $2')
      : word;
  return spaced.split(/[_ ]+/).filter(Boolean);
}

/** The text with separators blanked and, unless plain ASCII, NFKC-normalised; and the word pattern to use. */
function prepare(text: string): { source: string; re: RegExp } {
  // Plain ASCII (most skill text) skips NFKC and matches with a cheaper pattern.
  // Dashes, quotes, arrows and the like separate words: blank them first, which leaves most text ASCII.
  const plain = NON_ASCII.test(text) ? text.replace(PUNCTUATION, ' ') : text;
  const ascii = !NON_ASCII.test(plain);
  const re = ascii ? ASCII_WORD : WORD;
  re.lastIndex = 0;
  // Japanese, Chinese and Korean are written without spaces around Latin words (`Djangoのセキュリティ`):
  // the Latin word is a word of its own.
  return { source: ascii ? plain : plain.normalize('NFKC').replace(SCRIPT_SEAM, ' '), re };
}

/** Where Latin letters or digits meet Han, kana or Hangul. */
const SCRIPT_SEAM =
  /(?<=[A-Za-z0-9])(?=[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}])|(?<=[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}])(?=[A-Za-z0-9])/gu;

/** The words of a text as written (identifiers whole), as tokenize sees them. */
export function words(text: string): string[] {
  const { source, re } = prepare(text);
  const out: string[] = [];
  for (let m = re.exec(source); m !== null; m = re.exec(source))
    out.push(m[0].length > MAX_WORD ? m[0].slice(0, MAX_WORD) : m[0]);
  return out;
}

/**
 * One term per word: lower-cased, NFKC-normalised, stemmed. An identifier (`with_sharing`,
 * `pythonTesting`) gives its parts, after the whole identifier unless `compounds` is false.
 */
export function tokenize(text: string, options: TokenizeOptions = {}): string[] {
  const out: string[] = [];
  const { source, re } = prepare(text);
  const keep = options.keepStopWords === true;
  const compounds = options.compounds !== false;
  const camel = options.camel === true;
  for (let m = re.exec(source); m !== null; m = re.exec(source)) {
    const word = m[0].length > MAX_WORD ? m[0].slice(0, MAX_WORD) : m[0];
    // One lookup per word in the common case: a known word maps to its stem, or to '' if a stop word.
    const known = keep || camel ? undefined : terms.get(word);
    if (known !== undefined) {
      if (known !== '') out.push(known);
      continue;
    }
    const parts = identifierParts(word, camel);
    if (parts.length <= 1) {
      const lower = (parts[0] ?? word.replace(/_/g, '')).toLowerCase();
      if (lower === '') continue;
      if (keep || !STOP_WORDS.has(lower)) {
        const s = stem(lower);
        // Only plain words are worth remembering: numbers and codes are many, and cheap to redo.
        if (!keep && LETTERS.test(word)) remember(word, s);
        out.push(s);
      } else remember(word, '');
      continue;
    }
    const kept = parts.map((p) => p.toLowerCase()).filter((p) => keep || !STOP_WORDS.has(p));
    // An identifier made only of stop words (`with_the`) is still a word.
    if (compounds || kept.length === 0) out.push(word.toLowerCase().replace(/_+$|^_+/g, ''));
    for (const p of kept) out.push(stem(p));
  }
  return out;
}

/** Split a kebab/snake/camel identifier (a skill name) into words. */
export function identifierWords(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_./:]+/g, ' ')
    .trim();
}
