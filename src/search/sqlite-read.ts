// What the SQLite index reads back: stored documents decoded, FTS5 match expressions, body term counts.

import type BetterSqlite3 from 'better-sqlite3';
import type { BodyCounts, StoredDoc } from './index-store.js';
import { damagedError, storeError } from './sqlite-errors.js';
import { docFromColumns } from './store-rows.js';

/** The row a stored document is read from, by rowid. */
export const DOCUMENT_SQL =
  'SELECT rowid, id, name, path, description, fields, not_for, triggers, inbound, name_key FROM docs WHERE rowid = ?';

/** A `docs` row as DOCUMENT_SQL returns it. */
interface DocRow {
  rowid: number;
  id: string;
  name: string;
  path: string;
  description: string;
  fields: string;
  not_for: string;
  triggers: string;
  inbound: number;
  name_key: string;
}

/** The stored document at `rowid`, decoded; a row that does not decode is damage to `file`. */
export function readDocument(
  statement: BetterSqlite3.Statement,
  rowid: number,
  file: string,
): StoredDoc | undefined {
  const row = statement.get(rowid) as DocRow | undefined;
  if (!row) return undefined;
  try {
    return docFromColumns(row.rowid, row);
  } catch (e) {
    // Only damage makes what we wrote as JSON unreadable.
    throw storeError(
      damagedError(`stored document ${rowid} does not parse: ${(e as Error).message}`),
      file,
    );
  }
}

/** How many times `term` stands as a whole word in `text` (terms separated by spaces and newlines). */
export function occurrences(text: string, term: string): number {
  if (term === '') return 0;
  let n = 0;
  for (let at = text.indexOf(term); at >= 0; at = text.indexOf(term, at + term.length)) {
    const before = at === 0 ? 32 : text.charCodeAt(at - 1);
    const end = at + term.length;
    const after = end === text.length ? 32 : text.charCodeAt(end);
    if ((before === 32 || before === 10) && (after === 32 || after === 10)) n++;
  }
  return n;
}

/** An FTS5 MATCH expression that can never be a syntax error: every term quoted, ORed; the last one a prefix. */
export function matchExpression(terms: readonly string[], prefixLast: boolean): string {
  return terms
    .map(
      (t, i) =>
        `"${t.replace(/"/g, '')}"${prefixLast && i === terms.length - 1 && t.length >= 3 ? '*' : ''}`,
    )
    .join(' OR ');
}

/** A body's terms and length, by rowid (for bodyCountsOf). */
export const BODY_SQL = 'SELECT text, body_len FROM docs JOIN bodies USING (rowid) WHERE rowid = ?';

/** How often a body holds each of `terms` (absent terms left out), and its length in terms. */
export function bodyCountsOf(
  statement: BetterSqlite3.Statement,
  rowid: number,
  terms: readonly string[],
): BodyCounts {
  const row = statement.get(rowid) as { text: string; body_len: number } | undefined;
  const counts = new Map<string, number>();
  if (!row) return { counts, length: 0 };
  for (const t of terms) {
    const n = occurrences(row.text, t);
    if (n > 0) counts.set(t, n);
  }
  return { counts, length: row.body_len };
}
