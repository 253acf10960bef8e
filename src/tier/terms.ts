// Terms for router derivation: words and their stems, per-domain counts and the surface form to show.

import { stemmer } from 'stemmer';
import { STOP_WORDS } from '../text/stop-words.js';

/** Words of skill titles and descriptions that name no topic to route on (`guide`, `best`, `patterns`). */
const FILLER = new Set(
  'used via per vs new best pattern patterns guide basics overview custom only after before find two than'.split(
    ' ',
  ),
);

/** A word's stem, so `trigger`, `triggers` and `triggered` count as one term. */
export const stem = (w: string): string => (/^[a-z]+$/u.test(w) ? stemmer(w) : w);

/** The words of `s` worth routing on: lower case, three letters or more, no stop words or numbers. */
export const words = (s: string): string[] =>
  s
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length >= 3 && !STOP_WORDS.has(w) && !FILLER.has(w) && !/^\p{N}+$/u.test(w));

/** A trigger phrase without its quotes, on one line, lower case. */
export const unquote = (s: string): string =>
  s
    .replace(/^['"‘“`]+|['"’”`]+$/gu, '')
    .replace(/\s+/gu, ' ')
    .trim()
    .toLowerCase();

/** Code-point order, the same on every machine (never locale order). */
export const byText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Per term, how many skills of each domain have it. */
export class Counts {
  readonly by = new Map<string, Map<string, number>>();
  add(term: string, domain: string): void {
    let m = this.by.get(term);
    if (!m) {
      m = new Map();
      this.by.set(term, m);
    }
    m.set(domain, (m.get(domain) ?? 0) + 1);
  }
  in(term: string, domain: string): number {
    return this.by.get(term)?.get(domain) ?? 0;
  }
  /** Skills in `domain` having `term` × the share of all skills having it that are in `domain`. */
  weight(term: string, domain: string): number {
    const here = this.in(term, domain);
    let total = 0;
    for (const n of this.by.get(term)?.values() ?? []) total += n;
    return total === 0 ? 0 : (here * here) / total;
  }
  share(term: string, domain: string): number {
    let total = 0;
    for (const n of this.by.get(term)?.values() ?? []) total += n;
    return total === 0 ? 0 : this.in(term, domain) / total;
  }
}

/** The surface form most often written for each stem (ties: the first in code-point order). */
export class Surfaces {
  readonly by = new Map<string, Map<string, number>>();
  add(word: string): void {
    const s = stem(word);
    let m = this.by.get(s);
    if (!m) {
      m = new Map();
      this.by.set(s, m);
    }
    m.set(word, (m.get(word) ?? 0) + 1);
  }
  of(s: string): string {
    const m = this.by.get(s);
    if (!m) return s;
    return [...m].sort((a, b) => b[1] - a[1] || byText(a[0], b[0]))[0]?.[0] as string;
  }
}

/** How many of each part a router carries. */
export const ROUTER_LIMITS = {
  scope: 6,
  vocabulary: 24,
  phrases: 10,
  notFor: 3,
  notForTerms: 3,
  topics: 2,
  topicChars: 48,
  featured: 8,
};
