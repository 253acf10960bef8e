// Placeholder until the renderer lands: the body as escaped preformatted text.
import { escapeHtml } from './html.js';

export function renderMarkdown(text: string): string {
  return `<pre>${escapeHtml(text)}</pre>`;
}
