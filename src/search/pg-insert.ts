// A batch of documents written into a space's next generation: each document's row, and its postings
// (term counts per column and the row's length, as FTS5 counts them), with the terms it adds to the
// document frequencies counted for the generation's last step.

import { META_FIELDS, nameKeyOf, type SearchDocument } from './document.js';
import type { Tx } from './pg-flip.js';
import type { PostingsTarget } from './pg-partition.js';
import { termCounts } from './pg-read.js';
import { tokenize } from './tokenize.js';

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
export function countsOf(d: SearchDocument) {
  const meta = META_FIELDS.map((f) => termCounts((d.fields[f] ?? []).join(' ')));
  const body = termCounts(d.body);
  return { meta, metaLength: meta.reduce((n, c) => n + c.length, 0), body };
}

/**
 * Insert documents of generation `gen` (refs in their order) with their postings (into the table
 * `postings`: pg-partition.ts); their distinct terms counted into `delta`. `counted` may come
 * counted already (while the server wrote the batch before).
 */
export async function insertDocuments(
  { client, s, space, gen, postings }: Tx & { gen: number; postings: PostingsTarget },
  docs: SearchDocument[],
  delta: Map<string, [number, number]>,
  counted: ReadonlyArray<ReturnType<typeof countsOf>> = docs.map(countsOf),
): Promise<void> {
  if (docs.length === 0) return;
  const refs = (
    await client.query<{ ref: number }>(
      `INSERT INTO ${s}.docs(space, gen, id, name, path, hash, body_len, description, fields, not_for, triggers, mentions, name_key, body, meta_tokens, body_tokens)
      SELECT $15, $16, id, name, path, hash, body_len, description, fields, not_for, triggers, mentions, name_key, body, meta_tokens, body_tokens
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
        space,
        gen,
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
    `INSERT INTO ${postings.table}(tbl, term, ref, col, tf, len, space, gen)
    SELECT *, $7::int, $8::int FROM unnest($1::smallint[], $2::text[], $3::int[], $4::smallint[], $5::int[], $6::int[]) ${postings.finish ? '' : 'ORDER BY 1, 2, 3, 4'}`,
    [p.tbl, p.term, p.ref, p.col, p.tf, p.len, space, gen],
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
