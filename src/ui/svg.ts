// Bar charts as SVG strings for `skillset ui`. The page's CSP forbids style attributes, so every
// look is a presentation attribute (a default that reads without CSS) or a class for the stylesheet.

import {
  CHAR_W,
  clean,
  esc,
  fmt,
  frame,
  noData,
  paletteAt,
  px,
  shown,
  summary,
  textLength,
  token,
  truncate,
} from './svg-kit.js';

/** The graph chart lives in svg-graph.ts; re-exported so pages import every chart from here. */
export { graph } from './svg-graph.js';

const ROW_H = 22;
const BAR_H = 14;
const PAD = 8;
const LABEL_MAX = 28;
const END_MAX = 30;

/** One bar of {@link barChart}. */
export interface Bar {
  label: string;
  value: number;
  /** The value a full-width bar stands for; defaults to the chart's largest (at least 1 for %). */
  max?: number;
  /** Shown after the value and in the hover title. */
  note?: string;
}

/** Options for {@link barChart}. */
export interface BarChartOptions {
  /** Prefix that makes this chart's element ids unique on the page. */
  id: string;
  title: string;
  bars: Bar[];
  /** `'%'` reads values as fractions 0..1 and prints percentages; anything else is appended. */
  unit?: string;
  width?: number;
}

// The label column fits the longest label up to LABEL_MAX characters.
const labelWidth = (labels: string[]): number =>
  Math.min(LABEL_MAX, Math.max(1, ...labels.map(textLength))) * CHAR_W + PAD;

/** Horizontal bars, labels on the left and values at the end, each bar titled with its value. */
export const barChart = (o: BarChartOptions): string => {
  const prefix = token(o.id, 'bars');
  const width = Math.max(160, clean(o.width ?? 480));
  if (o.bars.length === 0) return noData(prefix, o.title, 'bar-chart', width);
  const values = o.bars.map((b) => clean(b.value));
  const largest = Math.max(...values, o.unit === '%' ? 1 : 0);
  const ends = o.bars.map((b) => {
    const v = shown(b.value, o.unit);
    return b.note ? `${v} ${b.note}` : v;
  });
  const labelW = labelWidth(o.bars.map((b) => b.label));
  const endW = Math.min(END_MAX, Math.max(...ends.map(textLength))) * CHAR_W + PAD;
  const area = Math.max(40, width - labelW - endW - PAD);
  const rows = o.bars.map((b, i) => {
    const max = b.max !== undefined && clean(b.max) > 0 ? clean(b.max) : largest || 1;
    const w = (Math.min(values[i]!, max) / max) * area;
    const y = PAD + i * ROW_H;
    const ty = px(y + BAR_H - 3);
    return (
      `<g class="bar"><title>${esc(`${b.label}: ${ends[i]!}`)}</title>` +
      `<text class="label" x="${px(labelW - PAD)}" y="${ty}" text-anchor="end" fill="#222">` +
      `${esc(truncate(b.label, LABEL_MAX))}</text>` +
      `<rect class="fill" x="${px(labelW)}" y="${px(y)}" width="${px(w)}" height="${BAR_H}" ` +
      `fill="${paletteAt(0)}"/>` +
      `<text class="value" x="${px(labelW + w + 4)}" y="${ty}" fill="#222">` +
      `${esc(truncate(ends[i]!, END_MAX))}</text></g>`
    );
  });
  return frame({
    prefix,
    title: o.title,
    desc: summary(o.bars.map((b, i) => `${b.label}: ${ends[i]!}`)),
    width,
    height: PAD * 2 + o.bars.length * ROW_H,
    cls: 'bar-chart',
    body: rows.join(''),
  });
};

/** One part of a {@link StackedRow}; `key` picks its legend entry. */
export interface Segment {
  key: string;
  value: number;
  /** How to print the value in the hover title; defaults to the number. */
  label?: string;
}

/** One stacked bar. */
export interface StackedRow {
  label: string;
  segments: Segment[];
}

/** A legend entry: `cls` is the CSS class its segments and swatch carry. */
export interface LegendEntry {
  key: string;
  label: string;
  cls: string;
}

