// HTML built by template: every value put into a template is escaped, unless it is markup a template
// (or `raw`) made. Pages are written with `html`, so a skill's text can only ever be text.

/** Markup: a string a template made, put into another template as it is. */
export class Raw {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

/** `s` with the five characters that mean something in HTML escaped. */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Markup trusted as it is: only for strings this program wrote. */
export const raw = (s: string): Raw => new Raw(s);

function part(v: unknown): string {
  if (v === null || v === undefined || v === false) return '';
  if (v instanceof Raw) return v.value;
  if (Array.isArray(v)) return v.map(part).join('');
  return escapeHtml(String(v));
}

/** A template whose values are escaped (Raw values and arrays of them are put in as they are). */
export function html(strings: TemplateStringsArray, ...values: unknown[]): Raw {
  let out = strings[0] ?? '';
  for (let i = 0; i < values.length; i++) out += part(values[i]) + (strings[i + 1] ?? '');
  return new Raw(out);
}
