import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { barChart, graph, stackedBars } from './svg.js';

const count = (svg: string, re: RegExp) => (svg.match(re) ?? []).length;
const ids = (svg: string) => [...svg.matchAll(/ id="([^"]*)"/g)].map((m) => m[1]!);
// Text content with tags removed: what a reader sees, still entity-escaped.
const texts = (svg: string) => svg.replace(/<[^>]*>/g, '\n');
// Removes every well-formed double-quoted attribute; a `"` left over came from unescaped text.
const withoutAttributes = (svg: string) => svg.replace(/ [a-zA-Z:-]+="[^"<>]*"/g, '');

/** Checks what every chart must satisfy: one labelled <svg>, unique ids, no raw markup from text. */
const assertWellFormed = (svg: string, prefix: string) => {
  assert.match(svg, /^<svg [^>]*role="img"/);
  assert.ok(svg.endsWith('</svg>'));
  assert.equal(count(svg, /<svg /g), 1);
  assert.match(svg, new RegExp(`aria-labelledby="${prefix}-title ${prefix}-desc"`));
  assert.match(svg, new RegExp(`<title id="${prefix}-title">`));
  assert.match(svg, new RegExp(`<desc id="${prefix}-desc">`));
  const all = ids(svg);
  assert.equal(new Set(all).size, all.length, 'ids are unique');
  assert.ok(
    all.every((id) => id.startsWith(`${prefix}-`)),
    'ids carry the prefix',
  );
  assert.equal(count(svg, /<title/g), count(svg, /<\/title>/g));
  assert.doesNotMatch(svg, /style=/);
  assert.doesNotMatch(withoutAttributes(svg), /"/);
};

const hostile = ['<script>alert(1)</script>', '"onload=alert(1)', 'Tom & Jerry', "it's"];

describe('barChart', () => {
  const bars = [
    { label: 'git', value: 0.9 },
    { label: 'docs', value: 0.45, note: '(12 queries)' },
    { label: 'ops', value: 0.3, max: 0.6 },
  ];

  it('draws one rect and one title per bar, scaled to the largest value', () => {
    const svg = barChart({ id: 'hit', title: 'Hit@5 by domain', bars, width: 400 });
    assertWellFormed(svg, 'hit');
    assert.equal(count(svg, /<rect /g), 3);
    assert.equal(count(svg, /<title>/g), 3);
    const widths = [...svg.matchAll(/<rect [^>]*width="([\d.]+)"/g)].map((m) => Number(m[1]));
    assert.equal(widths[1]! * 2, widths[0]);
    assert.equal(widths[2]! * 2, widths[0], 'ops fills half, at half of its own max');
    assert.match(svg, /<title>docs: 0.45 \(12 queries\)<\/title>/);
  });

  it("prints fractions as percentages when the unit is '%', full width meaning 100%", () => {
    const svg = barChart({
      id: 'p',
      title: 'Hit@k',
      bars: [
        { label: 'a', value: 0.5 },
        { label: 'full', value: 0.5, max: 0.5 },
      ],
      unit: '%',
    });
    assert.match(svg, /<title>a: 50%<\/title>/);
    const widths = [...svg.matchAll(/<rect [^>]*width="([\d.]+)"/g)].map((m) => Number(m[1]));
    assert.equal(widths[0]! * 2, widths[1]);
  });

  it('escapes hostile labels, notes, titles and ids', () => {
    const svg = barChart({
      id: 'x"><script>',
      title: '<script>alert(1)</script>',
      bars: hostile.map((label, i) => ({ label, value: i, note: label })),
    });
    assertWellFormed(svg, 'x-script');
    assert.doesNotMatch(svg, /<script/i);
    assert.doesNotMatch(svg, /[^;]"onload=/);
    assert.match(svg, /&quot;onload=alert\(1\)/);
    assert.match(svg, /Tom &amp; Jerry/);
    assert.match(svg, /it&#39;s/);
  });

  it('replaces characters XML forbids, keeping tabs and newlines', () => {
    const svg = barChart({
      id: 'c',
      title: 'a\u0000b\tc\ud800',
      bars: [{ label: 'x\u001b', value: 1 }],
    });
    assert.match(svg, /<title id="c-title">a\uFFFDb\tc\uFFFD<\/title>/);
    assert.match(svg, /<title>x\uFFFD: 1<\/title>/);
  });

  it('returns the same bytes for the same input', () => {
    const o = { id: 'd', title: 'T', bars, unit: '%' };
    assert.equal(barChart(o), barChart(structuredClone(o)));
  });

  it('says no data when there are no bars', () => {
    const svg = barChart({ id: 'e', title: 'Empty', bars: [] });
    assertWellFormed(svg, 'e');
    assert.match(texts(svg), /no data/);
    assert.equal(count(svg, /<rect /g), 0);
  });

  it('clamps NaN, Infinity and negative values to empty bars', () => {
    const svg = barChart({
      id: 'n',
      title: 'Odd values',
      bars: [
        { label: 'nan', value: Number.NaN },
        { label: 'inf', value: Number.POSITIVE_INFINITY },
        { label: 'neg', value: -3, max: Number.NaN },
        { label: 'ok', value: 2 },
      ],
      width: Number.NaN,
    });
    assertWellFormed(svg, 'n');
    assert.doesNotMatch(svg, /NaN|Infinity|="-/);
    const widths = [...svg.matchAll(/<rect [^>]*width="([\d.]+)"/g)].map((m) => Number(m[1]));
    assert.deepEqual(widths.slice(0, 3), [0, 0, 0]);
    assert.ok(widths[3]! > 0);
    assert.match(svg, /<title>nan: n\/a<\/title>/);
    assert.match(svg, /<title>neg: 0<\/title>/);
  });

  it('truncates long labels on screen and keeps them whole in the title', () => {
    const label = 'a-very-long-domain-name-that-goes-on-and-on';
    const svg = barChart({ id: 'l', title: 'T', bars: [{ label, value: 1 }] });
    assert.match(svg, new RegExp(`<title>${label}: 1</title>`));
    assert.match(svg, /a-very-long-domain-name-tha…</);
  });
});

describe('stackedBars', () => {
  const legend = [
    { key: 'full', label: 'shown in full', cls: 'seg-full' },
    { key: 'names', label: 'names only', cls: 'seg-names' },
    { key: 'cut', label: 'cut', cls: 'seg-cut' },
  ];
  const rows = [8000, 32000].map((w) => ({
    label: `${w} chars`,
    segments: [
      { key: 'full', value: w / 2, label: `${w / 2} chars` },
      { key: 'names', value: w / 4 },
      { key: 'cut', value: 40000 - (w * 3) / 4 },
    ],
  }));

  it('draws a segment per part with its legend class and palette colour, and a legend', () => {
    const svg = stackedBars({ id: 'ctx', title: 'Context windows', rows, legend });
    assertWellFormed(svg, 'ctx');
    assert.equal(count(svg, /<rect class="segment /g), 6);
    assert.equal(count(svg, /<g class="legend-item">/g), 3);
    assert.equal(count(svg, /<rect /g), 9);
    assert.equal(count(svg, /class="segment seg-full" [^>]*fill="#0072B2"/g), 2);
    assert.equal(count(svg, /class="segment seg-cut" [^>]*fill="#009E73"/g), 2);
    assert.match(svg, /<title>8000 chars, shown in full: 4000 chars \(10%\)<\/title>/);
  });

  it('gives a segment with an unknown key a neutral class and colour', () => {
    const svg = stackedBars({
      id: 's',
      title: 'T',
      rows: [{ label: 'r', segments: [{ key: 'mystery', value: 1 }] }],
      legend,
    });
    assert.match(svg, /class="segment seg-other" [^>]*fill="#999999"/);
  });

  it('escapes hostile labels, keys and classes', () => {
    const svg = stackedBars({
      id: 'h',
      title: hostile[0]!,
      rows: hostile.map((label) => ({ label, segments: [{ key: label, value: 1, label }] })),
      legend: hostile.map((label) => ({ key: label, label, cls: label })),
    });
    assertWellFormed(svg, 'h');
    assert.doesNotMatch(svg, /<script/i);
    assert.match(svg, /class="segment script-alert-1-script"/);
  });

  it('is deterministic, and says no data without rows', () => {
    const o = { id: 'd', title: 'T', rows, legend };
    assert.equal(stackedBars(o), stackedBars(structuredClone(o)));
    const empty = stackedBars({ id: 'e', title: 'T', rows: [], legend });
    assertWellFormed(empty, 'e');
    assert.match(texts(empty), /no data/);
  });

  it('clamps NaN, Infinity and negative segments to nothing', () => {
    const odd = [Number.NaN, Number.NEGATIVE_INFINITY, -1, Number.POSITIVE_INFINITY];
    const svg = stackedBars({
      id: 'n',
      title: 'T',
      rows: [{ label: 'r', segments: odd.map((value) => ({ key: 'full', value })) }],
      legend,
    });
    assertWellFormed(svg, 'n');
    assert.doesNotMatch(svg, /NaN|Infinity|="-/);
  });
});

describe('label properties', () => {
  it('never lets a label open a tag or close an attribute', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.string(), (label, other) => {
        const charts = [
          barChart({ id: 'p', title: label, bars: [{ label, value: 1, note: other }] }),
          stackedBars({
            id: 'p',
            title: other,
            rows: [{ label, segments: [{ key: other, value: 1, label }] }],
            legend: [{ key: other, label, cls: label }],
          }),
          graph({
            id: 'p',
            title: label,
            nodes: [
              { id: label, label, kind: other },
              { id: other, label: other, kind: label },
            ],
            edges: [{ from: label, to: other, label, kind: label }],
          }),
        ];
        for (const svg of charts) {
          assert.doesNotMatch(svg, /<script/i);
          assertWellFormed(svg, 'p');
        }
      }),
    );
  });
});
