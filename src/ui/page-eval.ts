// The Eval page: for a query file named on the command line (`skillset ui --queries FILE`), Hit@1 and
// Hit@3 per domain as a chart, and the misses, each a link to its search with the score's parts.

import path from 'node:path';
import { hitChart } from './charts.js';
import type { UiContext } from './context.js';
import { html } from './html.js';
import { type PageBody, skillLink } from './layout.js';

const pct = (x: number | null): string => (x === null ? '—' : `${(x * 100).toFixed(1)}%`);

/** The Eval page for the query file at `set` (an index into the files named at start). */
export async function evalPage(ctx: UiContext, set: number): Promise<PageBody> {
  const files = ctx.queries;
  const file = files[set];
  const picker = html`<form class="inline" action="/eval" method="get"><label for="set">Query file<select id="set" name="set">${files.map(
    (f, i) =>
      html`<option value="${i}"${i === set ? html` selected` : ''}>${path.basename(f)}</option>`,
  )}</select></label><button type="submit">Run</button></form>`;
  if (file === undefined)
    return {
      title: 'Eval',
      nav: '/eval',
      main: html`<h1>Eval</h1>${files.length > 0 ? picker : ''}<p>${files.length === 0 ? html`Name a query file when you start the page: <code>skillset ui --queries queries.jsonl</code> (one JSON object per line: <code>{"query", "expected"}</code>, as <code>skillset eval</code> reads).` : 'Pick a query file.'}</p>`,
    };
  const r = await ctx.evalOf(file);
  if (typeof r === 'string')
    return {
      title: 'Eval',
      nav: '/eval',
      main: html`<h1>Eval</h1>${picker}<p role="alert">${r}</p>`,
    };
  const domains = Object.entries(r.perDomain).sort(([a], [b]) => (a < b ? -1 : 1));
  const misses = r.queries.filter((q) => q.expected.length > 0 && (q.rank === 0 || q.rank > 3));
  const main = html`<h1>Eval</h1>${picker}
<p><code>${file}</code>: ${r.n} queries. Hit@1 <b id="hit1">${pct(r.hit1)}</b>, Hit@3 <b id="hit3">${pct(r.hit3)}</b>, MRR ${r.mrr === null ? '—' : r.mrr.toFixed(3)}, false <code>none</code> ${pct(r.falseNone)}.</p>
${hitChart(
  'hits',
  domains.map(([d, m]) => ({ domain: d, hit1: m.hit1, hit3: m.hit3, n: m.n })),
)}
<table id="per-domain"><thead><tr><th scope="col">Domain</th><th scope="col" class="num">Queries</th><th scope="col" class="num">Hit@1</th><th scope="col" class="num">Hit@3</th></tr></thead>
<tbody>${domains.map(([d, m]) => html`<tr data-domain="${d}"><th scope="row">${d}</th><td class="num">${m.n}</td><td class="num">${pct(m.hit1)}</td><td class="num">${pct(m.hit3)}</td></tr>`)}</tbody></table>
<h2>Misses <span class="muted">(${misses.length}: the label not in the top 3)</span></h2>
<table id="misses"><thead><tr><th scope="col">Query</th><th scope="col">Expected</th><th scope="col">Got</th><th scope="col">Verdict</th></tr></thead>
<tbody>${misses
    .slice(0, 200)
    .map(
      (q) =>
        html`<tr><td><a href="/search?q=${encodeURIComponent(q.query)}">${q.query}</a></td><td>${q.expected.map((e, i) => html`${i > 0 ? ', ' : ''}${skillLink(e)}`)}</td><td>${q.got.slice(0, 3).map((g, i) => html`${i > 0 ? ', ' : ''}${skillLink(g)}`)}</td><td>${q.coverage ?? (q.none ? 'none' : '')}</td></tr>`,
    )}</tbody></table>`;
  return { title: 'Eval', nav: '/eval', main };
}
