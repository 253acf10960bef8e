// The pages' pictures, from the figures the operations return: a score's parts, a listing's budget
// as the context grows, the tier's cost per level, Hit@k per domain, and a skill's composition. Each
// is SVG drawn on the server (svg.ts), with its numbers in the titles and in a table beside it.

import { html, type Raw, raw } from './html.js';
import { barChart, graph, stackedBars } from './svg.js';

/** A score's parts (weight × feature) as bars, with the weight and the feature in each bar's note. */
export function scoreChart(
  prefix: string,
  id: string,
  parts: Record<string, number>,
  features: Record<string, number>,
  weights: Record<string, number>,
): Raw {
  const bars = Object.entries(parts)
    .filter(([, v]) => v !== 0)
    .map(([k, v]) => ({
      label: k,
      value: v,
      note:
        weights[k] !== undefined
          ? `(${weights[k]} × ${(features[k] ?? 0).toFixed(3)})`
          : 'an adjustment',
    }));
  if (bars.length === 0) return html``;
  return html`<figure class="chart" data-chart="score">${raw(
    barChart({ id: `${prefix}-parts`, title: `Score parts of ${id}`, bars, width: 520 }),
  )}</figure>`;
}

const BUDGET_LEGEND = [
  { key: 'full', label: 'in full', cls: 'seg-full' },
  { key: 'truncated', label: 'cut short', cls: 'seg-truncated' },
  { key: 'names', label: 'names only', cls: 'seg-names' },
  { key: 'omitted', label: 'left out', cls: 'seg-cut' },
];

/** A preset's listing at each context size: one bar of entries per size, by how they are shown. */
export function budgetChart(
  prefix: string,
  label: string,
  points: ReadonlyArray<{
    at: number;
    tally: { full: number; truncated: number; names: number; omitted: number };
  }>,
  fixed: boolean,
): Raw {
  const rows = points.map((p) => ({
    label: fixed ? 'fixed budget' : `${p.at.toLocaleString('en-US')} tokens`,
    segments: BUDGET_LEGEND.map((l) => ({
      key: l.key,
      value: p.tally[l.key as keyof typeof p.tally],
    })),
  }));
  return html`<figure class="chart" data-chart="budget">${raw(
    stackedBars({
      id: `budget-${prefix}`,
      title: `The listing for ${label}`,
      rows,
      legend: BUDGET_LEGEND,
      width: 720,
    }),
  )}</figure>`;
}

/** The tier's cost per level: the entry router and each domain router, paid at session start. */
export function tierChart(
  prefix: string,
  m: { entryTokens: number; domains: ReadonlyArray<{ domain: string; startTokens: number }> },
): Raw {
  const bars = [
    { label: 'entry router', value: m.entryTokens },
    ...m.domains.map((d) => ({ label: d.domain, value: d.startTokens })),
  ];
  return html`<figure class="chart" data-chart="tier">${raw(
    barChart({
      id: prefix,
      title: 'Tokens at session start, per router',
      bars,
      unit: ' tokens',
      width: 720,
    }),
  )}</figure>`;
}

const queries = (n: number): string => `${n} quer${n === 1 ? 'y' : 'ies'}`;

/** Hit@1 and Hit@3 per domain (shares, 0 to 1, drawn as percentages). */
export function hitChart(
  prefix: string,
  rows: ReadonlyArray<{ domain: string; hit1: number | null; hit3: number | null; n: number }>,
): Raw {
  const bars = rows.flatMap((r) => [
    { label: `${r.domain} Hit@1`, value: r.hit1 ?? Number.NaN, note: queries(r.n) },
    { label: `${r.domain} Hit@3`, value: r.hit3 ?? Number.NaN, note: queries(r.n) },
  ]);
  return html`<figure class="chart" data-chart="hits">${raw(
    barChart({ id: prefix, title: 'Hit@1 and Hit@3 per domain', bars, unit: '%', width: 720 }),
  )}</figure>`;
}

/** A skill's composition as a graph: what it extends, requires and imports, and what builds on it. */
export function compositionChart(
  prefix: string,
  id: string,
  g: {
    nodes: { id: string; label: string; kind: string }[];
    edges: { from: string; to: string; label: string }[];
  },
): Raw {
  return html`<figure class="chart" data-chart="composition">${raw(
    graph({
      id: prefix,
      title: `Composition of ${id}`,
      nodes: g.nodes,
      edges: g.edges.map((e) => ({ ...e, kind: e.label })),
    }),
  )}</figure>`;
}
