// Near words: a query term the library never uses, matched to an indexed term a typo away. Terms are
// stems, and a misspelled word can stem apart from its right spelling (`validaton` stays whole where
// `validation` becomes `valid`), so the word as typed is tried too: each spelling one edit from it
// is stemmed and looked up.

/** A vocabulary term close to a query term. */
export interface NearTerm {
  term: string;
  /** Edits between the two (insert, delete, substitute, swap two neighbours). */
  distance: number;
  /** How many skills hold it in their metadata, and in their bodies. */
  meta: number;
  body: number;
}

/**
 * How many edits a term of this length may be from a vocabulary term and still match it: none under
 * 5 characters (short words have too many neighbours), 1 up to 8, 2 from 9. Terms with a digit are
 * codes and numbers (`sc2086`, `400k`): they match only as written.
 */
export function editBound(term: string): number {
  if (/\d/.test(term)) return 0;
  const n = [...term].length;
  return n < 5 ? 0 : n < 9 ? 1 : 2;
}

const rows: [Int32Array, Int32Array, Int32Array] = [
  new Int32Array(64),
  new Int32Array(64),
  new Int32Array(64),
];

/**
 * The optimal-string-alignment distance between `a` and `b` (Levenshtein plus swapping two neighbours),
 * or `max + 1` as soon as it must exceed `max`.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (a === b) return 0;
  const n = a.length;
  const m = b.length;
  if (Math.abs(n - m) > max) return max + 1;
  // Three rows: the one before last (for swaps), the last, and the current one (reused buffers).
  if (rows[0].length <= m) for (let r = 0; r < 3; r++) rows[r] = new Int32Array(2 * (m + 1));
  let [prev2, prev, cur] = rows as [Int32Array, Int32Array, Int32Array];
  for (let j = 0; j <= m; j++) prev[j] = j;
  for (let i = 1; i <= n; i++) {
    cur[0] = i;
    let rowMin = i;
    const ai = a.charCodeAt(i - 1);
    for (let j = 1; j <= m; j++) {
      const bj = b.charCodeAt(j - 1);
      const cost = ai === bj ? 0 : 1;
      let d = Math.min(
        (prev[j] as number) + 1,
        (cur[j - 1] as number) + 1,
        (prev[j - 1] as number) + cost,
      );
      if (i > 1 && j > 1 && ai === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === bj)
        d = Math.min(d, (prev2[j - 2] as number) + 1);
      cur[j] = d;
      if (d < rowMin) rowMin = d;
    }
    if (rowMin > max) return max + 1;
    [prev2, prev, cur] = [prev, cur, prev2];
  }
  return prev[m] as number;
}

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/** The longest word as typed whose one-edit spellings are tried (about 54 spellings a letter). */
const MAX_TYPED = 20;

/**
 * Every spelling one edit from a lower-case word, its first letter kept (people seldom mistype it, and
 * most real words a letter away from another differ there: `water`, `later`): a letter dropped,
 * swapped with the next, replaced or added.
 */
export function oneEdit(word: string): Set<string> {
  const out = new Set<string>();
  for (let i = 1; i <= word.length; i++) {
    const head = word.slice(0, i);
    const tail = word.slice(i);
    if (tail.length > 0) out.add(head + tail.slice(1));
    if (tail.length > 1) out.add(head + (tail[1] as string) + (tail[0] as string) + tail.slice(2));
    for (const c of LETTERS) {
      if (tail.length > 0) out.add(head + c + tail.slice(1));
      out.add(head + c + tail);
    }
  }
  out.delete(word);
  return out;
}

/** A vocabulary entry: a term and its document frequencies. */
export type VocabularyEntry = Omit<NearTerm, 'distance'>;

/** Indexed terms by length, for finding the ones near a query term. */
export class Vocabulary {
  private readonly byLength = new Map<number, VocabularyEntry[]>();
  private readonly byTerm = new Map<string, VocabularyEntry>();

  constructor(entries: Iterable<VocabularyEntry>) {
    for (const e of entries) {
      if (/\d/.test(e.term)) continue;
      this.byTerm.set(e.term, e);
      const n = e.term.length;
      let bucket = this.byLength.get(n);
      if (!bucket) {
        bucket = [];
        this.byLength.set(n, bucket);
      }
      bucket.push(e);
    }
  }

  /**
   * The terms within `max` edits of `term` that start with its letter, and the terms of the spellings
   * one edit from `word` (the word as typed, when given; `stem` gives a spelling's term), nearest
   * first, then the more widely used (metadata counting first), then by the term itself: the first is
   * the best correction.
   */
  near(
    term: string,
    max: number,
    word?: { text: string; stem: (w: string) => string },
  ): NearTerm[] {
    if (max <= 0) return [];
    const found = new Map<string, NearTerm>();
    const add = (e: VocabularyEntry, distance: number): void => {
      const had = found.get(e.term);
      if (e.term !== term && (!had || had.distance > distance))
        found.set(e.term, { ...e, distance });
    };
    for (let n = term.length - max; n <= term.length + max; n++)
      for (const e of this.byLength.get(n) ?? []) {
        if (e.term[0] !== term[0]) continue;
        const distance = editDistance(term, e.term, max);
        if (distance <= max) add(e, distance);
      }
    // A long word's spellings are many and a typo of it is rarely its only way in: its stem is enough.
    if (word && word.text.length <= MAX_TYPED)
      for (const spelling of oneEdit(word.text)) {
        const e = this.byTerm.get(word.stem(spelling));
        if (e) add(e, 1);
      }
    return [...found.values()].sort(
      (a, b) =>
        a.distance - b.distance ||
        b.meta - a.meta ||
        b.body - a.body ||
        (a.term < b.term ? -1 : a.term > b.term ? 1 : 0),
    );
  }
}
