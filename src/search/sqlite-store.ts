// The SQLite index (the first SearchIndexStore): FTS5 tables for metadata and bodies, updated by content hash.

import type BetterSqlite3 from 'better-sqlite3';
import { META_FIELDS, type MetaField } from './document.js';
import { type NearTerm, Vocabulary } from './fuzzy.js';
import type {
  BodyCounts,
  CandidateRequest,
  DocumentLoader,
  Hit,
  IndexContents,
  IndexTable,
  LearnedModel,
  Progress,
  SearchIndexStore,
  StoredDoc,
  UpdateStats,
} from './index-store.js';
import { retryWhileBusy } from './lock-wait.js';
import { FileTrust } from './sqlite-check.js';
import { storeError } from './sqlite-errors.js';
import { openIndexDatabase } from './sqlite-open.js';
import { BULK_ABOVE, DOC_CACHE, type StoreOptions, UPDATE_WAIT_MS } from './sqlite-options.js';
import {
  BODY_SQL,
  bodyCountsOf,
  DOCUMENT_SQL,
  matchExpression,
  readDocument,
} from './sqlite-read.js';
import { updateIndex } from './sqlite-update.js';
import * as vectors from './sqlite-vectors.js';
import { termOf } from './tokenize.js';

export type { StoreOptions } from './sqlite-options.js';

/** The index file: open, update incrementally, and the reads ranking needs. */
export class SqliteIndexStore implements SearchIndexStore {
  readonly db: BetterSqlite3.Database;
  private readonly docCache = new Map<number, StoredDoc>();

  private constructor(
    db: BetterSqlite3.Database,
    private readonly file: string,
    private readonly bulkAbove: number,
    rebuilt: string | undefined,
    private readonly trust: FileTrust,
    opened: string | undefined,
  ) {
    this.db = db;
    this.rebuilt = rebuilt;
    this.opened = opened;
  }

  /** Why the file was replaced by an empty index when it was opened, if it was. */
  readonly rebuilt: string | undefined;

  /** The file's state when it was opened (which file it was: see OpenOptions.damaged). */
  readonly opened: string | undefined;

  /** Open (or create) the index at `file` (`:memory:` for none on disk); an old schema is rebuilt. */
  static open(file: string, options: StoreOptions = {}): SqliteIndexStore {
    const { db, rebuilt, trusted } = openIndexDatabase(file, options);
    const stamped = options.rebuildUnreadable === true && file !== ':memory:';
    const store = new SqliteIndexStore(
      db,
      file,
      options.bulkAbove ?? BULK_ABOVE,
      rebuilt,
      new FileTrust(file, trusted, stamped),
      trusted,
    );
    store.waitMs = options.waitMs ?? UPDATE_WAIT_MS;
    store.signal = options.signal;
    store.onBusy = options.onBusy;
    return store;
  }

  /**
   * Open as `open` does, waiting (awaited, with the update's bound) while another connection holds a
   * lock that opening needs: making the schema of a new file takes the write lock.
   */
  static openWhenFree(file: string, options: StoreOptions = {}): Promise<SqliteIndexStore> {
    return retryWhileBusy(() => SqliteIndexStore.open(file, options), {
      waitMs: options.waitMs ?? UPDATE_WAIT_MS,
      signal: options.signal,
      onBusy: options.onBusy,
    });
  }

  /** Has anything but skillset's own writes changed, replaced or removed the file since it was opened? */
  changedOutside(): boolean {
    return this.trust.changedOutside();
  }

  /** @internal Run a write that may change the file (a commit, closing): a trusted file stays trusted. */
  vouched<T>(write: () => T): T {
    return this.trust.vouched(write);
  }

