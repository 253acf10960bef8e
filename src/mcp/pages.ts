// Pages of the lists that grow with the library (prompts/list, resources/list, list_skills,
// skills/list): whole items, at least one, until PAGE_BYTES of them; and the opaque cursors that
// continue them, each holding its list, its offset and the catalog it was made for.

import { invalidParams } from './errors.js';

/**
 * The bytes of items one page holds at most (1 MiB): a page and the text copy a tool adds stay well
 * under MAX_MESSAGE_BYTES, and a library of about 2,000 skills still lists in one page.
 */
export const PAGE_BYTES = 1024 * 1024;

/** The bytes `v` takes as JSON. */
export const jsonBytes = (v: unknown): number => Buffer.byteLength(JSON.stringify(v) ?? '');

/** A cursor for `list` at offset `n` of the catalog `version`. */
export const cursorOf = (list: string, n: number, version: string): string =>
  Buffer.from(`${list}:${n}:${version}`).toString('base64url');

/**
 * The offset a cursor continues from (0 without one). A cursor of another list, of an older catalog,
 * or made up is -32602, rather than silently giving a page of something else.
 */
export function offsetOf(
  list: string,
  cursor: string | undefined,
  version: string,
  total: number,
): number {
  if (cursor === undefined) return 0;
  const m = /^([a-z-]+):(\d+):(.+)$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  const n = m ? Number(m[2]) : Number.NaN;
  if (!m || m[1] !== list || m[3] !== version || !(n > 0 && n < total))
    throw invalidParams(
      'Unknown cursor: it was not given by this listing, or the skills changed since; list again from the start',
      { cursor },
    );
  return n;
}

/** A page of `items` from the cursor, with the cursor of the next page when there is one. */
export function pageOf<T>(
  list: string,
  items: readonly T[],
  cursor: string | undefined,
  version: string,
  budget = PAGE_BYTES,
): { items: T[]; nextCursor?: string } {
  const start = offsetOf(list, cursor, version, items.length);
  let end = start;
  let used = 0;
  for (; end < items.length; end++) {
    used += jsonBytes(items[end]);
    if (used > budget && end > start) break;
  }
  return {
    items: items.slice(start, end),
    ...(end < items.length ? { nextCursor: cursorOf(list, end, version) } : {}),
  };
}
