// What the PostgreSQL index reads: text split into terms exactly as SQLite's FTS5 `ascii` tokenizer
// splits it, a request turned into FTS5's phrases (ranked by BM25 in pg-postings.ts), and stored
// documents decoded.

import type { StoredDoc } from './index-store.js';
import { docFromColumns } from './store-rows.js';

/**
 * The separators of FTS5's `ascii` tokenizer with `tokenchars '_#+'`: every ASCII character but
 * letters, digits, `_`, `#` and `+`. Every non-ASCII character is part of a token.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the ASCII range starts at NUL on purpose
const SEPARATORS = /[\x00-\x22\x24-\x2a\x2c-\x2f\x3a-\x40\x5b-\x5e\x60\x7b-\x7f]+/;

/** A text's tokens as the SQLite index's FTS5 tables see them: split on separators, ASCII folded to lower case. */
export function ftsTokens(text: string): string[] {
  const out: string[] = [];
  for (const t of text.split(SEPARATORS))
    if (t !== '') out.push(/[A-Z]/.test(t) ? t.replace(/[A-Z]+/g, (c) => c.toLowerCase()) : t);
  return out;
}

/** Each term's count in a text (by FTS tokens), and the text's length in tokens. */
export function termCounts(text: string): { counts: Map<string, number>; length: number } {
  const counts = new Map<string, number>();
  const tokens = ftsTokens(text);
  for (const t of tokens) counts.set(t, (counts.get(t) ?? 0) + 1);
  return { counts, length: tokens.length };
}

/** One phrase of a request: a token to match whole, or a prefix; undefined matches nothing. */
export type Phrase = { token: string; prefix: boolean } | undefined;

/**
 * The phrases FTS5 makes of sqlite-read's matchExpression: each term quoted (its `"` dropped) and
 * tokenized, the last one a prefix when asked and at least 3 characters long. A quoted term that
 * tokenizes to nothing matches nothing. One that tokenizes to several tokens is a phrase FTS5
 * matches by position; positions are not kept here, so it matches nothing (tokenize never gives
 * such a term: ranking never asks for one).
 */
export function phrasesOf(terms: readonly string[], prefixLast: boolean): Phrase[] {
  return terms.map((t, i) => {
    const tokens = ftsTokens(t.replace(/"/g, ''));
    if (tokens.length !== 1) return undefined;
    return {
      token: tokens[0] as string,
      prefix: prefixLast && i === terms.length - 1 && t.length >= 3,
    };
  });
}

/** The columns a stored document is read from. */
export const DOC_COLUMNS =
  'd.ref, d.id, d.name, d.path, d.description, d.fields, d.not_for, d.triggers, d.inbound, d.name_key';

/** A `docs` row as DOC_COLUMNS gives it. */
export interface DocRow {
  ref: number;
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

/** A stored document decoded; a row that does not decode is damage. */
export function decodeDocument(row: DocRow, shown: string): StoredDoc {
  try {
    return docFromColumns(row.ref, row);
  } catch (e) {
    throw new Error(`${shown}: stored document ${row.ref} does not parse: ${(e as Error).message}`);
  }
}
