// The scalars of the fast YAML path: plain, quoted and one-line flow values, resolved as the YAML 1.2
// core schema does. Anything outside the subset throws BAIL, and the caller hands the text to `yaml@2`.

const INT = /^[-+]?[0-9]+$/;
const FLOAT = /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?$/;
const PLAIN_ITEM = /^[^\s,[\]{}#&*!|>'"%@`?:-][^,[\]{}#]*$/;

/** Thrown inside the parser to give up on the fast path; never escapes this module. */
export class Bail {}
export const BAIL = new Bail();

/** Resolve a plain scalar as the YAML 1.2 core schema does. */
export function resolvePlain(s: string): unknown {
  if (s === '' || s === '~' || s === 'null' || s === 'Null' || s === 'NULL') return null;
  const c = s.charCodeAt(0);
  // Only strings starting with t/T/f/F, a digit, a sign or a dot can be anything but a string.
  if (c === 116 || c === 84 || c === 102 || c === 70) {
    if (s === 'true' || s === 'True' || s === 'TRUE') return true;
    if (s === 'false' || s === 'False' || s === 'FALSE') return false;
    return s;
  }
  if (!((c >= 48 && c <= 57) || c === 43 || c === 45 || c === 46)) return s;
  if (INT.test(s) || FLOAT.test(s)) return Number(s);
  if (/^0o[0-7]+$/.test(s)) return Number.parseInt(s.slice(2), 8);
  if (/^0x[0-9a-fA-F]+$/.test(s)) return Number.parseInt(s.slice(2), 16);
  if (/^[-+]?\.(?:inf|Inf|INF)$/.test(s)) return s.startsWith('-') ? -Infinity : Infinity;
  if (/^\.(?:nan|NaN|NAN)$/.test(s)) return Number.NaN;
  return s;
}

export function indentOf(line: string): number {
  let i = 0;
  while (i < line.length && line.charCodeAt(i) === 32) i++;
  if (line.charCodeAt(i) === 9) throw BAIL; // tabs in indentation: let yaml@2 speak
  return i;
}

export function isBlank(line: string): boolean {
  return line.trim() === '';
}

export function parseQuotedDouble(s: string): string {
  if (s.length < 2 || !s.endsWith('"')) throw BAIL;
  const inner = s.slice(1, -1);
  if (inner.includes('"') || inner.includes('\\')) throw BAIL;
  return inner;
}

export function parseQuotedSingle(s: string): string {
  let out = '';
  let i = 1;
  while (i < s.length) {
    const ch = s[i];
    if (ch === "'") {
      if (s[i + 1] === "'") {
        out += "'";
        i += 2;
        continue;
      }
      if (i !== s.length - 1) throw BAIL;
      return out;
    }
    out += ch;
    i++;
  }
  throw BAIL;
}

export function parseFlowSequence(s: string): unknown[] {
  if (!s.endsWith(']')) throw BAIL;
  const out: unknown[] = [];
  const end = s.length - 1;
  let i = 1;
  const skipSpaces = (): void => {
    while (i < end && s.charCodeAt(i) === 32) i++;
  };
  skipSpaces();
  if (i === end) return out;
  for (;;) {
    skipSpaces();
    const c = s[i];
    if (c === '"' || c === "'") {
      const close = s.indexOf(c, i + 1);
      if (close < 0 || close >= end) throw BAIL;
      const inner = s.slice(i + 1, close);
      // Escapes (`\`) and doubled single quotes: leave those to yaml@2.
      if (inner.includes('\\') || s[close + 1] === c) throw BAIL;
      out.push(inner);
      i = close + 1;
    } else {
      let stop = s.indexOf(',', i);
      if (stop < 0 || stop > end) stop = end;
      const item = s.slice(i, stop).trim();
      if (!PLAIN_ITEM.test(item) || item.includes(': ')) throw BAIL;
      out.push(resolvePlain(item));
      i = stop;
    }
    skipSpaces();
    if (i === end) return out;
    if (s[i] !== ',') throw BAIL;
    i++;
    skipSpaces();
    if (i === end) throw BAIL; // a trailing comma: yaml@2 decides
  }
}

export function parsePlain(s: string): unknown {
  const c = s[0];
  if (
    c === '&' ||
    c === '*' ||
    c === '!' ||
    c === '%' ||
    c === '@' ||
    c === '`' ||
    c === '?' ||
    c === '#' ||
    c === ':' ||
    c === ',' ||
    c === ']' ||
    c === '}'
  ) {
    throw BAIL;
  }
  if (c === '-' && (s.length === 1 || s[1] === ' ')) throw BAIL;
  if (s.includes(': ') || s.endsWith(':') || s.includes(' #') || s.includes('\t')) throw BAIL;
  return resolvePlain(s);
}
