// The Search page: search as you type (the client script fetches the results region again), each
// result with its verdict, the parts of its score (weight × feature), the NOT-for adjustments, and
// its copies.

import type { SearchJson, SearchJsonResult } from '../search/format.js';
import { scoreChart } from './charts.js';
import type { UiContext } from './context.js';
import { html, type Raw } from './html.js';
import type { PageBody } from './layout.js';
import { skillLink } from './layout.js';

/** The longest query the page passes on. */
const MAX_QUERY = 500;

const VERDICTS: Record<string, string> = {
  ok: 'ok: a skill fits',
  weak: 'weak: candidates, check their descriptions',
  none: 'none: no skill covers this',
};

function result(r: SearchJsonResult, i: number, weights: SearchJson['weights']): Raw {
  const e = r.explain;
  const adjust = [
    e?.notFor
      ? html`<li>Its <code>NOT for</code> clause matched <q>${e.notFor}</q>: ranked down.</li>`
      : '',
    e?.redirectedFrom
      ? html`<li>Ranked up: the <code>NOT for</code> clause of ${skillLink(e.redirectedFrom)} points here.</li>`
      : '',
  ];
  const copies = r.copies.map((c) => html`<li>${skillLink(c.id)} <code>${c.path}</code></li>`);
  return html`<article class="result" data-id="${r.id}">
<h3>${skillLink(r.id)} <span class="muted">score ${r.score.toFixed(3)}</span></h3>
<p>${r.description}</p>
${e && weights ? scoreChart(`r${i}`, r.id, e.parts, e.features, weights) : ''}
${e?.matched.length ? html`<p class="muted">Matched in its metadata: ${e.matched.join(', ')}</p>` : ''}
${adjust.some((a) => a !== '') ? html`<ul>${adjust}</ul>` : ''}
${copies.length > 0 ? html`<p>Copies elsewhere:</p><ul>${copies}</ul>` : ''}
</article>`;
}

/** The results region for `query`: what search as you type swaps in. */
export async function searchResults(ctx: UiContext, query: string): Promise<Raw> {
  const q = query.slice(0, MAX_QUERY);
  if (q.trim() === '') return html`<p class="muted">Type a task to search the library.</p>`;
  const r = await ctx.run<SearchJson>('search', { query: q, limit: 10, explain: true });
  if (!r.ok) return html`<p role="alert">${r.problem.message}</p>`;
  const s = r.value;
  const gate = s.gate;
  return html`<p id="verdict"><span class="verdict verdict-${s.coverage}" data-verdict="${s.coverage}">${s.coverage}</span> ${VERDICTS[s.coverage] ?? ''}${
    gate
      ? html` <span class="muted">(coverage ${Math.round(gate.coverage * 100)}%, needs ${Math.round(gate.thresholds.ok * 100)}% for ok; ${gate.looked} looked at)</span>`
      : ''
  }</p>
${s.results.length === 0 && (s.rejected?.length ?? 0) > 0 ? html`<p>Turned down by the gate:</p><ul>${(s.rejected ?? []).map((x) => html`<li>${skillLink(x.id)}</li>`)}</ul>` : ''}
<ol class="plain" id="result-list">${s.results.map((x, i) => html`<li>${result(x, i, s.weights)}</li>`)}</ol>`;
}

/** The Search page for `query`. */
export async function searchPage(ctx: UiContext, query: string): Promise<PageBody> {
  const main = html`<h1>Search</h1>
<form class="inline" role="search" action="/search" method="get">
<label for="q">Task or question<input id="q" name="q" type="search" value="${query.slice(0, MAX_QUERY)}" autocomplete="off"></label>
<button type="submit">Search</button></form>
<section id="results" aria-label="Results">${await searchResults(ctx, query)}</section>`;
  return { title: query ? `Search: ${query.slice(0, 60)}` : 'Search', nav: '/search', main };
}
