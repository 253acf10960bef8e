// The PostgreSQL index (the second SearchIndexStore): the SQLite index's data in plain tables of one
// schema, with BM25 computed in SQL exactly as FTS5 computes it (pg-read.ts), so that ranking on top
// gives the same answers. Many processes may share it: every update is one transaction.

import type pg from 'pg';
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
import { bm25Query, DOC_COLUMNS, type DocRow, decodeDocument, phrasesOf } from './pg-read.js';
import { connect, inTransaction, pgError } from './pg-schema.js';
import * as vectors from './pg-vectors.js';
import { fingerprintOf, updateLocked } from './pg-write.js';
import { DOC_CACHE, UPDATE_WAIT_MS } from './sqlite-options.js';
import { termOf } from './tokenize.js';

/** Options for PgIndexStore.open. */
export interface PgStoreOptions {
  /** How long an update waits for another process's update (default two minutes). */
  waitMs?: number;
}

/** Answers kept between changes (document frequencies, documents by name) before they are dropped. */
const MAX_ANSWERS = 20_000;

/** An index in a PostgreSQL schema: open, update incrementally, and the reads ranking needs. */
export class PgIndexStore implements SearchIndexStore {
  private readonly docCache = new Map<number, StoredDoc>();
  private count: number | undefined;
  private avgBody: number | undefined;
  private vocabulary: Vocabulary | undefined;
  /** Answers that only a change can move, by question (a query asks a dozen; each is a round trip). */
  private readonly answers = new Map<string, unknown>();
  /** The fingerprint last seen (sync drops what was read when another writer changed it). */
  private seen: string | undefined;
  private applying: Promise<unknown> = Promise.resolve();
  private closed = false;

  private constructor(
    /** @internal */ readonly pool: pg.Pool,
    /** @internal The schema, quoted. */ readonly s: string,
    /** @internal The location as it may be printed. */ readonly shown: string,
    private readonly waitMs: number,
  ) {}

  /** Open (or create) the index at a `postgres://` location; tables of another version are remade. */
  static async open(location: string, options: PgStoreOptions = {}): Promise<PgIndexStore> {
    const { pool, where } = await connect(location);
    return new PgIndexStore(
      pool,
      `"${where.schema}"`,
      where.shown,
      options.waitMs ?? UPDATE_WAIT_MS,
    );
  }

  /** @internal A query, its failures made actionable. */
  async query<R extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<R[]> {
    if (this.closed) throw new Error(`The index ${this.shown} is closed`);
    try {
      return (await this.pool.query<R>(text, values)).rows;
    } catch (e) {
      throw pgError(e, this.shown);
    }
  }

