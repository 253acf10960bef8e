// The Tier page: the entry router, the domain routers and their rosters (`skillset build --measure`),
// with the tokens each level costs against listing every skill; and, for a term, which skills route
// on it through their gloss (`gloss-coverage`).

import type { BuildReport } from '../core/service-tier.js';
import type { GlossCoverage } from '../tier/coverage.js';
import { tierChart } from './charts.js';
import type { UiContext } from './context.js';
import { html, type Raw } from './html.js';
import { count, type PageBody, skillLink } from './layout.js';

const rowsOf = (label: string, rows: GlossCoverage['routed']): Raw =>
  html`<h3>${label} <span class="muted">(${rows.length})</span></h3>${
    rows.length === 0
      ? html`<p class="muted">None.</p>`
      : html`<ul>${rows.slice(0, 200).map((r) => html`<li>${skillLink(r.id)} <span class="muted">${r.domain}, gloss ${r.glossChars} chars</span></li>`)}</ul>`
  }`;

/** The Tier page, with gloss coverage for `term` when one is given. */
export async function tierPage(ctx: UiContext, term: string): Promise<PageBody> {
  // Measured only: nothing is written.
  const built = await ctx.run<BuildReport>('build', { out: '.skillset-tier', measure: true });
  const m = built.ok ? built.value.measure : undefined;
  const gloss =
    term.trim() === ''
      ? undefined
      : await ctx.run<GlossCoverage>('gloss-coverage', { term: term.slice(0, 200) });
  const main = html`<h1>Tier</h1>
${
  m
    ? html`<p>Entry router → ${count(m.domains.length)} domain routers → their rosters. At session start the tier costs <b id="tier-start">${count(m.atStart.tokens)}</b> tokens, against <b id="tier-flat">${count(m.flat.tokens)}</b> for listing every skill (${(m.ratio * 100).toFixed(1)}%). Token model: ${m.model}.</p>
${tierChart('tier', m)}
<table id="tier-domains"><thead><tr><th scope="col">Domain</th><th scope="col" class="num">Skills</th><th scope="col" class="num">At start</th><th scope="col" class="num">Router opened</th><th scope="col" class="num">Roster read</th></tr></thead>
<tbody><tr><th scope="row">entry router</th><td class="num">—</td><td class="num">${count(m.entryTokens)}</td><td class="num">—</td><td class="num">—</td></tr>${m.domains.map(
        (d) =>
          html`<tr data-domain="${d.domain}"><th scope="row">${d.domain}</th><td class="num">${count(d.skills)}</td><td class="num">${count(d.startTokens)}</td><td class="num">${count(d.routerTokens)}</td><td class="num">${count(d.rosterTokens)}</td></tr>`,
      )}</tbody></table>`
    : html`<p role="alert">${built.ok ? 'No measure.' : built.problem.message}</p>`
}
<h2>Gloss coverage</h2>
<form class="inline" action="/tier" method="get"><label for="term">Term<input id="term" name="term" type="search" value="${term}"></label><button type="submit">Check</button></form>
${
  gloss === undefined
    ? html`<p class="muted">Which skills route on a term through the gloss the tier lists for them.</p>`
    : gloss.ok
      ? html`<div id="gloss">${rowsOf('Routed: the gloss carries it', gloss.value.routed)}${rowsOf('Clipped: declared, but cut by the budget', gloss.value.clipped)}${rowsOf('In the lead prose only', gloss.value.leadOnly)}${rowsOf('In the body only', gloss.value.bodyOnly)}</div>`
      : html`<p role="alert">${gloss.problem.message}</p>`
}`;
  return { title: 'Tier', nav: '/tier', main };
}
