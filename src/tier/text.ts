// Text helpers for glosses: lengths and cuts in code points, so a budget means the same on every
// script and a surrogate pair is never split.

/** The mark a clipped unit ends with; one character. */
export const ELLIPSIS = '…';

/** The length of `s` in code points (what the seed's token model and the 220-char budget count). */
export function cpLength(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

/** The first `n` code points of `s`. */
export function cpSlice(s: string, n: number): string {
  if (n <= 0) return '';
  let end = 0;
  let seen = 0;
  for (const cp of s) {
    if (seen === n) break;
    end += cp.length;
    seen++;
  }
  return s.slice(0, end);
}

/** `s` on one line: every run of white space becomes one space; ends trimmed. */
export function collapse(s: string): string {
  return s.replace(/\s+/gu, ' ').trim();
}

/** `s` without the characters of `chars` at its end. */
export function trimEndOf(s: string, chars: string): string {
  let end = s.length;
  while (end > 0 && chars.includes(s[end - 1] as string)) end--;
  return s.slice(0, end);
}

/** `s` without the characters of `chars` at either end. */
export function trimOf(s: string, chars: string): string {
  let start = 0;
  while (start < s.length && chars.includes(s[start] as string)) start++;
  return trimEndOf(s.slice(start), chars);
}
