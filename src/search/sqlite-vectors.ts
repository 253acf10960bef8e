// What the semantic pass keeps in the SQLite index: vectors by model and content hash, and the term
// space learned from the library. Both are deterministic in what they are keyed by, so two processes
// that write the same key write the same bytes; a write that would wait for another process's lock is
// skipped (the other process is most likely writing the same thing), never waited for.

import type { LearnedModel, SemanticSource } from './index-store.js';
import { isBusy } from './lock-wait.js';
import { damagedError } from './sqlite-errors.js';
import type { SqliteIndexStore } from './sqlite-store.js';
import { beginNow, lastFingerprint } from './sqlite-update.js';

/** The fingerprint of the contents the last update wrote ('' before the first). */
export const contentVersion = (store: SqliteIndexStore): string => lastFingerprint(store.db) ?? '';

/** Every stored skill's content hash and metadata terms (and its body's terms when `bodies`), by rowid. */
export function semanticSources(store: SqliteIndexStore, bodies: boolean): SemanticSource[] {
  const sql = bodies
    ? 'SELECT rowid, hash, name, description, fields, text FROM docs JOIN bodies USING (rowid) ORDER BY rowid'
    : 'SELECT rowid, hash, name, description, fields FROM docs ORDER BY rowid';
  const rows = store.statement(sql).all() as Array<{
    rowid: number;
    hash: string;
    name: string;
    description: string;
    fields: string;
    text?: string;
  }>;
  return rows.map((r) => {
    const f = fieldsOf(r.rowid, r.fields);
    const source: SemanticSource = {
      ref: r.rowid,
      hash: r.hash,
      text: `${r.name}: ${r.description}`,
      meta: [...f.name, ...f.description, ...f.triggers],
    };
    if (r.text !== undefined) source.body = r.text;
    return source;
  });
}

/** A stored document's metadata terms; a row that does not parse is damage to the file. */
function fieldsOf(
  rowid: number,
  text: string,
): Record<'name' | 'description' | 'triggers', string[]> {
  let f: unknown;
  try {
    f = JSON.parse(text);
  } catch (e) {
    throw damagedError(`stored document ${rowid} does not parse: ${(e as Error).message}`);
  }
  const ok = (x: unknown) => Array.isArray(x) && x.every((t) => typeof t === 'string');
  const r = f as Record<string, unknown> | null;
  if (!(r && ok(r.name) && ok(r.description) && ok(r.triggers)))
    throw damagedError(`stored document ${rowid} has no terms where they belong`);
  return r as Record<'name' | 'description' | 'triggers', string[]>;
}

/** The vectors stored for `model`, by content hash. */
export function storedVectors(store: SqliteIndexStore, model: string): Map<string, Float32Array> {
  const rows = store
    .statement('SELECT hash, vec FROM vectors WHERE model = ?')
    .all(model) as Array<{
    hash: string;
    vec: Buffer;
  }>;
  // Copied out of the row's buffer: a Float32Array needs an aligned offset. A blob that is not
  // whole, finite floats (a damaged row) is left out: the skill is embedded again.
  const out = new Map<string, Float32Array>();
  for (const r of rows) {
    if (!Buffer.isBuffer(r.vec) || r.vec.byteLength % 4 !== 0) continue;
    const v = new Float32Array(new Uint8Array(r.vec).buffer);
    if (v.every(Number.isFinite)) out.set(r.hash, v);
  }
  return out;
}

/**
 * Run `write` in a write transaction if the lock is free now; false when another connection holds it
 * (the write is skipped). Failures other than busy are thrown (the caller warns).
 */
function writeIfFree(store: SqliteIndexStore, write: () => void): boolean {
  const db = store.db;
  try {
    beginNow(db);
  } catch (e) {
    if (isBusy(e)) return false;
    throw e;
  }
  try {
    write();
    store.vouched(() => db.exec('COMMIT'));
    return true;
  } catch (e) {
    if (db.inTransaction) db.exec('ROLLBACK');
    throw e;
  }
}

/**
 * Add vectors for `model`; those of the same family's other models (its id but the last part: an
 * older term space, a longer cut of the text) and of hashes no skill has now are dropped. Other
 * families' are kept: processes that use other models share the file.
 */
export function saveVectors(
  store: SqliteIndexStore,
  model: string,
  vectors: ReadonlyMap<string, Float32Array>,
): boolean {
  const family = model.slice(0, model.lastIndexOf('-') + 1);
  return writeIfFree(store, () => {
    store
      .statement('DELETE FROM vectors WHERE model <> ? AND substr(model, 1, ?) = ?')
      .run(model, family.length, family);
    const insert = store.statement(
      'INSERT OR REPLACE INTO vectors(model, hash, vec) VALUES (?, ?, ?)',
    );
    for (const [hash, v] of vectors)
      insert.run(model, hash, Buffer.from(v.buffer, v.byteOffset, v.byteLength));
    store.statement('DELETE FROM vectors WHERE hash NOT IN (SELECT hash FROM docs)').run();
  });
}

/** The model of `kind` learned from the library, and the content hashes it was learned from. */
export function learnedModel(store: SqliteIndexStore, kind: string): LearnedModel | undefined {
  const row = store.statement('SELECT learned_from, data FROM models WHERE kind = ?').get(kind) as
    | { learned_from: string; data: Buffer }
    | undefined;
  if (!row || !Buffer.isBuffer(row.data) || typeof row.learned_from !== 'string') return undefined;
  return { from: row.learned_from === '' ? [] : row.learned_from.split('\n'), data: row.data };
}

/** Keep a learned model of `kind`, replacing the one there was. */
export function saveLearnedModel(
  store: SqliteIndexStore,
  kind: string,
  model: LearnedModel,
): boolean {
  return writeIfFree(store, () => {
    store
      .statement('INSERT OR REPLACE INTO models(kind, learned_from, data) VALUES (?, ?, ?)')
      .run(kind, model.from.join('\n'), Buffer.from(model.data));
  });
}
