// The frame every page shares: the document, its navigation and its one stylesheet and script, both
// served by the page itself (no CDN, nothing inline, so the Content-Security-Policy can forbid it).

import { html, type Raw } from './html.js';

/** The pages, in the navigation's order. */
export const PAGES = [
  { path: '/', name: 'Library' },
  { path: '/search', name: 'Search' },
  { path: '/budget', name: 'Budget' },
  { path: '/tier', name: 'Tier' },
  { path: '/eval', name: 'Eval' },
] as const;

/** What a page hands the frame. */
export interface PageBody {
  title: string;
  /** The navigation entry to mark as current. */
  nav?: (typeof PAGES)[number]['path'];
  main: Raw;
}

/** The whole document for `p`. */
export function layout(p: PageBody, version: number): Raw {
  const links = PAGES.map(
    (n) =>
      html`<li><a href="${n.path}"${n.path === p.nav ? html` aria-current="page"` : ''}>${n.name}</a></li>`,
  );
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${p.title} · skillset</title>
<link rel="stylesheet" href="/assets/app.css">
<script src="/assets/app.js" defer></script>
</head>
<body data-version="${version}">
<a class="skip" href="#main">Skip to the content</a>
<header><nav aria-label="Pages"><span class="brand">skillset</span><ul>${links}</ul></nav>
<p class="live" role="status" aria-live="polite" id="live"></p></header>
<main id="main" tabindex="-1">${p.main}</main>
</body>
</html>
`;
}

/** A number as people read it (`1,234`). */
export const count = (n: number): string => n.toLocaleString('en-US');

/** A link to a skill's page. */
export const skillLink = (id: string, label: string = id): Raw =>
  html`<a href="/skill/${encodeURIComponent(id)}">${label}</a>`;
