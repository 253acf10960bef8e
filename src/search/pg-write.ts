// One update of the PostgreSQL index, in one transaction (readers see all of it or none): what
// changed by content hash is removed and re-inserted a batch at a time, with each document's
// postings (term counts per column, as FTS5 would count them), the document frequencies, the
// tables' BM25 statistics, and the inbound mention counts.

import { createHash } from 'node:crypto';
import type pg from 'pg';
import { META_FIELDS, nameKeyOf, type SearchDocument } from './document.js';
import type { DocumentLoader, IndexContents, Progress, UpdateStats } from './index-store.js';
import { termCounts } from './pg-read.js';
import { inboundCounts } from './store-rows.js';
import { tokenize } from './tokenize.js';

/** Documents loaded and inserted at once. */
const LOAD_BATCH = 64;

/** One fingerprint of every (path, hash, id) the index should hold (as the SQLite index makes it). */
export function fingerprintOf(current: IndexContents): string {
  return createHash('sha256')
    .update(
      [...current]
        .map(([p, c]) => `${p}\0${c.hash}\0${c.id}`)
        .sort()
        .join('\n'),
    )
    .digest('hex');
}

/** What an update needs: a client inside the update's transaction, and the schema (quoted). */
interface Tx {
  client: pg.PoolClient;
  s: string;
}

/**
 * Inside the caller's transaction: take the update lock (the info table's, held to the commit and
 * waited for at most `waitMs`), then bring the index in line with `current`, unless another process
 * wrote these very contents meanwhile.
 */
