// Misspelled queries for measuring typo tolerance: one word of each query (six letters or more) gets
// one edit — two neighbours swapped, a letter dropped, replaced or added — drawn from a seeded
// generator, so every run makes the same queries.

import type { LabelledQuery } from '../src/eval/eval.js';
import { seeded } from '../src/util/seeded.js';

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/** One edit inside `word` (never its first or last letter, where people rarely slip). */
function misspell(word: string, random: () => number): string {
  const pick = (n: number): number => Math.floor(random() * n);
  const i = 1 + pick(word.length - 2);
  const letter = LETTERS[pick(LETTERS.length)] as string;
  switch (pick(4)) {
    case 0:
      return word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
    case 1:
      return word.slice(0, i) + word.slice(i + 1);
    case 2:
      return word.slice(0, i) + letter + word.slice(i + 1);
    default:
      return word.slice(0, i) + letter + word.slice(i);
  }
}

/** Each positive query with one word misspelled (queries with no word of six letters are left out). */
export function misspelled(labels: readonly LabelledQuery[], seed = 7): LabelledQuery[] {
  return misspellings(labels, seed).map((p) => p.typo);
}

/** Each positive query misspelled, beside the query as it was. */
export function misspellings(
  labels: readonly LabelledQuery[],
  seed = 7,
): Array<{ right: LabelledQuery; typo: LabelledQuery }> {
  const random = seeded(seed);
  const out: Array<{ right: LabelledQuery; typo: LabelledQuery }> = [];
  for (const l of labels) {
    if (l.expected.length === 0) continue;
    const words = l.query.split(' ');
    const long = words.flatMap((w, i) => (/^[A-Za-z]{6,}$/.test(w) ? [i] : []));
    if (long.length === 0) continue;
    const at = long[Math.floor(random() * long.length)] as number;
    words[at] = misspell(words[at] as string, random);
    out.push({ right: l, typo: { ...l, query: words.join(' ') } });
  }
  return out;
}