  /** How long an update waits for another process's update before giving up. */
  private waitMs = UPDATE_WAIT_MS;
  private signal: AbortSignal | undefined;
  private onBusy: (() => void) | undefined;

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
    const run = this.applying.then(() =>
      updateIndex(
        this,
        {
          bulkAbove: this.bulkAbove,
          waitMs: this.waitMs,
          signal: this.signal,
          onBusy: this.onBusy,
        },
        current,
        load,
        progress,
      ),
    );
    this.applying = run.catch(() => undefined);
    try {
      return await run;
    } catch (e) {
      throw storeError(e, this.file);
    }
  }

  private applying: Promise<unknown> = Promise.resolve();

  private dataVersion: number | undefined;

  /**
   * Drop what was read from the file if another connection (another process sharing the file) has
   * committed since the last look: its documents may sit at reused rowids, its terms are new.
   */
  async sync(): Promise<void> {
    const row = this.statement('PRAGMA data_version').get() as { data_version: number };
    const v = row.data_version;
    if (this.dataVersion !== undefined && v !== this.dataVersion) this.forget();
    this.dataVersion = v;
  }

  /** @internal Drop what was read from the file before it changed (after an update). */
  forget(): void {
    this.docCache.clear();
    this.count = undefined;
    this.avgBody = undefined;
    this.vocabulary = undefined;
  }

  /** A stored document by rowid (the most recently read DOC_CACHE of them are kept). */
  async document(rowid: number): Promise<StoredDoc | undefined> {
    return this.documentNow(rowid);
  }

  /** `document`, answered at once. */
  private documentNow(rowid: number): StoredDoc | undefined {
    const hit = this.docCache.get(rowid);
    if (hit) {
      // Most recently used last: the first entry is the one to drop.
      this.docCache.delete(rowid);
      this.docCache.set(rowid, hit);
      return hit;
    }
    const doc = readDocument(this.statement(DOCUMENT_SQL), rowid, this.file);
    if (!doc) return undefined;
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
  async docCount(): Promise<number> {
    this.count ??= this.stat('doc_count', 'SELECT count(*) AS v FROM docs');
    return this.count;
  }

  /** How many skills hold `term` in their metadata or body (a table kept with the index: fts5vocab reads whole posting lists). */
  async documentFrequency(table: IndexTable, term: string): Promise<number> {
    const row = this.statement('SELECT meta, body FROM df WHERE term = ?').get(term) as
      | { meta: number; body: number }
      | undefined;
    return row ? row[table] : 0;
  }

  /** How often a skill's body holds each of `terms` (absent terms left out), and the body's length in terms. */
  async bodyCounts(rowid: number, terms: readonly string[]): Promise<BodyCounts> {
    return bodyCountsOf(this.statement(BODY_SQL), rowid, terms);
  }

  /** The mean body length in terms over every skill (memoised until the next change). */
  async averageBodyLength(): Promise<number> {
    this.avgBody ??= this.stat('avg_body', 'SELECT coalesce(avg(body_len), 0) AS v FROM docs');
    return this.avgBody;
  }

  /** A statistic the last update stored in `info`, or counted now for an index written before it was kept. */
  private stat(key: string, fallback: string): number {
    const kept = this.statement('SELECT value FROM info WHERE key = ?').get(key) as
      | { value: string }
      | undefined;
    if (kept !== undefined) return Number(kept.value);
    return Number((this.db.prepare(fallback).get() as { v: number }).v);
  }

  /** BM25 candidates from one table, best first (scores negated: higher is better). */
  async candidates(
    table: IndexTable,
    request: CandidateRequest,
    columns?: Readonly<Record<MetaField, number>>,
  ): Promise<Hit[]> {
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
  async documentsNamed(name: string): Promise<StoredDoc[]> {
    return this.documentsWhere('name', name);
  }

  /** Every stored document whose name key is `key`, ordered by id. */
  async documentsWithNameKey(key: string): Promise<StoredDoc[]> {
    return key === '' ? [] : this.documentsWhere('name_key', key);
  }

  private documentsWhere(column: 'name' | 'name_key', value: string): StoredDoc[] {
    const rows = this.statement(
      `SELECT rowid FROM docs WHERE ${column} = ? ORDER BY id, rowid`,
    ).all(value) as Array<{ rowid: number }>;
    return rows.flatMap((r) => this.documentNow(r.rowid) ?? []);
  }

  private vocabulary: Vocabulary | undefined;

  /** Indexed terms near `term`; the vocabulary is read on the first need and kept until the next change. */
  async nearTerms(term: string, max: number, word?: string): Promise<NearTerm[]> {
    if (max <= 0) return [];
    this.vocabulary ??= new Vocabulary(
      this.statement('SELECT term, meta, body FROM df WHERE meta > 0 OR body > 1').all() as Array<{
        term: string;
        meta: number;
        body: number;
      }>,
    );
    return this.vocabulary.near(
      term,
      max,
      word === undefined ? undefined : { text: word, stem: termOf },
    );
  }

  // The semantic pass's reads and tables (sqlite-vectors.ts).
  contentVersion = async () => vectors.contentVersion(this);
  semanticSources = async (bodies: boolean) => vectors.semanticSources(this, bodies);
  storedVectors = async (model: string) => vectors.storedVectors(this, model);
  saveVectors = async (model: string, v: ReadonlyMap<string, Float32Array>) =>
    vectors.saveVectors(this, model, v);
  learnedModel = async (kind: string) => vectors.learnedModel(this, kind);
  saveLearnedModel = async (kind: string, m: LearnedModel) =>
    vectors.saveLearnedModel(this, kind, m);

  /** Close the file (closing may write it: SQLite folds the WAL back in). */
  close(): void {
    if (this.db.open) this.vouched(() => this.db.close());
  }
}
