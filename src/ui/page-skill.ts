// The Skill page: the rendered body (escaped), the front matter, the files with their digests and
// sizes, the composition as a small graph, where the skill is shadowed, and its lint and audit
// findings with their lines.

import path from 'node:path';
import { compositionOf } from '../core/composition-view.js';
import type { ShowResult } from '../core/views.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { compositionChart } from './charts.js';
import type { UiContext } from './context.js';
import { html, type Raw, raw } from './html.js';
import { count, type PageBody, skillLink } from './layout.js';
import { renderMarkdown } from './markdown.js';

function findingsTable(label: string, dir: string, found: readonly Diagnostic[]): Raw {
  if (found.length === 0) return html`<p class="muted">No ${label} findings.</p>`;
  const rows = found.map((d) => {
    const rel = path.relative(dir, d.file).split(path.sep).join('/') || 'SKILL.md';
    return html`<tr><td><code>${rel}:${d.start?.line ?? 1}</code></td><td class="sev-${d.severity}">${d.severity}</td><td><code>${d.code}</code></td><td>${d.message}</td></tr>`;
  });
  return html`<table aria-label="${label} findings"><thead><tr><th scope="col">Where</th><th scope="col">Severity</th><th scope="col">Code</th><th scope="col">Message</th></tr></thead><tbody>${rows}</tbody></table>`;
}

/** The most of a body the page renders: what one load holds (docs/composition.md). */
const MAX_BODY = 100_000;
/** Past this much HTML, the body is shown as plain text instead (a hostile table or marks). */
const MAX_BODY_HTML = 2_000_000;

/** The body rendered, its headings under the page's own (h3 and down), bounded. */
function bodyHtml(body: string): Raw {
  const cut = body.length > MAX_BODY;
  const text = cut ? body.slice(0, MAX_BODY) : body;
  let out = renderMarkdown(text).replace(
    /<(\/?)h([1-6])\b/g,
    (_m, slash: string, n: string) => `<${slash}h${Math.min(6, Number(n) + 2)}`,
  );
  if (out.length > MAX_BODY_HTML) out = html`<pre>${text}</pre>`.value;
  return html`${raw(out)}${cut ? html`<p class="muted">The body is cut at ${count(MAX_BODY)} characters here; <code>skillset show --body</code> prints it whole.</p>` : ''}`;
}

const inside = (dir: string, file: string): boolean =>
  file === dir || file.startsWith(`${dir}${path.sep}`);

/** The Skill page for `id`, or undefined when the catalog holds no such skill. */
export async function skillPage(ctx: UiContext, id: string): Promise<PageBody | undefined> {
  const c = await ctx.service.catalog();
  if (!c.ok) return undefined;
  const skill = c.value.skills.find((s) => s.id === id);
  if (!skill) return undefined;
  const shown = await ctx.run<ShowResult>('show', { name: skill.id, body: true });
  if (!shown.ok) return undefined;
  const s = shown.value;
  const [files, lint, audit] = await Promise.all([
    ctx.service.files(skill.id),
    ctx.lint(),
    ctx.audit(skill),
  ]);
  const nested = c.value.skills.filter((x) => x.dir !== skill.dir && inside(skill.dir, x.dir));
  const own = lint.diagnostics.filter(
    (d) => inside(skill.dir, d.file) && !nested.some((x) => inside(x.dir, d.file)),
  );
  const graph = compositionOf(c.value, skill, s.body ?? '');
  const copies = c.value.shadowed.filter((x) => x.id === skill.id);
  const fileRows = files.ok
    ? files.value.files.map(
        (f) =>
          html`<tr><td><code>${f.path}</code></td><td class="num">${count(f.size)}</td><td><code>${f.digest}</code></td></tr>`,
      )
    : [];
  const main = html`<h1>${skill.id}</h1>
<p>${s.description}</p>
<p class="muted">${s.scope} · <code>${s.path}</code> · ${count(s.size.bytes)} bytes, about ${count(s.size.tokens)} tokens · <code>${s.contentHash}</code></p>
<h2>Front matter</h2>
<pre id="frontmatter">${JSON.stringify(s.frontmatter, null, 2)}</pre>
<h2>Files</h2>
<table id="files"><thead><tr><th scope="col">File</th><th scope="col" class="num">Bytes</th><th scope="col">Digest</th></tr></thead><tbody>${fileRows}</tbody></table>
${files.ok && files.value.skipped.length > 0 ? html`<p class="muted">Left out: ${files.value.skipped.map((x) => `${x.path} (${x.reason})`).join(', ')}</p>` : ''}
<h2>Composition</h2>
${graph.edges.length === 0 ? html`<p class="muted">It extends, requires, depends on and imports nothing, and nothing builds on it.</p>` : html`${compositionChart(`comp`, skill.id, graph)}${graph.more ? html`<p class="muted">and ${count(graph.more)} more edges</p>` : ''}`}
<h2>Shadowed copies</h2>
${copies.length === 0 ? html`<p class="muted">No other copy of this name lost to it.</p>` : html`<ul>${copies.map((x) => html`<li><code>${x.path}</code> (${x.source.scope})</li>`)}</ul>`}
<h2>Lint</h2>
${findingsTable('lint', skill.dir, own)}
<h2>Audit</h2>
${findingsTable('audit', skill.dir, audit)}
<h2>Body</h2>
<div class="body" id="body">${bodyHtml(s.body ?? '')}</div>
<p>${skillLink(skill.id, 'Permalink')}</p>`;
  return { title: skill.id, main };
}
