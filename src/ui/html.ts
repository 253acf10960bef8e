// HTML strings for the local web page: escaping, and a tagged template that escapes every
// interpolation unless it is a `Raw` value, so markup is built only from literal template parts.

/** HTML that is safe to insert as it is; made only by `raw` and `html`. */
export class Raw {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

/** What `html` accepts between `${…}`: nothing, `false`, text, a number, `Raw`, or an array of these. */
type Interpolation = Raw | string | number | boolean | null | undefined | readonly Interpolation[];

const ENTITY: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** `s` with & < > " ' escaped: safe as text and inside a quoted attribute value (not as a URL: check those). */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ENTITY[c] as string);
}

/** Marks `s` as markup to insert unescaped; only for HTML this program built, never for input. */
export function raw(s: string): Raw {
  return new Raw(s);
}

const interpolate = (v: Interpolation): string => {
  if (v instanceof Raw) return v.value;
  if (v === null || v === undefined || v === false) return '';
  if (Array.isArray(v)) return (v as readonly Interpolation[]).map(interpolate).join('');
  return escapeHtml(String(v));
};

/**
 * Tagged template for markup: `html\`<p>${x}</p>\`` escapes `x` unless it is a `Raw`; arrays join
 * with no separator; `null`, `undefined` and `false` render as nothing. Interpolate into text or a
 * quoted attribute only, and never an unchecked URL into `href`.
 */
export function html(strings: TemplateStringsArray, ...values: readonly Interpolation[]): Raw {
  let out = strings[0] as string;
  for (let i = 0; i < values.length; i++)
    out += interpolate(values[i] as Interpolation) + (strings[i + 1] as string);
  return new Raw(out);
}