/** Options for {@link stackedBars}. */
export interface StackedBarsOptions {
  id: string;
  title: string;
  rows: StackedRow[];
  legend: LegendEntry[];
  width?: number;
}

// Swatch and label per legend entry, wrapped onto lines that fit the width.
const legendBlock = (legend: LegendEntry[], width: number, top: number) => {
  let x = PAD;
  let y = top;
  const items = legend.map((e, i) => {
    const w = 14 + textLength(truncate(e.label, END_MAX)) * CHAR_W + 2 * PAD;
    if (x > PAD && x + w > width) {
      x = PAD;
      y += ROW_H;
    }
    const item =
      `<g class="legend-item"><rect class="${token(e.cls, 'seg')}" x="${px(x)}" y="${px(y)}" ` +
      `width="10" height="10" fill="${paletteAt(i)}"/><text x="${px(x + 14)}" y="${px(y + 9)}" ` +
      `fill="#222">${esc(truncate(e.label, END_MAX))}</text></g>`;
    x += w;
    return item;
  });
  return { svg: `<g class="legend">${items.join('')}</g>`, bottom: y + ROW_H };
};

/** One horizontal stacked bar per row, segments coloured by legend entry, then the legend. */
export const stackedBars = (o: StackedBarsOptions): string => {
  const prefix = token(o.id, 'stacked');
  const width = Math.max(160, clean(o.width ?? 480));
  if (o.rows.length === 0) return noData(prefix, o.title, 'stacked-bars', width);
  const index = new Map<string, number>();
  o.legend.forEach((e, i) => {
    if (!index.has(e.key)) index.set(e.key, i);
  });
  const totals = o.rows.map((r) => r.segments.reduce((s, g) => s + clean(g.value), 0));
  const largest = Math.max(...totals) || 1;
  const ends = totals.map((t) => fmt(t));
  const labelW = labelWidth(o.rows.map((r) => r.label));
  const endW = Math.max(...ends.map(textLength)) * CHAR_W + PAD;
  const area = Math.max(40, width - labelW - endW - PAD);
  const name = (key: string) => {
    const i = index.get(key);
    return i === undefined ? key : o.legend[i]!.label;
  };
  const rows = o.rows.map((r, ri) => {
    const y = PAD + ri * ROW_H;
    const ty = px(y + BAR_H - 3);
    let x = labelW;
    const segs = r.segments.map((g) => {
      const v = clean(g.value);
      const w = (v / largest) * area;
      const i = index.get(g.key);
      const cls = i === undefined ? 'seg-other' : token(o.legend[i]!.cls, 'seg');
      const share = totals[ri]! > 0 ? ` (${fmt(v / totals[ri]!, '%')})` : '';
      const title = `${r.label}, ${name(g.key)}: ${g.label ?? shown(g.value)}${share}`;
      const seg =
        `<rect class="segment ${cls}" x="${px(x)}" y="${px(y)}" width="${px(w)}" ` +
        `height="${BAR_H}" fill="${i === undefined ? '#999999' : paletteAt(i)}">` +
        `<title>${esc(title)}</title></rect>`;
      x += w;
      return seg;
    });
    return (
      `<g class="row"><title>${esc(`${r.label}: ${ends[ri]!}`)}</title>` +
      `<text class="label" x="${px(labelW - PAD)}" y="${ty}" text-anchor="end" fill="#222">` +
      `${esc(truncate(r.label, LABEL_MAX))}</text>${segs.join('')}` +
      `<text class="value" x="${px(x + 4)}" y="${ty}" fill="#222">${esc(ends[ri]!)}</text></g>`
    );
  });
  const legend = legendBlock(o.legend, width, PAD + o.rows.length * ROW_H + PAD);
  const desc = o.rows.map(
    (r, ri) =>
      `${r.label}: ${r.segments.map((g) => `${name(g.key)} ${g.label ?? shown(g.value)}`).join(', ')} (total ${ends[ri]!})`,
  );
  return frame({
    prefix,
    title: o.title,
    desc: summary(desc),
    width,
    height: legend.bottom,
    cls: 'stacked-bars',
    body: rows.join('') + legend.svg,
  });
};
