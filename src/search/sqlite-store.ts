// The SQLite index (the first SearchIndexStore): FTS5 tables for metadata and bodies, updated by content hash.

import { createHash } from 'node:crypto';
import type BetterSqlite3 from 'better-sqlite3';
import { META_FIELDS, type MetaField, type SearchDocument } from './document.js';
import type {
  BodyCounts,
  CandidateRequest,
  DocumentLoader,
  Hit,
  IndexContents,
  IndexTable,
  Progress,
  SearchIndexStore,
  StoredDoc,
  UpdateStats,
} from './index-store.js';
import { LOCK_WAIT_MS, type OpenOptions, openIndexDatabase, storeError } from './sqlite-open.js';
import { tokenize } from './tokenize.js';

export { INDEX_VERSION, storeError } from './sqlite-open.js';

/** A document's metadata as the meta table's columns hold it, in META_FIELDS order. */
function metaColumns(fields: Readonly<Record<MetaField, readonly string[]>>): string[] {
  return META_FIELDS.map((f) => (fields[f] ?? []).join(' '));
}

/** The distinct terms of a document's metadata. */
function metaTermSet(fields: Readonly<Record<MetaField, readonly string[]>>): Set<string> {
  const out = new Set<string>();
  for (const f of META_FIELDS) for (const t of fields[f] ?? []) out.add(t);
  return out;
}

/** The distinct terms of an indexed body text. */
function bodyTermSet(text: string): Set<string> {
  return new Set(text.split(/[ \n]/).filter((t) => t !== ''));
}

