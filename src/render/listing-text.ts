// The text of one listing entry: description and when_to_use joined on one line, and clipped with `…`
// to at most a number of characters as some measure counts them (plain length, or escaped length).

/** The mark a clipped text ends with; it counts as one character in every form. */
export const ELLIPSIS = '…';

/** `s` on one line: every line break, with the blanks around it, becomes one space; ends trimmed. */
export function oneLine(s: string): string {
  return s.replace(/[ \t]*(?:\r\n|\r|\n)[ \t\r\n]*/g, ' ').trim();
}

/** What an entry says after its name: `description - when_to_use`, either part absent when empty. */
export function entryText(description: string, whenToUse: string | undefined): string {
  const parts = [oneLine(description), oneLine(whenToUse ?? '')].filter((p) => p !== '');
  return parts.join(' - ');
}

/** How many characters `s` takes in a form (its length, or its length once escaped). */
export type Measure = (s: string) => number;

/** The plain measure: UTF-16 code units, as `String.prototype.length` counts them. */
export const plainLength: Measure = (s) => s.length;

/**
 * `text` if it measures at most `max`; else its longest prefix (whole code points, trailing blanks
 * dropped) that leaves room for `…`, plus `…`; the empty string when even `…` does not fit.
 */
export function clip(text: string, max: number, measure: Measure = plainLength): string {
  if (measure(text) <= max) return text;
  if (max < 1) return '';
  let room = max - 1;
  let end = 0;
  // Code points, so a surrogate pair is never split; each is measured alone, which for both escapes
  // used here (XML entities, JSON string escapes) adds up to the measure of the whole.
  for (const cp of text) {
    const n = measure(cp);
    if (n > room) break;
    room -= n;
    end += cp.length;
  }
  return text.slice(0, end).trimEnd() + ELLIPSIS;
}
