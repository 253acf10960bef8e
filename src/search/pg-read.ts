// What the PostgreSQL index reads: text split into terms exactly as SQLite's FTS5 `ascii` tokenizer
// splits it, a request turned into FTS5's phrases, BM25 computed in SQL as FTS5's bm25() computes
// it, and stored documents decoded.

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
type Phrase = { token: string; prefix: boolean } | undefined;

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

/** A LIKE pattern for terms starting with `prefix` (its `%`, `_` and `\` matched as written). */
const likePrefix = (prefix: string): string => `${prefix.replace(/[\\%_]/g, '\\$&')}%`;

/**
 * BM25 over table `tbl` (0 metadata, 1 bodies) in schema `s`, as FTS5's bm25() computes it: for
 * each phrase, IDF = ln((N - n + 0.5) / (n + 0.5)), 1e-6 when not positive, with N the table's rows
 * and n the rows the phrase matches; a row's frequency of a phrase is the sum of its column weights
 * over the phrase's instances; its length D is its tokens over all columns, and avgdl the table's
 * tokens over its rows; score = Σ IDF · f·(k1+1) / (f + k1·(1 − b + b·D/avgdl)), k1 = 1.2, b = 0.75,
 * summed in phrase order, as SQLite does (same double arithmetic, so the same scores). FTS5 gives
 * the score negated; this gives it as is: higher is better. Ties go to the lower ref, the order
 * FTS5 scans rows in. Only the rows of the spaces in `scope` count, up to each space's current
 * generation; N and avgdl are theirs summed.
 */
export function bm25Query(
  s: string,
  tbl: number,
  phrases: readonly Phrase[],
  weights: readonly number[],
  limit: number,
  scope: readonly string[],
): { text: string; values: unknown[] } | undefined {
  const values: unknown[] = [tbl, weights, limit, scope];
  const parts: string[] = [];
  phrases.forEach((p, i) => {
    if (!p) return;
    values.push(p.prefix ? likePrefix(p.token) : p.token);
    parts.push(
      `SELECT ${i} AS i, ref, col, tf, len FROM ${s}.postings AS p JOIN vis ON vis.id = p.space AND p.gen <= vis.gen WHERE tbl = $1 AND term ${p.prefix ? 'LIKE' : '='} $${values.length}`,
    );
  });
  if (parts.length === 0) return undefined;
  const text = `WITH vis AS (${VISIBLE_SPACES(s, 4)}),
hits AS (${parts.join(' UNION ALL ')}),
freq AS (SELECT i, ref, min(len)::float8 AS d, sum(($2::float8[])[col + 1] * tf) AS f FROM hits GROUP BY i, ref),
st AS (SELECT sum(rows)::float8 AS n, sum(tokens)::float8 / sum(rows)::float8 AS avgdl FROM ${s}.stats JOIN vis ON vis.id = stats.space WHERE tbl = $1),
idf AS (SELECT i, ln((st.n - count(*)::float8 + 0.5::float8) / (count(*)::float8 + 0.5::float8)) AS x FROM freq, st GROUP BY i, st.n)
SELECT ref, sum((CASE WHEN x <= 0 THEN 1e-6::float8 ELSE x END)
  * ((f * (1.2::float8 + 1.0::float8)) / (f + 1.2::float8 * (1::float8 - 0.75::float8 + 0.75::float8 * d / st.avgdl)))
  ORDER BY i) AS score
FROM freq JOIN idf USING (i), st GROUP BY ref ORDER BY score DESC, ref LIMIT $3`;
  return { text, values };
}

/** The spaces named in parameter `$n` (an array of names), with their current generations. */
export const VISIBLE_SPACES = (s: string, n: number): string =>
  `SELECT id, gen FROM ${s}.spaces WHERE name = ANY($${n})`;

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
