// Text → search terms: Unicode words, lower case, NFKC, English stop words dropped, Porter stems.

import { stemmer } from 'stemmer';

/** Common English words that carry no meaning for routing. */
const STOP_WORDS = new Set(
  'a an and are as at be but by can do does for from has have how i if in into is it its me my no not of on or our so such that the their then there these this to use using was we what when where which while who why will with you your'.split(
    ' ',
  ),
);

const WORD = /[\p{L}\p{N}_]+/gu;
// biome-ignore lint/suspicious/noControlCharactersInRegex: the ASCII range starts at NUL on purpose
const NON_ASCII = /[^\x00-\x7f]/;
const ASCII_WORD = /[a-z0-9_]+/g;
/** General punctuation, arrows, box drawing, symbols and dingbats: separators, never word characters. */
const PUNCTUATION =
  /[\u00a0-\u00bf\u00d7\u00f7\u2000-\u2bff\u3000-\u303f\ufe30-\ufe4f\uff01-\uff0f]/g;

/** Terms by word (a stem, or '' for a stop word): text repeats its words, and stemming is costly. */
const terms = new Map<string, string>();
const MAX_STEMS = 200_000;

function remember(word: string, term: string): void {
  if (terms.size >= MAX_STEMS) terms.clear();
  terms.set(word, term);
}

function stem(word: string): string {
  let s = terms.get(word);
  if (s === undefined || s === '') {
    s = /^[a-z]+$/.test(word) ? stemmer(word) : word;
    if (!STOP_WORDS.has(word)) remember(word, s);
  }
  return s;
}
const MAX_WORD = 64;

/** One term per word: lower-cased, NFKC-normalised, stemmed; `with_sharing` also gives `sharing` (`with` is a stop word). */
export function tokenize(text: string, options: { keepStopWords?: boolean } = {}): string[] {
  const out: string[] = [];
  // Plain ASCII (most skill text) skips NFKC and matches with a cheaper pattern.
  // Dashes, quotes, arrows and the like separate words: blank them first, which leaves most text ASCII.
  const plain = NON_ASCII.test(text) ? text.replace(PUNCTUATION, ' ') : text;
  const ascii = !NON_ASCII.test(plain);
  const lower = (ascii ? plain : plain.normalize('NFKC')).toLowerCase();
  const re = ascii ? ASCII_WORD : WORD;
  re.lastIndex = 0;
  const keep = options.keepStopWords === true;
  for (let m = re.exec(lower); m !== null; m = re.exec(lower)) {
    const word = m[0].length > MAX_WORD ? m[0].slice(0, MAX_WORD) : m[0];
    if (!word.includes('_')) {
      // One lookup per word in the common case: a known word maps to its stem, or to '' if a stop word.
      const known = keep ? undefined : terms.get(word);
      if (known !== undefined) {
        if (known !== '') out.push(known);
        continue;
      }
      if (keep || !STOP_WORDS.has(word)) out.push(stem(word));
      else remember(word, '');
      continue;
    }
    const parts = word.split('_').filter(Boolean);
    if (parts.length > 1) out.push(word);
    for (const w of parts.length > 1 ? parts : [parts.join('')]) {
      if (w !== '' && (keep || !STOP_WORDS.has(w))) out.push(stem(w));
    }
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
