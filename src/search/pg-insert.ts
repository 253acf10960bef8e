// A batch of documents written into a space's next generation: each document's row, and its postings
// (term counts per column and the row's length, as FTS5 counts them), with the terms it adds to the
// document frequencies counted for the generation's last step.

import { META_FIELDS, nameKeyOf, type SearchDocument } from './document.js';
import { intArray, textArray } from './pg-arrays.js';
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
 * Insert documents of generation `gen` as refs `refs` (one each, in order) with their postings (into
 * the table `postings`: pg-partition.ts); their distinct terms counted into `delta`. `counted` may
 * come counted already (while the server wrote the batch before).
 */
export async function insertDocuments(
  { client, s, space, gen, postings }: Tx & { gen: number; postings: PostingsTarget },
  docs: SearchDocument[],
  refs: readonly number[],
  delta: Map<string, [number, number]>,
  counted: ReadonlyArray<ReturnType<typeof countsOf>> = docs.map(countsOf),
): Promise<void> {
  if (docs.length === 0) return;
  await client.query(
    `INSERT INTO ${s}.docs(ref, space, gen, id, name, path, hash, body_len, description, fields, not_for, triggers, mentions, name_key, body, meta_tokens, body_tokens)
    SELECT ref, $16, $17, id, name, path, hash, body_len, description, fields, not_for, triggers, mentions, name_key, body, meta_tokens, body_tokens
    FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[], $6::int[], $7::text[], $8::text[], $9::text[], $10::text[], $11::text[], $12::text[], $13::text[], $14::int[], $15::int[])
      AS u(ref, id, name, path, hash, body_len, description, fields, not_for, triggers, mentions, name_key, body, meta_tokens, body_tokens)`,
    [
      intArray(refs.slice(0, docs.length)),
      textArray(docs.map((d) => d.id)),
      textArray(docs.map((d) => d.name)),
      textArray(docs.map((d) => d.path)),
      textArray(docs.map((d) => d.contentHash)),
      intArray(docs.map((d) => d.bodyLength)),
      textArray(docs.map((d) => d.description)),
      textArray(docs.map((d) => JSON.stringify(d.fields))),
      textArray(
        docs.map((d) =>
          JSON.stringify(d.notFor.map((n) => ({ ...n, topicTerms: tokenize(n.topic) }))),
        ),
      ),
      textArray(docs.map((d) => JSON.stringify(d.triggerPhrases))),
      textArray(docs.map((d) => d.mentions.join(' '))),
      textArray(docs.map((d) => nameKeyOf(d.name))),
      textArray(docs.map((d) => d.body)),
      intArray(counted.map((c) => c.metaLength)),
      intArray(counted.map((c) => c.body.length)),
      space,
      gen,
    ],
  );
  const p = postingsOf(docs, refs, delta, counted);
  await client.query(
    `INSERT INTO ${postings.table}(tbl, term, ref, col, tf, len, space, gen)
    SELECT *, $7::int, $8::int FROM unnest($1::smallint[], $2::text[], $3::int[], $4::smallint[], $5::int[], $6::int[]) ${postings.finish ? '' : 'ORDER BY 1, 2, 3, 4'}`,
    [
      intArray(p.tbl),
      textArray(p.term),
      intArray(p.ref),
      intArray(p.col),
      intArray(p.tf),
      intArray(p.len),
      space,
      gen,
    ],
  );
}

/** The postings of documents `docs` (refs `refs`, counted), their distinct terms counted into `delta`. */
function postingsOf(
  docs: readonly SearchDocument[],
  refs: readonly number[],
  delta: Map<string, [number, number]>,
  counted: ReadonlyArray<ReturnType<typeof countsOf>>,
): Postings {
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
  return p;
}

/** Count each of `terms` once into `delta` at `at` (0 metadata, 1 body). */
function bump(delta: Map<string, [number, number]>, terms: Iterable<string>, at: 0 | 1): void {
  for (const t of terms) {
    const d = delta.get(t) ?? [0, 0];
    d[at]++;
    delta.set(t, d);
  }
}
