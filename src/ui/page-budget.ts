// The Budget page: for each agent preset's share of the context (Claude Code 1%, Codex 2%, …) and a
// custom one, what the listing shows as the context window grows: entries in full, cut short, by
// name only, left out, and hidden, and for one of them, which skills and why.

import { AGENTS, listingDefaults } from '../agents/registry.js';
import type { ListingView } from '../core/listing.js';
import { type ListingTally, listingTally } from '../core/overview.js';
import { budgetChart } from './charts.js';
import type { UiContext } from './context.js';
import { html, type Raw } from './html.js';
import { count, type PageBody, skillLink } from './layout.js';

/** The context windows drawn, in tokens. */
export const CONTEXT_SIZES = [8_000, 32_000, 128_000, 200_000, 400_000, 1_000_000] as const;

/** A row of the picture: a preset's share of the context, or a fixed budget. */
interface Preset {
  key: string;
  label: string;
  fraction?: number;
  budget?: number;
}

/** The presets: the agents grouped by their share of the context, then the custom one asked for. */
function presets(custom: { fraction?: number; budget?: number }): Preset[] {
  const byFraction = new Map<number, string[]>();
  for (const a of AGENTS) {
    const f = listingDefaults(a).fraction;
    byFraction.set(f, [...(byFraction.get(f) ?? []), a]);
  }
  const out: Preset[] = [...byFraction.entries()]
    .sort(([a], [b]) => a - b)
    .map(([f, agents]) => ({
      key: `f${f}`,
      label: `${agents.join(', ')} (${+(f * 100).toFixed(2)}% of the context)`,
      fraction: f,
    }));
  if (custom.budget !== undefined)
    out.push({
      key: 'custom',
      label: `custom: ${count(custom.budget)} characters`,
      budget: custom.budget,
    });
  else if (custom.fraction !== undefined)
    out.push({
      key: 'custom',
      label: `custom: ${+(custom.fraction * 100).toFixed(2)}% of the context`,
      fraction: custom.fraction,
    });
  return out;
}

const input = (p: Preset, contextTokens: number) =>
  p.budget !== undefined ? { budget: p.budget } : { contextTokens, fraction: p.fraction };

function detail(view: ListingView, p: Preset, at: number): Raw {
  const cut = view.entries.filter((e) => e.shown !== 'full' && e.shown !== 'capped');
  const shown = (s: string) =>
    s === 'name'
      ? 'by name only'
      : s === 'truncated'
        ? 'description cut short'
        : 'left out for room';
  return html`<h2 id="detail">What ${p.label} cuts${p.budget === undefined ? html` at ${count(at)} tokens` : ''}</h2>
<p>Budget ${count(view.budget)} characters; the listing takes ${count(view.chars)} (level <code>${view.level}</code>).</p>
${view.closing ? html`<p>Its closing line: <q>${view.closing}</q></p>` : ''}
${cut.length === 0 ? html`<p class="muted">Every entry is shown in full.</p>` : html`<table><thead><tr><th scope="col">Skill</th><th scope="col">Shown</th><th scope="col" class="num">Characters</th></tr></thead><tbody>${cut.slice(0, 300).map((e) => html`<tr><td>${skillLink(e.name)}</td><td>${shown(e.shown)}</td><td class="num">${count(e.chars)}</td></tr>`)}</tbody></table>${cut.length > 300 ? html`<p class="muted">and ${count(cut.length - 300)} more</p>` : ''}`}
${view.hidden.length > 0 ? html`<h3>Hidden</h3><ul>${view.hidden.map((h) => html`<li>${skillLink(h.name)}: ${h.message}</li>`)}</ul>` : ''}`;
}

/** The page's query: a custom share (percent) or budget (characters), and the row and size detailed. */
export interface BudgetQuery {
  percent?: number;
  budget?: number;
  row?: string;
  at?: number;
}

/** The Budget page. */
export async function budgetPage(ctx: UiContext, q: BudgetQuery): Promise<PageBody> {
  const custom = {
    ...(q.budget !== undefined ? { budget: q.budget } : {}),
    ...(q.percent !== undefined ? { fraction: q.percent / 100 } : {}),
  };
  const rows = presets(custom);
  const tallies: Array<{ preset: Preset; points: Array<{ at: number; tally: ListingTally }> }> = [];
  for (const p of rows) {
    const points: Array<{ at: number; tally: ListingTally }> = [];
    for (const at of p.budget !== undefined ? [CONTEXT_SIZES[0]] : CONTEXT_SIZES) {
      const r = await ctx.run<ListingView>('listing', input(p, at));
      if (r.ok) points.push({ at, tally: listingTally(r.value) });
    }
    tallies.push({ preset: p, points });
  }
  const chosen = rows.find((p) => p.key === q.row) ?? rows[rows.length - 1] ?? rows[0];
  const at = q.at ?? 200_000;
  const view = chosen ? await ctx.run<ListingView>('listing', input(chosen, at)) : undefined;
  const table = (t: (typeof tallies)[number]) => html`<h2>${t.preset.label}</h2>
${budgetChart(t.preset.key, t.preset.label, t.points, t.preset.budget !== undefined)}
<table class="tally" data-row="${t.preset.key}"><thead><tr><th scope="col" class="num">Context (tokens)</th><th scope="col" class="num">Budget (chars)</th><th scope="col" class="num">In full</th><th scope="col" class="num">Cut short</th><th scope="col" class="num">Names only</th><th scope="col" class="num">Left out</th><th scope="col" class="num">Hidden</th><th scope="col">Detail</th></tr></thead>
<tbody>${t.points.map(
    (p) =>
      html`<tr data-at="${p.at}"><td class="num">${t.preset.budget === undefined ? count(p.at) : '—'}</td><td class="num" data-budget>${count(p.tally.budget)}</td><td class="num" data-full>${count(p.tally.full)}</td><td class="num" data-truncated>${count(p.tally.truncated)}</td><td class="num" data-names>${count(p.tally.names)}</td><td class="num" data-omitted>${count(p.tally.omitted)}</td><td class="num" data-hidden>${count(Object.values(p.tally.hidden).reduce((a, b) => a + b, 0))}</td><td><a href="/budget?${detailQuery(q, t.preset.key, p.at)}#detail">what is cut</a></td></tr>`,
  )}</tbody></table>`;
  const main = html`<h1>Budget</h1>
<p>The listing the model reads at session start, within each agent's share of its context window (docs/listing.md).</p>
<form class="inline" action="/budget" method="get">
<label for="percent">Custom share of the context (%)<input id="percent" name="percent" type="number" min="0.01" max="100" step="0.01" value="${q.percent ?? ''}"></label>
<label for="budget">or a budget (characters)<input id="budget" name="budget" type="number" min="0" step="1" value="${q.budget ?? ''}"></label>
<button type="submit">Draw</button></form>
${tallies.map(table)}
${view?.ok && chosen ? detail(view.value, chosen, at) : ''}`;
  return { title: 'Budget', nav: '/budget', main };
}

function detailQuery(q: BudgetQuery, row: string, at: number): string {
  const p = new URLSearchParams();
  if (q.percent !== undefined) p.set('percent', String(q.percent));
  if (q.budget !== undefined) p.set('budget', String(q.budget));
  p.set('row', row);
  p.set('at', String(at));
  return p.toString();
}
