// Lists: the items of one bullet or ordered list, each item's lines with its indentation removed,
// rendered by the block renderer one level deeper; tight when no blank line separates anything.

import { dedent, indentOf, interrupts, isBlank, isRule, listMarker, type Marker } from './lines.js';

/** Renders an item's lines as blocks; `tight` drops paragraph tags. */
type RenderItem = (lines: readonly string[], tight: boolean) => string;

/** Whether `m` continues the list opened by `first`: the same bullet, or the same ordered delimiter. */
const sameList = (first: Marker, m: Marker): boolean =>
  m.ordered === first.ordered && m.ch === first.ch;

/** The list starting at line `at`, as HTML, and the index of the first line after it. */
export function renderList(
  lines: readonly string[],
  at: number,
  first: Marker,
  renderItem: RenderItem,
): { html: string; next: number } {
  const items: string[][] = [[first.content]];
  let col = first.col;
  let loose = false;
  let blank = false;
  let j = at + 1;
  for (; j < lines.length; j++) {
    const line = lines[j] as string;
    const item = items[items.length - 1] as string[];
    if (isBlank(line)) {
      item.push('');
      blank = true;
      continue;
    }
    const m = indentOf(line) >= col || isRule(line) ? undefined : listMarker(line);
    if (indentOf(line) >= col) item.push(dedent(line, col));
    else if (m && sameList(first, m)) {
      items.push([m.content]);
      col = m.col;
    } else if (!blank && !interrupts(line)) item.push(line);
    else break;
    loose ||= blank;
    blank = false;
  }
  for (const item of items)
    while (item.length > 1 && isBlank(item[item.length - 1] as string)) item.pop();
  const body = items
    .map((item) => `<li>${renderItem(item, !loose).replace(/\n+$/, '')}</li>\n`)
    .join('');
  const tag = first.ordered ? 'ol' : 'ul';
  const start = first.ordered && first.start !== 1 ? ` start="${first.start}"` : '';
  return { html: `<${tag}${start}>\n${body}</${tag}>`, next: j };
}
