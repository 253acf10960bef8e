// Text made safe for a terminal: every character that would steer it (C0 controls, DEL, C1 controls)
// or make a line read in another order (the bidi embeddings, overrides and isolates) shown as a
// visible escape, `\x1b` or `\u{202e}`, whatever the output goes to. JSON keeps the exact strings,
// with those characters as JSON escapes.

/** The characters shown escaped: C0, DEL, C1, and U+202A–U+202E and U+2066–U+2069. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/** The same, but a newline, a tab, and a carriage return ending a line (CRLF) pass. */
const UNSAFE_IN_TEXT =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]|\r(?!\n)/g;

const shown = (c: string): string => {
  const code = c.codePointAt(0) as number;
  return code < 0x100
    ? `\\x${code.toString(16).padStart(2, '0')}`
    : `\\u{${code.toString(16).padStart(4, '0')}}`;
};

/** One line of a name, a path or a description: every unsafe character escaped, newline and tab too. */
export function visibleLine(s: string): string {
  return s.replace(UNSAFE, shown);
}

/** Text of many lines (a body, a whole output): unsafe characters escaped, but newline, tab and CRLF kept. */
export function visibleText(s: string): string {
  return s.replace(UNSAFE_IN_TEXT, shown);
}

/** Serialised JSON with DEL, the C1 controls and the bidi characters as `\u` escapes (JSON.stringify escapes C0 itself); it parses to the same value. */
export function visibleJson(json: string): string {
  // Outside strings JSON is ASCII: every such character is inside a string, where `\u` is its escape.
  return json.replace(
    /[\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g,
    (c) => `\\u${(c.codePointAt(0) as number).toString(16).padStart(4, '0')}`,
  );
}

/** A copy of `value` whose strings (object keys too) are each one visible line, for a text formatter; never for JSON. */
export function visibleLines<T>(value: T): T {
  if (typeof value === 'string') return visibleLine(value) as T;
  if (Array.isArray(value)) return value.map((v) => visibleLines(v)) as T;
  if (value instanceof Map)
    return new Map([...value].map(([k, v]) => [visibleLines(k), visibleLines(v)])) as T;
  if (value instanceof Set) return new Set([...value].map((v) => visibleLines(v))) as T;
  if (
    value !== null &&
    typeof value === 'object' &&
    Object.getPrototypeOf(value) === Object.prototype
  )
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [visibleLine(k), visibleLines(v)]),
    ) as T;
  return value;
}
