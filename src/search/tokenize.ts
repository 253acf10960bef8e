// Text → search terms: Unicode words, lower case, NFKC, English stop words dropped, Porter stems.

import { stemmer } from 'stemmer';

/** Common English words that carry no meaning for routing. */
const STOP_WORDS = new Set(
  'a an and are as at be but by can do does for from has have how i if in into is it its me my no not of on or our so such that the their then there these this to use using was we what when where which while who why will with you your'.split(
    ' ',
  ),
);

const WORD = /[\p{L}\p{N}_]+/gu;
const MAX_WORD = 64;

/** One term per word: lower-cased, NFKC-normalised, stemmed; `with_sharing` also gives `with` and `sharing`. */
export function tokenize(text: string, options: { keepStopWords?: boolean } = {}): string[] {
  const out: string[] = [];
  for (const m of text.normalize('NFKC').toLowerCase().matchAll(WORD)) {
    const word = m[0].length > MAX_WORD ? m[0].slice(0, MAX_WORD) : m[0];
    const parts = word.includes('_') ? word.split('_').filter(Boolean) : [];
    if (parts.length > 1) out.push(word);
    for (const w of parts.length > 1 ? parts : [word.replace(/_/g, '')]) {
      if (w === '') continue;
      if (!options.keepStopWords && STOP_WORDS.has(w)) continue;
      out.push(/^[a-z]+$/.test(w) ? stemmer(w) : w);
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
