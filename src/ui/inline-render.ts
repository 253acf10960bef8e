// Inline tokens → HTML. Plain text gathers and is escaped in one piece; markup comes only from the
// tokens' own kinds: emphasis tags, code, checked links, and the text that stands for an image.

import type { DelimToken } from './emphasis.js';
import { attributeText, textHtml } from './hidden.js';
import { html } from './html.js';

/** A link or image the brackets formed; `href` is set only for a URL that may be followed. */
export interface Link {
  image: boolean;
  url: string;
  href: string | undefined;
  title: string | undefined;
}

/** A `[` or `![`; it renders as written unless it opened a link. */
export interface OpenToken {
  k: 'open';
  s: string;
  link?: Link;
}

/** What the inline reader produces, in source order. */
export type Token =
  | { k: 'text'; s: string }
  | { k: 'br' }
  | { k: 'code'; s: string }
  | { k: 'auto'; href: string; s: string }
  | { k: 'close'; link: Link }
  | OpenToken
  | DelimToken;

/** An opening `<a>` to a checked URL; a title shows on hover, its hidden characters as `U+XXXX`. */
const anchor = (href: string, title?: string): string => {
  const tip = title ? ` title="${attributeText(title)}"` : '';
  return `${html`<a href="${href}"`.value}${tip} rel="noopener noreferrer nofollow" target="_blank">`;
};

/** Output under construction: plain text gathers and is escaped in one piece before the next markup. */
class Out {
  private html = '';
  private text = '';
  plain(s: string): void {
    this.text += s;
  }
  markup(s: string): void {
    if (!s) return;
    if (this.text) this.html += textHtml(this.text);
    this.text = '';
    this.html += s;
  }
  done(): string {
    return this.html + textHtml(this.text);
  }
}

/** Renders a link's bracket; inside an image's brackets (`alt` > 0) only the image's own text shows. */
function bracket(out: Out, t: OpenToken | { k: 'close'; link: Link }, alt: number): number {
  const link = t.link;
  const opening = t.k === 'open';
  if (!link) out.plain((t as OpenToken).s);
  else if (link.image) {
    if (opening && alt === 0) out.plain('[image: ');
    else if (!opening && alt === 1) {
      // The page loads nothing from outside, but the reader sees where the image would come from.
      out.plain(']');
      if (link.url) out.markup(` <code class="image-url">${textHtml(link.url)}</code>`);
    }
    return opening ? 1 : -1;
  } else if (alt > 0) return 0;
  else if (opening) out.markup(link.href ? anchor(link.href, link.title) : '');
  else if (link.href) out.markup('</a>');
  else if (link.url) out.markup(` <code class="blocked-url">${textHtml(link.url)}</code>`);
  return 0;
}

/** Renders the tokens; an image's brackets hold plain text, its alternative text. */
export function renderTokens(toks: readonly Token[]): string {
  const out = new Out();
  let alt = 0;
  let inLink = false;
  for (const t of toks) {
    if (t.k === 'text') out.plain(t.s);
    else if (t.k === 'br') alt ? out.plain(' ') : out.markup('<br>\n');
    else if (t.k === 'code') alt ? out.plain(t.s) : out.markup(`<code>${textHtml(t.s)}</code>`);
    else if (t.k === 'auto')
      alt || inLink ? out.plain(t.s) : out.markup(`${anchor(t.href)}${textHtml(t.s)}</a>`);
    else if (t.k === 'delim') {
      if (!alt) out.markup(t.close);
      out.plain(t.ch.repeat(t.n));
      if (!alt) out.markup(t.open);
    } else {
      if (t.link?.href && !t.link.image && !alt) inLink = t.k === 'open';
      alt += bracket(out, t, alt);
    }
  }
  return out.done();
}