  /** @internal Run `work` in one transaction on one connection (rolled back if it throws). */
  transaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    if (this.closed) throw new Error(`The index ${this.shown} is closed`);
    return inTransaction(this.pool, this.shown, work);
  }

  /**
   * Bring the index in line with `current` in one transaction. Updates of one index take turns: the
   * info table's lock is held to the commit, waited for at most `waitMs`, and a second update that
   * finds the same contents already written does nothing.
   */
  async apply(
    current: IndexContents,
    load: DocumentLoader,
    progress?: Progress,
  ): Promise<UpdateStats> {
    const fingerprint = fingerprintOf(current);
    const unchanged: UpdateStats = { added: 0, changed: 0, removed: 0, unchanged: current.size };
    const run = this.applying.then(async () => {
      if ((await this.contentVersion()) === fingerprint) return unchanged;
      const stats = await this.transaction((client) =>
        updateLocked({ client, s: this.s }, this.waitMs, fingerprint, current, load, progress),
      );
      this.forget();
      return stats;
    });
    this.applying = run.catch(() => undefined);
    return run;
  }

  /** Drop what was read if another writer has committed a change since the last look. */
  async sync(): Promise<void> {
    const now = await this.contentVersion();
    if (this.seen !== undefined && now !== this.seen) this.forget();
    this.seen = now;
  }

  /** Drop what was read before the index changed. */
  private forget(): void {
    this.docCache.clear();
    this.count = undefined;
    this.avgBody = undefined;
    this.vocabulary = undefined;
    this.answers.clear();
    this.seen = undefined;
  }

  /** The number of indexed skills (memoised until the next change). */
  async docCount(): Promise<number> {
    this.count ??= Number(
      (await this.query<{ rows: string }>(`SELECT rows FROM ${this.s}.stats WHERE tbl = 0`))[0]
        ?.rows ?? 0,
    );
    return this.count;
  }

  /** How many skills hold `term` in their metadata or body (kept until the next change). */
  async documentFrequency(table: IndexTable, term: string): Promise<number> {
    const row = await this.kept(
      `df\0${term}`,
      async () =>
        (
          await this.query<{ meta: number; body: number }>(
            `SELECT meta, body FROM ${this.s}.df WHERE term = $1`,
            [term],
          )
        )[0] ?? { meta: 0, body: 0 },
    );
    return row[table];
  }

  /** The answer to `question`, asked once until the next change. */
  private async kept<T>(question: string, ask: () => Promise<T>): Promise<T> {
    if (this.answers.has(question)) return this.answers.get(question) as T;
    const answer = await ask();
    if (this.answers.size >= MAX_ANSWERS) this.answers.clear();
    this.answers.set(question, answer);
    return answer;
  }

  /** BM25 candidates from one table, best first (higher is better), scored as FTS5 scores them. */
  async candidates(
    table: IndexTable,
    request: CandidateRequest,
    columns?: Readonly<Record<MetaField, number>>,
  ): Promise<Hit[]> {
    if (request.terms.length === 0) return [];
    const weights = table === 'meta' ? META_FIELDS.map((f) => (columns ? columns[f] : 1)) : [1];
    const q = bm25Query(
      this.s,
      table === 'meta' ? 0 : 1,
      phrasesOf(request.terms, request.prefixLast),
      weights,
      request.limit,
    );
    if (!q) return [];
    return this.query<Hit>(q.text, q.values);
  }

  /** A stored document by ref (the most recently read DOC_CACHE of them are kept). */
  async document(ref: number): Promise<StoredDoc | undefined> {
    const hit = this.docCache.get(ref);
    if (hit) {
      this.docCache.delete(ref);
      this.docCache.set(ref, hit);
      return hit;
    }
    const row = (
      await this.query<DocRow>(`SELECT ${DOC_COLUMNS} FROM ${this.s}.docs WHERE ref = $1`, [ref])
    )[0];
    return row ? this.remember(row) : undefined;
  }

  private remember(row: DocRow): StoredDoc {
    const doc = decodeDocument(row, this.shown);
    this.docCache.set(doc.ref, doc);
    if (this.docCache.size > DOC_CACHE)
      this.docCache.delete(this.docCache.keys().next().value as number);
    return doc;
  }

  /** Every stored document with exactly this name, ordered by id. */
  async documentsNamed(name: string): Promise<StoredDoc[]> {
    return this.documentsWhere('name', name);
  }

  /** Every stored document whose name key is `key`, ordered by id. */
  async documentsWithNameKey(key: string): Promise<StoredDoc[]> {
    return key === '' ? [] : this.documentsWhere('name_key', key);
  }

  private async documentsWhere(column: 'name' | 'name_key', value: string): Promise<StoredDoc[]> {
    return this.kept(`${column}\0${value}`, async () => {
      const rows = await this.query<DocRow>(
        `SELECT ${DOC_COLUMNS} FROM ${this.s}.docs WHERE ${column} = $1 ORDER BY id, ref`,
        [value],
      );
      return rows.map((r) => this.docCache.get(r.ref) ?? this.remember(r));
    }).then((docs) => [...docs]);
  }

  /** Indexed terms near `term`; the vocabulary is read on the first need and kept until the next change. */
  async nearTerms(term: string, max: number, word?: string): Promise<NearTerm[]> {
    if (max <= 0) return [];
    this.vocabulary ??= new Vocabulary(
      await this.query<{ term: string; meta: number; body: number }>(
        `SELECT term, meta, body FROM ${this.s}.df WHERE meta > 0 OR body > 1`,
      ),
    );
    return this.vocabulary.near(
      term,
      max,
      word === undefined ? undefined : { text: word, stem: termOf },
    );
  }

  /** How often a skill's body holds each of `terms` (absent terms left out), and the body's length in terms. */
  async bodyCounts(ref: number, terms: readonly string[]): Promise<BodyCounts> {
    // One round trip: the body's length, and a row per term it holds (none when it holds none).
    const rows = await this.query<{ body_len: number; term: string | null; tf: number | null }>(
      `SELECT d.body_len, p.term, p.tf FROM ${this.s}.docs AS d LEFT JOIN ${this.s}.postings AS p
        ON p.tbl = 1 AND p.ref = d.ref AND p.term = ANY($2) WHERE d.ref = $1`,
      [ref, [...new Set(terms)]],
    );
    const counts = new Map<string, number>();
    for (const r of rows) if (r.term !== null && r.tf !== null) counts.set(r.term, r.tf);
    return { counts, length: rows[0]?.body_len ?? 0 };
  }

  /** The mean body length in terms over every skill (memoised until the next change). */
  async averageBodyLength(): Promise<number> {
    this.avgBody ??= Number(
      (
        await this.query<{ v: number }>(
          `SELECT coalesce(avg(body_len), 0)::float8 AS v FROM ${this.s}.docs`,
        )
      )[0]?.v ?? 0,
    );
    return this.avgBody;
  }

  /** The fingerprint of the contents the last update wrote ('' before the first). */
  async contentVersion(): Promise<string> {
    return (
      (
        await this.query<{ value: string }>(
          `SELECT value FROM ${this.s}.info WHERE key = 'fingerprint'`,
        )
      )[0]?.value ?? ''
    );
  }

  // The semantic pass's reads and tables (pg-vectors.ts).
  semanticSources = async (bodies: boolean) => vectors.semanticSources(this, bodies);
  storedVectors = async (model: string) => vectors.storedVectors(this, model);
  saveVectors = async (model: string, v: ReadonlyMap<string, Float32Array>) =>
    vectors.saveVectors(this, model, v);
  learnedModel = async (kind: string) => vectors.learnedModel(this, kind);
  saveLearnedModel = async (kind: string, m: LearnedModel) =>
    vectors.saveLearnedModel(this, kind, m);

  /** Nothing but skillset writes the index's tables (a shared server is not a file to check). */
  changedOutside(): boolean {
    return false;
  }

  /** Release the connections; any later read fails. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    void this.pool.end().catch(() => undefined);
  }
}
