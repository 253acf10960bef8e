// Shared pieces of the SVG charts: escaping, number formatting, the accessible <svg> frame.
// Everything here is pure and locale-free, so the same input always gives the same bytes.

/** Okabe–Ito colours: distinguishable with the common colour-vision deficiencies. */
export const PALETTE = [
  '#0072B2',
  '#E69F00',
  '#009E73',
  '#CC79A7',
  '#56B4E9',
  '#D55E00',
  '#F0E442',
  '#000000',
] as const;

/** Width in px of one character at the 12px font the charts use; an estimate, no font metrics. */
export const CHAR_W = 7;

/** The palette colour for index `i`, cycling. */
export const paletteAt = (i: number): string => PALETTE[i % PALETTE.length]!;

// Control characters other than tab and newlines, lone surrogates and the two non-characters:
// XML 1.0 forbids most of them (a standalone .svg with one does not parse) and none means anything
// in a label, so they become U+FFFD before escaping.
const INVALID_XML = /(?![\t\n\r])\p{Cc}|\p{Cs}|[\uFFFE\uFFFF]/gu;
const ENTITY: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for SVG element content and double-quoted attributes. */
export const esc = (text: string): string =>
  text.replace(INVALID_XML, '\uFFFD').replace(/[&<>"']/g, (c) => ENTITY[c]!);

/** Keeps `[A-Za-z0-9_-]` so a caller's string is safe as an id or class name. */
export const token = (text: string, fallback: string): string => {
  const clean = text.replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '');
  return clean === '' ? fallback : clean;
};

/** Cuts `text` to at most `max` code points, ending with … when cut. */
export const truncate = (text: string, max: number): string => {
  const points = Array.from(text);
  return points.length <= max ? text : `${points.slice(0, Math.max(0, max - 1)).join('')}…`;
};

/** Length in code points, which is what the width estimates count. */
export const textLength = (text: string): number => Array.from(text).length;

/** A value fit to draw: NaN, ±Infinity and negatives become 0. */
export const clean = (value: number): number => (Number.isFinite(value) && value > 0 ? value : 0);

/** A coordinate rounded to 0.1px, so output does not carry float noise. */
export const px = (n: number): string => String(Math.round(n * 10) / 10);

/** A value for people: at most two decimals, no locale grouping; non-finite values read n/a. */
export const fmt = (n: number, unit?: string): string => {
  if (!Number.isFinite(n)) return 'n/a';
  if (unit === '%') return `${Math.round(n * 1000) / 10}%`;
  const s = String(Math.round(n * 100) / 100);
  return unit ? `${s} ${unit}` : s;
};

/** A value as drawn: negatives read 0 (as their bar), NaN and ±Infinity read n/a. */
export const shown = (value: number, unit?: string): string =>
  fmt(Number.isFinite(value) ? clean(value) : Number.NaN, unit);

/** A one-line summary of items for <desc>, bounded so a huge chart keeps a readable description. */
export const summary = (items: string[], limit = 20): string => {
  const head = items.slice(0, limit).join('; ');
  return items.length > limit ? `${head}; and ${items.length - limit} more` : head;
};

/** Options for {@link frame}. */
interface Frame {
  /** Already a safe token (see {@link token}). */
  prefix: string;
  title: string;
  desc: string;
  width: number;
  height: number;
  cls: string;
  body: string;
}

/** The accessible <svg> wrapper: role img, labelled by its own <title> and <desc>. */
export const frame = (f: Frame): string => {
  const w = px(f.width);
  const h = px(f.height);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" class="chart ${f.cls}" role="img" ` +
    `aria-labelledby="${f.prefix}-title ${f.prefix}-desc" width="${w}" height="${h}" ` +
    `viewBox="0 0 ${w} ${h}" font-family="sans-serif" font-size="12">` +
    `<title id="${f.prefix}-title">${esc(f.title)}</title>` +
    `<desc id="${f.prefix}-desc">${esc(f.desc)}</desc>${f.body}</svg>`
  );
};

/** The chart shown when there is nothing to draw: still a valid, labelled SVG. */
export const noData = (prefix: string, title: string, cls: string, width: number): string =>
  frame({
    prefix,
    title,
    desc: 'No data',
    width,
    height: 32,
    cls,
    body: `<text class="empty" x="8" y="20" fill="#555">no data</text>`,
  });
