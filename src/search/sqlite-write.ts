// Writing the SQLite index: one document in or out, and the statistics kept beside the FTS tables.

import type BetterSqlite3 from 'better-sqlite3';
import { META_FIELDS, type MetaField, nameKeyOf, type SearchDocument } from './document.js';
import { inboundCounts } from './store-rows.js';
import { tokenize } from './tokenize.js';

/** What the writers need of the store: its connection and its prepared statements. */
export interface Writer {
  db: BetterSqlite3.Database;
  statement(sql: string): BetterSqlite3.Statement;
}

/** A document's metadata as the meta table's columns hold it, in META_FIELDS order. */
export function metaColumns(fields: Readonly<Record<MetaField, readonly string[]>>): string[] {
  return META_FIELDS.map((f) => (fields[f] ?? []).join(' '));
}

/** The distinct terms of a document's metadata. */
export function metaTermSet(fields: Readonly<Record<MetaField, readonly string[]>>): Set<string> {
  const out = new Set<string>();
  for (const f of META_FIELDS) for (const t of fields[f] ?? []) out.add(t);
  return out;
}

/** The distinct terms of an indexed body text. */
export function bodyTermSet(text: string): Set<string> {
  return new Set(text.split(/[ \n]/).filter((t) => t !== ''));
}

/** Count each term of a document once into `delta`: metadata terms first, body terms second. */
function bump(
  delta: Map<string, [number, number]>,
  meta: Iterable<string>,
  body: Iterable<string>,
  sign: number,
): void {
  for (const t of meta) {
    const d = delta.get(t) ?? [0, 0];
    d[0] += sign;
    delta.set(t, d);
  }
  for (const t of body) {
    const d = delta.get(t) ?? [0, 0];
    d[1] += sign;
    delta.set(t, d);
  }
}

/** Insert one document into the docs, meta and body tables (and count its terms into `delta`). */
export function insertDocument(
  w: Writer,
  d: SearchDocument,
  delta: Map<string, [number, number]> | undefined,
): void {
  const rowid = Number(
    w
      .statement(
        'INSERT INTO docs(id, name, path, hash, body_len, description, fields, not_for, triggers, mentions, name_key) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
      )
      .run(
        d.id,
        d.name,
        d.path,
        d.contentHash,
        d.bodyLength,
        d.description,
        JSON.stringify(d.fields),
        JSON.stringify(d.notFor.map((n) => ({ ...n, topicTerms: tokenize(n.topic) }))),
        JSON.stringify(d.triggerPhrases),
        d.mentions.join(' '),
        nameKeyOf(d.name),
      ).lastInsertRowid,
  );
  w.statement('INSERT INTO bodies(rowid, text) VALUES (?, ?)').run(rowid, d.body);
  w.statement(
    `INSERT INTO meta(rowid, ${META_FIELDS.join(', ')}) VALUES (?, ${META_FIELDS.map(() => '?').join(', ')})`,
  ).run(rowid, ...metaColumns(d.fields));
  // The body is one row per skill: whole-body BM25 ranked people's questions better than the best section.
  if (d.body !== '') w.statement('INSERT INTO body(rowid, text) VALUES (?, ?)').run(rowid, d.body);
  if (delta) bump(delta, metaTermSet(d.fields), bodyTermSet(d.body), 1);
}

/**
 * Remove one document. The FTS tables keep no text, so they are told the exact text that was
 * indexed (FTS5's `delete` command): a plain DELETE would leave the row's length in the BM25
 * statistics, and an updated index would rank differently from a fresh one.
 */
export function removeDocument(
  w: Writer,
  rowid: number,
  delta: Map<string, [number, number]> | undefined,
): void {
  const row = w
    .statement('SELECT fields, text FROM docs JOIN bodies USING (rowid) WHERE rowid = ?')
    .get(rowid) as { fields: string; text: string } | undefined;
  if (row) {
    const fields = JSON.parse(row.fields) as Record<MetaField, string[]>;
    w.statement(
      `INSERT INTO meta(meta, rowid, ${META_FIELDS.join(', ')}) VALUES ('delete', ?, ${META_FIELDS.map(() => '?').join(', ')})`,
    ).run(rowid, ...metaColumns(fields));
    if (row.text !== '')
      w.statement("INSERT INTO body(body, rowid, text) VALUES ('delete', ?, ?)").run(
        rowid,
        row.text,
      );
    if (delta) bump(delta, metaTermSet(fields), bodyTermSet(row.text), -1);
  }
  w.statement('DELETE FROM bodies WHERE rowid = ?').run(rowid);
  w.statement('DELETE FROM docs WHERE rowid = ?').run(rowid);
}

/** Add per-term changes in document frequency to the df table. */
export function applyDelta(w: Writer, delta: ReadonlyMap<string, [number, number]>): void {
  const up = w.statement(
    'INSERT INTO df(term, meta, body) VALUES (?, ?, ?) ON CONFLICT(term) DO UPDATE SET meta = meta + excluded.meta, body = body + excluded.body',
  );
  for (const [t, [m, b]] of delta) if (m !== 0 || b !== 0) up.run(t, m, b);
  w.db.exec('DELETE FROM df WHERE meta <= 0 AND body <= 0');
}

/** Count every term's document frequency afresh from the FTS vocabularies (one pass over each index). */
export function recountFrequencies(w: Writer): void {
  w.db.exec(`DELETE FROM df;
INSERT INTO df(term, meta, body)
SELECT term, sum(m), sum(b) FROM (
  SELECT term, doc AS m, 0 AS b FROM meta_vocab UNION ALL SELECT term, 0, doc FROM body_vocab)
GROUP BY term;`);
}

/**
 * Recount, for every skill, how many other skills mention its name (any change can move any count).
 * Mentioners are counted by name, so the copies of one skill in several trees count once. A skill's
 * own name is never among its mentions (toDocument leaves it out).
 */
export function countInbound(w: Writer): void {
  const rows = w.db.prepare('SELECT rowid, name, mentions FROM docs').all() as Array<{
    rowid: number;
    name: string;
    mentions: string;
  }>;
  const counts = inboundCounts(rows);
  const set = w.db.prepare('UPDATE docs SET inbound = ? WHERE rowid = ? AND inbound != ?');
  for (const r of rows) {
    const n = counts.get(r.name) ?? 0;
    set.run(n, r.rowid, n);
  }
}