export async function updateLocked(
  tx: Tx,
  waitMs: number,
  fingerprint: string,
  current: IndexContents,
  load: DocumentLoader,
  progress: Progress | undefined,
): Promise<UpdateStats> {
  const { client, s } = tx;
  await client.query(`SET LOCAL lock_timeout = ${Math.max(1, Math.floor(waitMs))}`);
  await client.query(`LOCK TABLE ${s}.info IN SHARE ROW EXCLUSIVE MODE`);
  const last = await client.query<{ value: string }>(
    `SELECT value FROM ${s}.info WHERE key = 'fingerprint'`,
  );
  if (last.rows[0]?.value === fingerprint)
    return { added: 0, changed: 0, removed: 0, unchanged: current.size };
  const made = await writeUpdate(tx, current, load, progress);
  await client.query(
    `INSERT INTO ${s}.info(key, value) VALUES ('fingerprint', $1) ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
    [fingerprint],
  );
  return made;
}

/** Bring the index in line with `current`, inside the caller's transaction (which holds the update lock). */
async function writeUpdate(
  tx: Tx,
  current: IndexContents,
  load: DocumentLoader,
  progress: Progress | undefined,
): Promise<UpdateStats> {
  const { client, s } = tx;
  const stored = (
    await client.query<{ ref: number; path: string; hash: string; id: string }>(
      `SELECT ref, path, hash, id FROM ${s}.docs`,
    )
  ).rows;
  const stats: UpdateStats = { added: 0, changed: 0, removed: 0, unchanged: 0 };
  const remove: number[] = [];
  const toLoad: string[] = [];
  const renames: Array<[number, string]> = [];
  const known = new Set<string>();
  for (const r of stored) {
    known.add(r.path);
    const now = current.get(r.path);
    if (!now) {
      remove.push(r.ref);
      stats.removed++;
    } else if (now.hash !== r.hash) {
      remove.push(r.ref);
      toLoad.push(r.path);
      stats.changed++;
    } else {
      stats.unchanged++;
      if (now.id !== r.id) renames.push([r.ref, now.id]);
    }
  }
  for (const path of current.keys())
    if (!known.has(path)) {
      toLoad.push(path);
      stats.added++;
    }
  // Sorted, as the SQLite index inserts them: a fresh index numbers its documents alike.
  toLoad.sort();
  await removeDocuments(tx, remove);
  if (renames.length > 0)
    await client.query(
      `UPDATE ${s}.docs SET id = v.id FROM unnest($1::int[], $2::text[]) AS v(ref, id) WHERE docs.ref = v.ref`,
      [renames.map((r) => r[0]), renames.map((r) => r[1])],
    );
  const delta = new Map<string, [number, number]>();
  for (let i = 0; i < toLoad.length; i += LOAD_BATCH) {
    const batch = await Promise.all(toLoad.slice(i, i + LOAD_BATCH).map((p) => load(p)));
    await insertDocuments(
      tx,
      batch.filter((d) => d !== undefined),
      delta,
    );
    progress?.(Math.min(i + LOAD_BATCH, toLoad.length), toLoad.length);
  }
  await addFrequencies(tx, delta);
  if (remove.length > 0 || toLoad.length > 0) {
    await countInbound(tx);
    await client.query(`UPDATE ${s}.stats SET rows = t.rows, tokens = t.tokens FROM (
      SELECT 0 AS tbl, count(*) AS rows, coalesce(sum(meta_tokens), 0) AS tokens FROM ${s}.docs
      UNION ALL SELECT 1, count(*) FILTER (WHERE body <> ''), coalesce(sum(body_tokens), 0) FROM ${s}.docs) AS t
      WHERE stats.tbl = t.tbl`);
  }
  return stats;
}

/** Remove documents and their postings, taking their terms out of the document frequencies. */
async function removeDocuments({ client, s }: Tx, refs: number[]): Promise<void> {
  if (refs.length === 0) return;
  await client.query(
    `UPDATE ${s}.df SET meta = df.meta - g.m, body = df.body - g.b FROM (
      SELECT term, count(*) FILTER (WHERE tbl = 0) AS m, count(*) FILTER (WHERE tbl = 1) AS b
      FROM (SELECT DISTINCT tbl, term, ref FROM ${s}.postings WHERE ref = ANY($1)) AS p GROUP BY term) AS g
    WHERE df.term = g.term`,
    [refs],
  );
  await client.query(`DELETE FROM ${s}.postings WHERE ref = ANY($1)`, [refs]);
  await client.query(`DELETE FROM ${s}.docs WHERE ref = ANY($1)`, [refs]);
}

/** Postings of one table as parallel columns (for unnest). */
interface Postings {
  tbl: number[];
  term: string[];
  ref: number[];
  col: number[];
  tf: number[];
  len: number[];
}

/** A document's metadata and body counted as FTS5 counts them: per column term counts, and lengths. */
function countsOf(d: SearchDocument) {
  const meta = META_FIELDS.map((f) => termCounts((d.fields[f] ?? []).join(' ')));
  const body = termCounts(d.body);
  return { meta, metaLength: meta.reduce((n, c) => n + c.length, 0), body };
}

/** Insert documents (refs in their order) with their postings; their distinct terms counted into `delta`. */
async function insertDocuments(
  { client, s }: Tx,
  docs: SearchDocument[],
  delta: Map<string, [number, number]>,
): Promise<void> {
  if (docs.length === 0) return;
  const counted = docs.map(countsOf);
  const refs = (
    await client.query<{ ref: number }>(
      `INSERT INTO ${s}.docs(id, name, path, hash, body_len, description, fields, not_for, triggers, mentions, name_key, body, meta_tokens, body_tokens)
      SELECT id, name, path, hash, body_len, description, fields, not_for, triggers, mentions, name_key, body, meta_tokens, body_tokens
      FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::int[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[], $11::text[], $12::text[], $13::int[], $14::int[])
        WITH ORDINALITY AS u(id, name, path, hash, body_len, description, fields, not_for, triggers, mentions, name_key, body, meta_tokens, body_tokens, n)
      ORDER BY n RETURNING ref`,
      [
        docs.map((d) => d.id),
        docs.map((d) => d.name),
        docs.map((d) => d.path),
        docs.map((d) => d.contentHash),
        docs.map((d) => d.bodyLength),
        docs.map((d) => d.description),
        docs.map((d) => JSON.stringify(d.fields)),
        docs.map((d) =>
          JSON.stringify(d.notFor.map((n) => ({ ...n, topicTerms: tokenize(n.topic) }))),
        ),
        docs.map((d) => JSON.stringify(d.triggerPhrases)),
        docs.map((d) => d.mentions.join(' ')),
        docs.map((d) => nameKeyOf(d.name)),
        docs.map((d) => d.body),
        counted.map((c) => c.metaLength),
        counted.map((c) => c.body.length),
      ],
    )
  ).rows.map((r) => r.ref);
  const p: Postings = { tbl: [], term: [], ref: [], col: [], tf: [], len: [] };
  const push = (
    tbl: number,
    ref: number,
    col: number,
    counts: Map<string, number>,
    len: number,
  ) => {
    for (const [term, tf] of counts) {
      p.tbl.push(tbl);
      p.term.push(term);
      p.ref.push(ref);
      p.col.push(col);
      p.tf.push(tf);
      p.len.push(len);
    }
  };
  counted.forEach((c, i) => {
    const ref = refs[i] as number;
    const metaTerms = new Set<string>();
    c.meta.forEach((m, col) => {
      push(0, ref, col, m.counts, c.metaLength);
      for (const t of m.counts.keys()) metaTerms.add(t);
    });
    // The SQLite index keeps no body row for an empty body: neither a posting nor a row in the statistics.
    if ((docs[i] as SearchDocument).body !== '') push(1, ref, 0, c.body.counts, c.body.length);
    bump(delta, metaTerms, 0);
    bump(delta, c.body.counts.keys(), 1);
  });
  await client.query(
    `INSERT INTO ${s}.postings(tbl, term, ref, col, tf, len)
    SELECT * FROM unnest($1::smallint[], $2::text[], $3::int[], $4::smallint[], $5::int[], $6::int[])`,
    [p.tbl, p.term, p.ref, p.col, p.tf, p.len],
  );
}

/** Count each of `terms` once into `delta` at `at` (0 metadata, 1 body). */
function bump(delta: Map<string, [number, number]>, terms: Iterable<string>, at: 0 | 1): void {
  for (const t of terms) {
    const d = delta.get(t) ?? [0, 0];
    d[at]++;
    delta.set(t, d);
  }
}

/** Add the inserted documents' terms to the document frequencies; drop terms no document holds. */
async function addFrequencies(
  { client, s }: Tx,
  delta: Map<string, [number, number]>,
): Promise<void> {
  if (delta.size > 0) {
    const terms = [...delta.keys()];
    await client.query(
      `INSERT INTO ${s}.df(term, meta, body) SELECT * FROM unnest($1::text[], $2::int[], $3::int[])
      ON CONFLICT (term) DO UPDATE SET meta = df.meta + excluded.meta, body = df.body + excluded.body`,
      [terms, terms.map((t) => delta.get(t)?.[0] ?? 0), terms.map((t) => delta.get(t)?.[1] ?? 0)],
    );
  }
  await client.query(`DELETE FROM ${s}.df WHERE meta <= 0 AND body <= 0`);
}

/**
 * Recount, for every skill, how many other skills (by distinct name) mention its name, as the SQLite
 * index does: any change can move any count.
 */
async function countInbound({ client, s }: Tx): Promise<void> {
  const rows = (
    await client.query<{ ref: number; name: string; mentions: string; inbound: number }>(
      `SELECT ref, name, mentions, inbound FROM ${s}.docs`,
    )
  ).rows;
  const counts = inboundCounts(rows);
  const changed = rows
    .map((r) => [r.ref, counts.get(r.name) ?? 0, r.inbound] as const)
    .filter(([, n, was]) => n !== was);
  if (changed.length > 0)
    await client.query(
      `UPDATE ${s}.docs SET inbound = v.n FROM unnest($1::int[], $2::int[]) AS v(ref, n) WHERE docs.ref = v.ref`,
      [changed.map((c) => c[0]), changed.map((c) => c[1])],
    );
}
