// Argument substitution at invocation: the raw argument string is split shell-style, then `$name`
// (front matter `arguments:`), `$ARGUMENTS[n]`, `$n` and `$ARGUMENTS` are replaced in one pass, so
// an argument's text is never scanned again. Indexes are 0-based: `$0` is the first argument.

/** Which argument a placeholder stands for: the raw string, or one split argument by index. */
export type ArgumentRef = 'all' | number;

/** One argument placeholder in a text, by offsets. */
export interface ArgumentPlaceholder {
  start: number;
  end: number;
  ref: ArgumentRef;
  /** Written `\$…`: it stays literal, without the backslash. */
  escaped: boolean;
}

/** The arguments of one invocation. */
export interface ArgumentValues {
  /** The argument string as typed. */
  raw: string;
  /** `raw` split shell-style. */
  list: readonly string[];
  /** Front matter `arguments:`, in order: `$<names[i]>` is `list[i]`. */
  names: readonly string[];
}

/** How `renderArguments` writes what it finds. */
export interface ArgumentRenderer {
  /** The text for a placeholder (its value empty when not given); `before` is `text` up to the placeholder. */
  value?: (value: string, ref: ArgumentRef, before: string) => string;
  /** The text between placeholders (default: unchanged). */
  literal?: (text: string) => string;
}

const WORD = /[\w[]/;
const NAME = /^[A-Za-z_][\w-]*$/;
const DOUBLE_QUOTED_ESCAPES = new Set(['$', '`', '"', '\\', '\n']);

/** Split a raw argument string like a POSIX shell: quotes group, backslashes escape, nothing expands. */
export function splitArguments(raw: string): string[] {
  const out: string[] = [];
  let word = '';
  let inWord = false;
  let quote: "'" | '"' | undefined;
  for (let i = 0; i < raw.length; i++) {
    const ch = raw[i] as string;
    if (quote === "'") {
      if (ch === "'") quote = undefined;
      else word += ch;
    } else if (quote === '"') {
      const next = raw[i + 1];
      if (ch === '"') quote = undefined;
      else if (ch === '\\' && next !== undefined && DOUBLE_QUOTED_ESCAPES.has(next)) {
        if (next !== '\n') word += next;
        i++;
      } else word += ch;
    } else if (/\s/.test(ch)) {
      if (inWord) out.push(word);
      word = '';
      inWord = false;
    } else {
      inWord = true;
      const next = raw[i + 1];
      if (ch === "'" || ch === '"') quote = ch;
      else if (ch === '\\' && next !== undefined) {
        if (next !== '\n') word += next;
        i++;
      } else word += ch;
    }
  }
  // An unclosed quote runs to the end of the string rather than failing.
  if (inWord) out.push(word);
  return out;
}

/** Split `raw` once for every placeholder of an invocation. */
export function argumentValues(raw: string, names: readonly string[] = []): ArgumentValues {
  return { raw, list: splitArguments(raw), names };
}

// Names that could be mistaken for the built-in forms, or that are not names, are ignored.
function usableNames(names: readonly string[]): Array<{ name: string; index: number }> {
  return names
    .map((name, index) => ({ name, index }))
    .filter(({ name }) => NAME.test(name) && name !== 'ARGUMENTS')
    .sort((a, b) => b.name.length - a.name.length);
}

function placeholderAt(
  text: string,
  at: number,
  names: ReadonlyArray<{ name: string; index: number }>,
): { end: number; ref: ArgumentRef } | undefined {
  const rest = text.slice(at + 1);
  for (const { name, index } of names)
    if (rest.startsWith(name) && !WORD.test(rest[name.length] ?? ''))
      return { end: at + 1 + name.length, ref: index };
  const indexed = /^ARGUMENTS\[(\d+)\]/.exec(rest);
  if (indexed) return { end: at + 1 + indexed[0].length, ref: Number(indexed[1]) };
  const positional = /^(\d+)(?!\w)/.exec(rest);
  if (positional) return { end: at + 1 + positional[0].length, ref: Number(positional[1]) };
  if (/^ARGUMENTS(?!\w)/.test(rest)) return { end: at + 10, ref: 'all' };
  return undefined;
}

/** Every argument placeholder in `text`, escaped ones included, in order. */
export function findArgumentPlaceholders(
  text: string,
  names: readonly string[] = [],
): ArgumentPlaceholder[] {
  const usable = usableNames(names);
  const found: ArgumentPlaceholder[] = [];
  for (let at = text.indexOf('$'); at !== -1; at = text.indexOf('$', at + 1)) {
    const hit = placeholderAt(text, at, usable);
    if (hit === undefined) continue;
    const escaped = text[at - 1] === '\\';
    found.push({ start: escaped ? at - 1 : at, end: hit.end, ref: hit.ref, escaped });
    at = hit.end - 1;
  }
  return found;
}

/** Whether `text` uses any argument placeholder (an escaped one does not count). */
export function hasArgumentPlaceholder(text: string, names: readonly string[] = []): boolean {
  return findArgumentPlaceholders(text, names).some((p) => !p.escaped);
}

/** The value a placeholder stands for: empty when that argument was not given (as in Claude Code). */
function argumentValue(values: ArgumentValues, ref: ArgumentRef): string {
  return ref === 'all' ? values.raw : (values.list[ref] ?? '');
}

/** Replace the placeholders of `text`, a missing argument's with nothing; escaped ones stay literal, without the `\`. */
export function renderArguments(
  text: string,
  values: ArgumentValues,
  renderer: ArgumentRenderer = {},
): string {
  const literal = renderer.literal ?? ((s: string) => s);
  const value = renderer.value ?? ((v: string) => v);
  let out = '';
  let from = 0;
  for (const p of findArgumentPlaceholders(text, values.names)) {
    const v = argumentValue(values, p.ref);
    if (p.escaped) out += `${literal(text.slice(from, p.start))}${text.slice(p.start + 1, p.end)}`;
    else out += `${literal(text.slice(from, p.start))}${value(v, p.ref, text.slice(0, p.start))}`;
    from = p.end;
  }
  return out + literal(text.slice(from));
}

/** Append `ARGUMENTS: <raw>` after a blank line (what a body with no placeholder gets). */
export function appendArguments(text: string, raw: string): string {
  return `${text.replace(/\n+$/, '')}\n\nARGUMENTS: ${raw}`;
}

/** Substitute the arguments of one invocation into a skill body (Claude Code's rules). */
export function substituteArguments(
  body: string,
  raw: string,
  names: readonly string[] = [],
): string {
  const text = renderArguments(body, argumentValues(raw, names));
  return hasArgumentPlaceholder(body, names) || raw.trim() === ''
    ? text
    : appendArguments(text, raw);
}
