// Array parameters written as PostgreSQL array literals here, where node-postgres would quote and
// escape every element with two regular expressions: a publish sends millions of elements.

/** `{1,2,3}` for integers. */
export function intArray(xs: readonly number[]): string {
  return `{${xs.join(',')}}`;
}

/** `{"a","b\"c"}` for strings: every element quoted, `\` and `"` escaped. */
export function textArray(xs: readonly string[]): string {
  let out = '{';
  for (let i = 0; i < xs.length; i++) {
    const x = xs[i] as string;
    if (i > 0) out += ',';
    out += NEEDS_ESCAPE.test(x) ? `"${x.replace(ESCAPED, '\\$&')}"` : `"${x}"`;
  }
  return `${out}}`;
}

const NEEDS_ESCAPE = /["\\]/;
const ESCAPED = /["\\]/g;