/** How many times `term` stands as a whole word in `text` (terms separated by spaces and newlines). */
function occurrences(text: string, term: string): number {
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

/** Past this many added, changed or removed documents, frequencies are recounted rather than adjusted. */
const BULK_ABOVE = 1000;

/** Stored documents kept decoded between queries (a query reads about a hundred; a 1,000-skill library fits). */
const DOC_CACHE = 1024;

/** Documents loaded at once while updating (their bodies are read concurrently). */
const LOAD_BATCH = 64;

/** An FTS5 MATCH expression that can never be a syntax error: every term quoted, ORed; the last one a prefix. */
export function matchExpression(terms: readonly string[], prefixLast: boolean): string {
  return terms
    .map(
      (t, i) =>
        `"${t.replace(/"/g, '')}"${prefixLast && i === terms.length - 1 && t.length >= 3 ? '*' : ''}`,
    )
    .join(' OR ');
}

/** Options for SqliteIndexStore.open. */
export interface StoreOptions extends OpenOptions {
  /** Changes larger than this count document frequencies afresh (tests lower it). */
  bulkAbove?: number;
  /** How long an update waits for another process's update (default two minutes). */
  waitMs?: number;
}

/** An update waits this long for another process's: building 100,000 skills takes about a minute. */
const UPDATE_WAIT_MS = 120_000;

/** The index file: open, update incrementally, and the reads ranking needs. */
export class SqliteIndexStore implements SearchIndexStore {
  readonly db: BetterSqlite3.Database;
  private readonly docCache = new Map<number, StoredDoc>();

  private constructor(
    db: BetterSqlite3.Database,
    private readonly file: string,
    private readonly bulkAbove: number,
    rebuilt: string | undefined,
  ) {
    this.db = db;
    this.rebuilt = rebuilt;
  }

  /** Why the file was replaced by an empty index when it was opened, if it was. */
  readonly rebuilt: string | undefined;

  /** Open (or create) the index at `file` (`:memory:` for none on disk); an old schema is rebuilt. */
  static open(file: string, options: StoreOptions = {}): SqliteIndexStore {
    const { db, rebuilt } = openIndexDatabase(file, options);
    const store = new SqliteIndexStore(db, file, options.bulkAbove ?? BULK_ABOVE, rebuilt);
    store.waitMs = options.waitMs ?? UPDATE_WAIT_MS;
    return store;
  }

  /** How long an update waits for another process's update before giving up. */
  private waitMs = UPDATE_WAIT_MS;

  /** The content hash of every stored path. */
  storedHashes(): Map<string, { rowid: number; hash: string; id: string }> {
    const rows = this.db.prepare('SELECT rowid, path, hash, id FROM docs').all() as Array<{
      rowid: number;
      path: string;
      hash: string;
      id: string;
    }>;
    return new Map(rows.map((r) => [r.path, { rowid: r.rowid, hash: r.hash, id: r.id }]));
  }

  /**
   * Bring the index in line with `current` (path → content hash and id): delete what is gone or
   * changed, then insert what `load` returns for the paths that need (re)indexing.
   */
  async apply(
    current: IndexContents,
    load: DocumentLoader,
    progress?: Progress,
  ): Promise<UpdateStats> {
    // One update at a time on one connection: a second waits for the first.
    const run = this.applying.then(() => this.update(current, load, progress));
    this.applying = run.catch(() => undefined);
    try {
      return await run;
    } catch (e) {
      throw storeError(e, this.file);
    }
  }

  private applying: Promise<unknown> = Promise.resolve();

  private async update(
    current: IndexContents,
    load: DocumentLoader,
    progress: Progress | undefined,
  ): Promise<UpdateStats> {
    // One fingerprint of every (path, hash, id): when it matches the last update's, nothing changed.
    const fingerprint = createHash('sha256')
      .update(
        [...current]
          .map(([p, c]) => `${p}\0${c.hash}\0${c.id}`)
          .sort()
          .join('\n'),
      )
      .digest('hex');
    const db = this.db;
    const lastFingerprint = (): string | undefined =>
      (
        db.prepare("SELECT value FROM info WHERE key = 'fingerprint'").get() as
          | { value: string }
          | undefined
      )?.value;
    const unchanged: UpdateStats = { added: 0, changed: 0, removed: 0, unchanged: current.size };
    if (lastFingerprint() === fingerprint) return unchanged;
    // One transaction for the whole update (readers see all of it or none), with documents loaded and
    // inserted a batch at a time: a large library never holds all its documents in memory at once.
    // What to change is read after the write lock is taken: another process may have just done it.
    // Another process updating the same index holds the lock: wait for it, with a bound, and look
    // again each time (it may have just written what this update would).
    const started = Date.now();
    for (;;) {
      try {
        const left = Math.max(1, this.waitMs - (Date.now() - started));
        db.pragma(`busy_timeout = ${Math.min(LOCK_WAIT_MS, left)}`);
        db.exec('BEGIN IMMEDIATE');
        break;
      } catch (e) {
        const busy = (e as { code?: unknown }).code === 'SQLITE_BUSY';
        if (!busy || Date.now() - started >= this.waitMs) throw e;
        if (lastFingerprint() === fingerprint) return unchanged;
      }
    }
    db.pragma(`busy_timeout = ${LOCK_WAIT_MS}`);
    try {
      if (lastFingerprint() === fingerprint) {
        db.exec('COMMIT');
        this.forget();
        return unchanged;
      }
      const stored = this.storedHashes();
      const stats: UpdateStats = { added: 0, changed: 0, removed: 0, unchanged: 0 };
      const remove: number[] = [];
      const toLoad: string[] = [];
      const renames: Array<{ rowid: number; id: string }> = [];
      for (const [path, s] of stored) {
        const now = current.get(path);
        if (!now) {
          remove.push(s.rowid);
          stats.removed++;
        } else if (now.hash !== s.hash) {
          remove.push(s.rowid);
          toLoad.push(path);
          stats.changed++;
        } else {
          stats.unchanged++;
          if (now.id !== s.id) renames.push({ rowid: s.rowid, id: now.id });
        }
      }
      for (const path of current.keys()) {
        if (!stored.has(path)) {
          toLoad.push(path);
          stats.added++;
        }
      }
      toLoad.sort();
      const rename = db.prepare('UPDATE docs SET id = ? WHERE rowid = ?');
      // Document frequencies: counted afresh from the FTS vocabularies after a large change, else adjusted.
      const bulk = toLoad.length + remove.length > Math.max(this.bulkAbove, stored.size / 4);
      const delta = bulk ? undefined : new Map<string, [number, number]>();
      for (const rowid of remove) this.remove(rowid, delta);
      for (const r of renames) rename.run(r.id, r.rowid);
      for (let i = 0; i < toLoad.length; i += LOAD_BATCH) {
        const batch = await Promise.all(toLoad.slice(i, i + LOAD_BATCH).map((p) => load(p)));
        for (const d of batch) if (d) this.insert(d, delta);
        progress?.(Math.min(i + LOAD_BATCH, toLoad.length), toLoad.length);
      }
      if (delta) this.applyDelta(delta);
      else if (remove.length > 0 || toLoad.length > 0) this.recountFrequencies();
      if (remove.length > 0 || toLoad.length > 0) this.countInbound();
      db.prepare("INSERT OR REPLACE INTO info(key, value) VALUES ('fingerprint', ?)").run(
        fingerprint,
      );
      db.exec('COMMIT');
      this.forget();
      return stats;
    } catch (e) {
      if (db.inTransaction) db.exec('ROLLBACK');
      throw e;
    }
  }

  /** Drop what was read from the file before it changed. */
  private forget(): void {
    this.docCache.clear();
    this.count = undefined;
    this.avgBody = undefined;
  }

  /** Insert one document into the docs, meta and body tables (and count its terms into `delta`). */
  private insert(d: SearchDocument, delta: Map<string, [number, number]> | undefined): void {
    const rowid = Number(
      this.statement(
        'INSERT INTO docs(id, name, path, hash, body_len, description, fields, not_for, triggers, mentions) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
      ).run(
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
      ).lastInsertRowid,
    );
    this.statement('INSERT INTO bodies(rowid, text) VALUES (?, ?)').run(rowid, d.body);
    this.statement(
      `INSERT INTO meta(rowid, ${META_FIELDS.join(', ')}) VALUES (?, ${META_FIELDS.map(() => '?').join(', ')})`,
    ).run(rowid, ...metaColumns(d.fields));
    // The body is one row per skill: whole-body BM25 ranked people's questions better than the best section.
    if (d.body !== '')
      this.statement('INSERT INTO body(rowid, text) VALUES (?, ?)').run(rowid, d.body);
    if (delta) bump(delta, metaTermSet(d.fields), bodyTermSet(d.body), 1);
  }

  /**
   * Remove one document. The FTS tables keep no text, so they are told the exact text that was
   * indexed (FTS5's `delete` command): a plain DELETE would leave the row's length in the BM25
   * statistics, and an updated index would rank differently from a fresh one.
   */
  private remove(rowid: number, delta: Map<string, [number, number]> | undefined): void {
    const row = this.statement(
      'SELECT fields, text FROM docs JOIN bodies USING (rowid) WHERE rowid = ?',
    ).get(rowid) as { fields: string; text: string } | undefined;
    if (row) {
      const fields = JSON.parse(row.fields) as Record<MetaField, string[]>;
      this.statement(
        `INSERT INTO meta(meta, rowid, ${META_FIELDS.join(', ')}) VALUES ('delete', ?, ${META_FIELDS.map(() => '?').join(', ')})`,
      ).run(rowid, ...metaColumns(fields));
      if (row.text !== '')
        this.statement("INSERT INTO body(body, rowid, text) VALUES ('delete', ?, ?)").run(
          rowid,
          row.text,
        );
      if (delta) bump(delta, metaTermSet(fields), bodyTermSet(row.text), -1);
    }
    this.statement('DELETE FROM bodies WHERE rowid = ?').run(rowid);
    this.statement('DELETE FROM docs WHERE rowid = ?').run(rowid);
  }

  /** Add per-term changes in document frequency to the df table. */
  private applyDelta(delta: ReadonlyMap<string, [number, number]>): void {
    const up = this.statement(
      'INSERT INTO df(term, meta, body) VALUES (?, ?, ?) ON CONFLICT(term) DO UPDATE SET meta = meta + excluded.meta, body = body + excluded.body',
    );
    for (const [t, [m, b]] of delta) if (m !== 0 || b !== 0) up.run(t, m, b);
    this.db.exec('DELETE FROM df WHERE meta <= 0 AND body <= 0');
  }

  /** Count every term's document frequency afresh from the FTS vocabularies (one pass over each index). */
  private recountFrequencies(): void {
    this.db.exec(`DELETE FROM df;
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
  private countInbound(): void {
    const rows = this.db.prepare('SELECT rowid, name, mentions FROM docs').all() as Array<{
      rowid: number;
      name: string;
      mentions: string;
    }>;
    const names = new Set(rows.map((r) => r.name));
    const from = new Map<string, Set<string>>();
    for (const r of rows) {
      if (r.mentions === '') continue;
      for (const m of r.mentions.split(' ')) {
        if (!names.has(m)) continue;
        const who = from.get(m) ?? new Set<string>();
        who.add(r.name);
        from.set(m, who);
      }
    }
    const set = this.db.prepare('UPDATE docs SET inbound = ? WHERE rowid = ? AND inbound != ?');
    for (const r of rows) {
      const n = from.get(r.name)?.size ?? 0;
      set.run(n, r.rowid, n);
    }
  }

  /** A stored document by rowid (the most recently read DOC_CACHE of them are kept). */
  document(rowid: number): StoredDoc | undefined {
    const hit = this.docCache.get(rowid);
    if (hit) {
      // Most recently used last: the first entry is the one to drop.
      this.docCache.delete(rowid);
      this.docCache.set(rowid, hit);
      return hit;
    }
    const row = this.statement(
      'SELECT rowid, id, name, path, description, fields, not_for, triggers, inbound FROM docs WHERE rowid = ?',
    ).get(rowid) as
      | {
          rowid: number;
          id: string;
          name: string;
          path: string;
          description: string;
          fields: string;
          not_for: string;
          triggers: string;
          inbound: number;
        }
      | undefined;
    if (!row) return undefined;
    const fields = JSON.parse(row.fields) as StoredDoc['fields'];
    const doc: StoredDoc = {
      ref: row.rowid,
      id: row.id,
      name: row.name,
      path: row.path,
      description: row.description,
      fields,
      notFor: JSON.parse(row.not_for) as StoredDoc['notFor'],
      triggerPhrases: JSON.parse(row.triggers) as string[][],
      inbound: row.inbound,
    };
    this.docCache.set(rowid, doc);
    if (this.docCache.size > DOC_CACHE)
      this.docCache.delete(this.docCache.keys().next().value as number);
    return doc;
  }

  private readonly statements = new Map<string, BetterSqlite3.Statement>();
  private count: number | undefined;
  private avgBody: number | undefined;

  /** A prepared statement, memoised by its SQL. */
  statement(sql: string): BetterSqlite3.Statement {
    let st = this.statements.get(sql);
    if (!st) {
      st = this.db.prepare(sql);
      this.statements.set(sql, st);
    }
    return st;
  }

  /** The number of indexed skills. */
  docCount(): number {
    this.count ??= (this.db.prepare('SELECT count(*) AS n FROM docs').get() as { n: number }).n;
    return this.count;
  }

  /** How many skills hold `term` in their metadata or body (a table kept with the index: fts5vocab reads whole posting lists). */
  documentFrequency(table: IndexTable, term: string): number {
    const row = this.statement('SELECT meta, body FROM df WHERE term = ?').get(term) as
      | { meta: number; body: number }
      | undefined;
    return row ? row[table] : 0;
  }

  /** How often a skill's body holds each of `terms` (absent terms left out), and the body's length in terms. */
  bodyCounts(rowid: number, terms: readonly string[]): BodyCounts {
    const row = this.statement(
      'SELECT text, body_len FROM docs JOIN bodies USING (rowid) WHERE rowid = ?',
    ).get(rowid) as { text: string; body_len: number } | undefined;
    const counts = new Map<string, number>();
    if (!row) return { counts, length: 0 };
    for (const t of terms) {
      const n = occurrences(row.text, t);
      if (n > 0) counts.set(t, n);
    }
    return { counts, length: row.body_len };
  }

  /** The mean body length in terms over every skill (memoised until the next change). */
  averageBodyLength(): number {
    this.avgBody ??=
      (this.db.prepare('SELECT avg(body_len) AS a FROM docs').get() as { a: number | null }).a ?? 0;
    return this.avgBody;
  }

  /** BM25 candidates from one table, best first (scores negated: higher is better). */
  candidates(
    table: IndexTable,
    request: CandidateRequest,
    columns?: Readonly<Record<MetaField, number>>,
  ): Hit[] {
    if (request.terms.length === 0) return [];
    const expr = matchExpression(request.terms, request.prefixLast);
    const weights =
      table === 'meta' && columns ? META_FIELDS.map((f) => columns[f]).join(', ') : '';
    const bm25 = weights === '' ? `bm25(${table})` : `bm25(${table}, ${weights})`;
    return this.statement(
      `SELECT rowid AS ref, -${bm25} AS score FROM ${table} WHERE ${table} MATCH ? ORDER BY ${bm25} LIMIT ?`,
    ).all(expr, request.limit) as Hit[];
  }

  /** Every stored document with exactly this name, ordered by id. */
  documentsNamed(name: string): StoredDoc[] {
    const rows = this.statement('SELECT rowid FROM docs WHERE name = ? ORDER BY id, rowid').all(
      name,
    ) as Array<{ rowid: number }>;
    return rows.map((r) => this.document(r.rowid)).filter((d): d is StoredDoc => d !== undefined);
  }

  /** Close the file. */
  close(): void {
    this.db.close();
  }
}
