// Markdown → an HTML fragment, for the local page that shows skills from untrusted libraries.
// CommonMark-ish and line-based: headings, paragraphs, fenced code, blockquotes, lists, rules and
// GFM tables. Raw HTML never passes through (it shows as text, comments too), hidden characters
// are marked, links lead only to http(s) and mailto, images are not loaded. Linear in the input.

import { textHtml } from './hidden.js';
import { html, raw } from './html.js';
import { renderInline } from './inline.js';
import {
  atxHeading,
  closesFence,
  type Fence,
  fenceOpen,
  interrupts,
  isBlank,
  isRule,
  listMarker,
  quoteContent,
  setextLevel,
  trimBlanks,
} from './lines.js';
import { renderList } from './list.js';
import { renderTable } from './table.js';

/** Blockquotes and list items nest at most this deep; deeper markers read as text. */
const MAX_DEPTH = 6;

/** The heading ids given so far, and for each base the next suffix to try. */
interface Ids {
  readonly taken: Set<string>;
  readonly next: Map<string, number>;
}

interface Context {
  readonly depth: number;
  /** In a tight list item: paragraphs without `<p>`. */
  readonly tight: boolean;
  readonly ids: Ids;
}

type Block = { html: string; next: number };

/**
 * A unique ASCII id for a heading. Prefixed, so a skill cannot name an element of the page around
 * it (no `id="main"`, no DOM clobbering).
 */
function headingId(text: string, ids: Ids): string {
  const slug = text
    .slice(0, 256)
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 64)
    .replace(/^-+|-+$/g, '');
  const base = `md-${slug || 'section'}`;
  let id = base;
  for (let n = ids.next.get(base) ?? 1; ids.taken.has(id); n++) {
    id = `${base}-${n}`;
    ids.next.set(base, n + 1);
  }
  ids.taken.add(id);
  return id;
}

const heading = (level: number, text: string, ids: Ids): string =>
  html`<h${level} id="${headingId(text, ids)}">${raw(renderInline(text))}</h${level}>`.value;

function renderFence(lines: readonly string[], at: number, fence: Fence): Block {
  const body: string[] = [];
  let j = at + 1;
  for (; j < lines.length && !closesFence(lines[j] as string, fence); j++) {
    const line = lines[j] as string;
    let k = 0;
    while (k < fence.indent && line[k] === ' ') k++;
    body.push(line.slice(k));
  }
  const text = body.length ? `${body.join('\n')}\n` : '';
  const cls = fence.lang ? html` class="language-${fence.lang}"`.value : '';
  // An unclosed fence runs to the end of the text.
  return {
    html: `<pre><code${cls}>${textHtml(text)}</code></pre>`,
    next: Math.min(j + 1, lines.length),
  };
}

function renderQuote(lines: readonly string[], at: number, ctx: Context): Block {
  const inner: string[] = [];
  let j = at;
  for (; j < lines.length; j++) {
    const line = lines[j] as string;
    const content = quoteContent(line);
    const lazy = !isBlank(line) && !isBlank(inner[inner.length - 1] ?? '') && !interrupts(line);
    if (content !== undefined) inner.push(content);
    else if (lazy) inner.push(line);
    else break;
  }
  const body = renderBlocks(inner, { ...ctx, depth: ctx.depth + 1, tight: false });
  return { html: `<blockquote>\n${body}</blockquote>`, next: j };
}

/** The block other than a paragraph that starts at line `at`, or undefined. */
function block(
  lines: readonly string[],
  at: number,
  ctx: Context,
  inParagraph: boolean,
): Block | undefined {
  const line = lines[at] as string;
  const fence = fenceOpen(line);
  if (fence) return renderFence(lines, at, fence);
  const h = atxHeading(line);
  if (h) return { html: heading(h.level, h.text, ctx.ids), next: at + 1 };
  if (isRule(line)) return { html: '<hr>', next: at + 1 };
  if (ctx.depth < MAX_DEPTH) {
    if (quoteContent(line) !== undefined) return renderQuote(lines, at, ctx);
    const m = listMarker(line);
    if (m && (!inParagraph || interrupts(line)))
      return renderList(lines, at, m, (item, tight) =>
        renderBlocks(item, { ...ctx, depth: ctx.depth + 1, tight }),
      );
  }
  return renderTable(lines, at);
}

function renderBlocks(lines: readonly string[], ctx: Context): string {
  let out = '';
  let para: string[] = [];
  const endParagraph = (): void => {
    if (para.length === 0) return;
    const text = renderInline(trimBlanks(para.join('\n')));
    out += ctx.tight ? `${text}\n` : `<p>${text}</p>\n`;
    para = [];
  };
  for (let i = 0; i < lines.length; ) {
    const line = lines[i] as string;
    const level = para.length ? setextLevel(line) : 0;
    const found = isBlank(line) || level ? undefined : block(lines, i, ctx, para.length > 0);
    if (level) {
      out += `${heading(level, trimBlanks(para.join('\n')), ctx.ids)}\n`;
      para = [];
    } else if (found || isBlank(line)) endParagraph();
    else para.push(trimBlanks(line, true));
    if (found) out += `${found.html}\n`;
    i = found ? found.next : i + 1;
  }
  endParagraph();
  return out;
}

/**
 * Renders untrusted Markdown as an HTML fragment that is safe to insert in a page: every text
 * escaped, no raw HTML, hidden characters marked, links only to http(s) and mailto (others show as
 * text with the URL in `<code>`), images as `[image: alt]`.
 */
export function renderMarkdown(text: string): string {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  return renderBlocks(lines, {
    depth: 0,
    tight: false,
    ids: { taken: new Set(), next: new Map() },
  });
}
