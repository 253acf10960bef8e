// The Library page: the skills by scope and by domain, with counts, lint's summary and the copies
// that lost a name clash.

import { libraryOverview, type OverviewSkill } from '../core/overview.js';
import type { UiContext } from './context.js';
import { html, type Raw } from './html.js';
import { count, type PageBody, skillLink } from './layout.js';

const card = (label: string, n: number): Raw =>
  html`<div class="card" data-card="${label.replace(/ /g, '-')}"><b>${count(n)}</b>${label}</div>`;

const plural = (n: number, one: string): string => `${count(n)} ${one}${n === 1 ? '' : 's'}`;

/** A folder's skills: names only (each skill's page has the rest), those with findings marked. */
function folderList(folder: string, skills: OverviewSkill[], linted: boolean): Raw {
  const errors = skills.reduce((a, s) => a + s.errors, 0);
  const warnings = skills.reduce((a, s) => a + s.warnings, 0);
  const items = skills.map((s) => {
    const mark =
      s.errors > 0
        ? html` <span class="sev-error" title="lint errors">${s.errors}&#x2009;E<span class="sr-only"> lint errors</span></span>`
        : s.warnings > 0
          ? html` <span class="sev-warning" title="lint warnings">${s.warnings}&#x2009;W<span class="sr-only"> lint warnings</span></span>`
          : '';
    return html`<li>${skillLink(s.id, s.name)}${mark}</li>`;
  });
  const summary = linted
    ? html`; lint: ${errors > 0 ? html`<span class="sev-error">${plural(errors, 'error')}</span>` : '0 errors'}, ${warnings > 0 ? html`<span class="sev-warning">${plural(warnings, 'warning')}</span>` : '0 warnings'}`
    : '';
  return html`<details data-folder="${folder}"><summary>${folder} <span class="muted">(${plural(skills.length, 'skill')}${summary})</span></summary>
<ul class="names">${items}</ul></details>`;
}

/** The Library page. */
export async function libraryPage(ctx: UiContext): Promise<PageBody> {
  const c = await ctx.service.catalog();
  if (!c.ok)
    return { title: 'Library', nav: '/', main: html`<h1>Library</h1><p>${c.problem.message}</p>` };
  // The page does not wait for lint: its figures come with a live update once it is done.
  const lint = ctx.lintIfDone();
  const o = libraryOverview(
    c.value,
    lint ?? { summary: { skills: 0, errors: 0, warnings: 0 }, diagnostics: [] },
  );
  const byFolder = new Map<string, OverviewSkill[]>();
  for (const s of o.skills) byFolder.set(s.folder, [...(byFolder.get(s.folder) ?? []), s]);
  const shadowed = o.shadowed.map(
    (s) =>
      html`<tr><td>${skillLink(s.id)}</td><td><code>${s.path}</code></td><td><code>${s.winner ?? ''}</code></td></tr>`,
  );
  const main = html`<h1>Library</h1>
<p class="muted">Roots: ${o.roots.map((r, i) => html`${i > 0 ? ', ' : ''}<code>${r}</code>`)}</p>
<div class="cards">${card('skills', o.skills.length)}${card('scopes', o.scopes.length)}${card('domains', o.domains.length)}${card('folders', o.folders.length)}${lint ? html`${card('lint errors', o.lint.errors)}${card('lint warnings', o.lint.warnings)}` : ''}${card('shadowed copies', o.shadowed.length)}</div>
${lint ? '' : html`<p class="muted" id="lint-pending">Lint is running over the library; this page updates when it is done.</p>`}
<h2>By scope</h2>
<table id="scopes"><thead><tr><th scope="col">Scope</th><th scope="col" class="num">Skills</th></tr></thead>
<tbody>${o.scopes.map((s) => html`<tr><td>${s.scope}</td><td class="num">${count(s.skills)}</td></tr>`)}</tbody></table>
<h2>By domain</h2>
<p>${o.domains.map((d, i) => html`${i > 0 ? ', ' : ''}${d.domain} <span class="muted">(${count(d.skills)})</span>`)} <span class="muted">: the first folder below each root, as the listing and the tier group skills</span></p>
<h2>By folder</h2>
<div id="folders">${[...byFolder.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([d, list]) => folderList(d, list, lint !== undefined))}</div>
<h2>Shadowed copies</h2>
${
  shadowed.length === 0
    ? html`<p class="muted">No copy lost a name clash.</p>`
    : html`<table><thead><tr><th scope="col">Skill</th><th scope="col">This copy</th><th scope="col">Shadowed by</th></tr></thead><tbody>${shadowed}</tbody></table>`
}`;
  return { title: 'Library', nav: '/', main };
}
