// Which page a URL asks for. The paths are a fixed set; a skill is named by its id, and only a skill
// of the catalog has a page. Nothing in a URL names a file: a path that climbs (`..`, encoded or
// not), a backslash or a NUL is refused before any page runs.

import { APP_CSS, APP_JS } from './assets.js';
import type { UiContext } from './context.js';
import { html, type Raw } from './html.js';
import { layout, type PageBody } from './layout.js';
import { budgetPage } from './page-budget.js';
import { evalPage } from './page-eval.js';
import { libraryPage } from './page-library.js';
import { searchPage, searchResults } from './page-search.js';
import { skillPage } from './page-skill.js';
import { tierPage } from './page-tier.js';

/** An answer: a status, its type and its body. */
export interface Answer {
  status: number;
  type: string;
  body: string;
}

const HTML = 'text/html; charset=utf-8';

const text = (status: number, body: string): Answer => ({
  status,
  type: 'text/plain; charset=utf-8',
  body: `${body}\n`,
});

/** A path that could name something outside the pages: climbing, a backslash, a NUL, a bad escape. */
export function unsafePath(rawPath: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return true;
  }
  return /(^|[/\\])\.\.?([/\\]|$)|\\|\0/.test(decoded) || /%2e%2e|%5c|%00/i.test(rawPath);
}

/** A number from the query, when it is one within [min, max]. */
function numberParam(u: URL, name: string, min: number, max: number): number | undefined {
  const v = u.searchParams.get(name);
  if (v === null || v.trim() === '') return undefined;
  const n = Number(v);
  return Number.isFinite(n) && n >= min && n <= max ? n : undefined;
}

/** Answer a GET for `u`: a page (whole, or its content alone when `partial`), an asset, or an error. */
export async function route(ctx: UiContext, u: URL, partial: boolean): Promise<Answer> {
  const rawPath = u.pathname;
  // The stamp of what the page is computed from: a change while it is computed makes it stale.
  const stamp = ctx.stamp();
  if (unsafePath(rawPath)) return text(400, 'This path is not one the page serves.');
  if (rawPath === '/assets/app.js')
    return { status: 200, type: 'text/javascript; charset=utf-8', body: APP_JS };
  if (rawPath === '/assets/app.css')
    return { status: 200, type: 'text/css; charset=utf-8', body: APP_CSS };
  let page: PageBody | undefined;
  let fragment: Raw | undefined;
  if (rawPath === '/') page = await libraryPage(ctx);
  else if (rawPath === '/search') {
    const q = u.searchParams.get('q') ?? '';
    if (u.searchParams.get('results') === '1') fragment = await searchResults(ctx, q);
    else page = await searchPage(ctx, q);
  } else if (rawPath.startsWith('/skill/')) {
    page = await skillPage(ctx, decodeURIComponent(rawPath.slice('/skill/'.length)));
    if (!page)
      return {
        status: 404,
        type: HTML,
        body: notFound(ctx, 'No skill of the library has this id.'),
      };
  } else if (rawPath === '/budget') {
    const row = u.searchParams.get('row');
    page = await budgetPage(ctx, {
      ...optional('percent', numberParam(u, 'percent', 0.01, 100)),
      ...optional('budget', numberParam(u, 'budget', 0, 10_000_000)),
      ...optional('at', numberParam(u, 'at', 1, 100_000_000)),
      ...(row !== null ? { row } : {}),
    });
  } else if (rawPath === '/tier') page = await tierPage(ctx, u.searchParams.get('term') ?? '');
  else if (rawPath === '/eval') page = await evalPage(ctx, numberParam(u, 'set', 0, 1000) ?? 0);
  else return { status: 404, type: HTML, body: notFound(ctx, 'There is no such page.') };
  if (fragment) return { status: 200, type: HTML, body: fragment.value };
  const p = page as PageBody;
  return { status: 200, type: HTML, body: partial ? p.main.value : layout(p, stamp).value };
}

const optional = <K extends string>(k: K, v: number | undefined): Partial<Record<K, number>> =>
  (v === undefined ? {} : { [k]: v }) as Partial<Record<K, number>>;

function notFound(ctx: UiContext, why: string): string {
  return layout(
    {
      title: 'Not found',
      main: html`<h1>Not found</h1><p>${why}</p><p><a href="/">The library</a></p>`,
    },
    ctx.stamp(),
  ).value;
}
