// Near words: a query term the library never uses, matched to an indexed term a typo or two away.

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

/**
 * The optimal-string-alignment distance between `a` and `b` (Levenshtein plus swapping two neighbours),
 * or `max + 1` as soon as it must exceed `max`.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (a === b) return 0;
  const n = a.length;
  const m = b.length;
  if (Math.abs(n - m) > max) return max + 1;
  // Three rows: the one before last (for swaps), the last, and the current one.
  let prev2 = new Array<number>(m + 1).fill(0);
  let prev = Array.from({ length: m + 1 }, (_, j) => j);
  let cur = new Array<number>(m + 1).fill(0);
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

/** A vocabulary entry: a term and its document frequencies. */
export type VocabularyEntry = Omit<NearTerm, 'distance'>;

/** Indexed terms by length, for finding the ones near a query term. */
export class Vocabulary {
  private readonly byLength = new Map<number, VocabularyEntry[]>();

  constructor(entries: Iterable<VocabularyEntry>) {
    for (const e of entries) {
      if (/\d/.test(e.term)) continue;
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
   * The terms within `max` edits of `term`, nearest first, then the more widely used (metadata
   * counting first), then by the term itself: the first is the best correction.
   */
  near(term: string, max: number): NearTerm[] {
    if (max <= 0) return [];
    const out: NearTerm[] = [];
    for (let n = term.length - max; n <= term.length + max; n++)
      for (const e of this.byLength.get(n) ?? []) {
        if (e.term === term) continue;
        const distance = editDistance(term, e.term, max);
        if (distance <= max) out.push({ ...e, distance });
      }
    return out.sort(
      (a, b) =>
        a.distance - b.distance ||
        b.meta - a.meta ||
        b.body - a.body ||
        (a.term < b.term ? -1 : a.term > b.term ? 1 : 0),
    );
  }
}
