// What the semantic pass keeps in the PostgreSQL index: vectors by model and content hash in a plain
// bytea column (pgvector is not packaged here), and the term space learned from the library. As in
// the SQLite index, a write that would wait for another process's is skipped, never waited for.

import type { LearnedModel, SemanticSource } from './index-store.js';
import type { PgIndexStore } from './pg-store.js';

/** Every stored skill's content hash and metadata terms (and its body's terms when `bodies`), by ref. */
export async function semanticSources(
  store: PgIndexStore,
  bodies: boolean,
): Promise<SemanticSource[]> {
  const rows = await store.query<{
    ref: number;
    hash: string;
    name: string;
    description: string;
    fields: string;
    body?: string;
  }>(
    `SELECT d.ref, d.hash, d.name, d.description, d.fields${bodies ? ', d.body' : ''} FROM ${store.s}.docs AS d ${store.visible('d', 1)} ORDER BY d.ref`,
    [store.scope],
  );
  return rows.map((r) => {
    let f: Record<'name' | 'description' | 'triggers', string[]>;
    try {
      f = JSON.parse(r.fields);
    } catch (e) {
      throw new Error(
        `${store.shown}: stored document ${r.ref} does not parse: ${(e as Error).message}`,
      );
    }
    const source: SemanticSource = {
      ref: r.ref,
      hash: r.hash,
      text: `${r.name}: ${r.description}`,
      meta: [...(f.name ?? []), ...(f.description ?? []), ...(f.triggers ?? [])],
    };
    if (r.body !== undefined) source.body = r.body;
    return source;
  });
}

/** The vectors stored for `model`, by content hash; a value that is not whole finite floats is left out. */
export async function storedVectors(
  store: PgIndexStore,
  model: string,
): Promise<Map<string, Float32Array>> {
  const rows = await store.query<{ hash: string; vec: Buffer }>(
    `SELECT hash, vec FROM ${store.s}.vectors WHERE model = $1`,
    [model],
  );
  const out = new Map<string, Float32Array>();
  for (const r of rows) {
    if (!Buffer.isBuffer(r.vec) || r.vec.byteLength % 4 !== 0) continue;
    const v = new Float32Array(new Uint8Array(r.vec).buffer);
    if (v.every(Number.isFinite)) out.set(r.hash, v);
  }
  return out;
}

/** Run `write` in a transaction if `table`'s write lock is free now; false when another process holds it. */
async function writeIfFree(
  store: PgIndexStore,
  table: 'vectors' | 'models',
  write: (run: (text: string, values?: unknown[]) => Promise<unknown>) => Promise<void>,
): Promise<boolean> {
  try {
    await store.transaction(async (client) => {
      await client.query(`LOCK TABLE ${store.s}.${table} IN SHARE ROW EXCLUSIVE MODE NOWAIT`);
      await write((text, values) => client.query(text, values));
    });
    return true;
  } catch (e) {
    if ((e as { code?: unknown }).code === 'index/busy') return false;
    throw e;
  }
}

/**
 * Add vectors for `model`; those of the same family's other models and of hashes no skill has now
 * are dropped, other families' kept (as the SQLite index does).
 */
export function saveVectors(
  store: PgIndexStore,
  model: string,
  vectors: ReadonlyMap<string, Float32Array>,
): Promise<boolean> {
  const family = model.slice(0, model.lastIndexOf('-') + 1);
  const s = store.s;
  return writeIfFree(store, 'vectors', async (run) => {
    await run(`DELETE FROM ${s}.vectors WHERE model <> $1 AND substr(model, 1, $2) = $3`, [
      model,
      family.length,
      family,
    ]);
    const hashes = [...vectors.keys()];
    await run(
      `INSERT INTO ${s}.vectors(model, hash, vec) SELECT $1, * FROM unnest($2::text[], $3::bytea[])
      ON CONFLICT (model, hash) DO UPDATE SET vec = excluded.vec`,
      [
        model,
        hashes,
        hashes.map((h) => {
          const v = vectors.get(h) as Float32Array;
          return Buffer.from(v.buffer, v.byteOffset, v.byteLength);
        }),
      ],
    );
    await run(`DELETE FROM ${s}.vectors WHERE hash NOT IN (SELECT hash FROM ${s}.docs)`);
  });
}

/** The model of `kind` learned from the library, and the content hashes it was learned from. */
export async function learnedModel(
  store: PgIndexStore,
  kind: string,
): Promise<LearnedModel | undefined> {
  const row = (
    await store.query<{ learned_from: string; data: Buffer }>(
      `SELECT learned_from, data FROM ${store.s}.models WHERE kind = $1`,
      [kind],
    )
  )[0];
  if (!row || !Buffer.isBuffer(row.data)) return undefined;
  return {
    from: row.learned_from === '' ? [] : row.learned_from.split('\n'),
    data: new Uint8Array(row.data),
  };
}

/** Keep a learned model of `kind`, replacing the one there was. */
export function saveLearnedModel(
  store: PgIndexStore,
  kind: string,
  model: LearnedModel,
): Promise<boolean> {
  return writeIfFree(store, 'models', async (run) => {
    await run(
      `INSERT INTO ${store.s}.models(kind, learned_from, data) VALUES ($1, $2, $3)
      ON CONFLICT (kind) DO UPDATE SET learned_from = excluded.learned_from, data = excluded.data`,
      [kind, model.from.join('\n'), Buffer.from(model.data)],
    );
  });
}
