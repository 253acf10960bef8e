// The PostgreSQL index (the second SearchIndexStore): the SQLite index's data in plain tables of one
// schema, with BM25 computed in SQL exactly as FTS5 computes it (pg-read.ts), so that ranking on top
// gives the same answers. A store writes one space and reads any set of them (a registry's team
// sees its namespaces); many processes may share it, and an update becomes visible all at once.

import type pg from 'pg';
import { META_FIELDS, type MetaField } from './document.js';
import { type NearTerm, Vocabulary } from './fuzzy.js';
import type {
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
import { bm25Candidates } from './pg-bm25.js';
import { DOC_COLUMNS, type DocRow, decodeDocument, phrasesOf } from './pg-read.js';
import { connect, inTransaction, onOwnClient, pgError } from './pg-schema.js';
import * as scoped from './pg-scope.js';
import { DEFAULT_SPACE, type PgStoreOptions } from './pg-scope.js';
import * as vectors from './pg-vectors.js';
import { type Attach, fingerprintOf, updateSpace } from './pg-write.js';
import { DOC_CACHE, UPDATE_WAIT_MS } from './sqlite-options.js';
import { termOf } from './tokenize.js';

export type { PgStoreOptions } from './pg-scope.js';

/** Answers kept between changes (frequencies, documents by name) before they are dropped. */
const MAX_ANSWERS = 20_000;

/** An index in a PostgreSQL schema: open, update incrementally, and the reads ranking needs. */
export class PgIndexStore implements SearchIndexStore {
  private readonly docCache = new Map<number, StoredDoc>();
  private vocabulary: Vocabulary | undefined;
  /** Answers that only a change can move, by question (a query asks a dozen; each is a round trip). */
  private readonly answers = new Map<string, unknown>();
  /** The fingerprint last seen (sync drops what was read when another writer changed it). */
  private seen: string | undefined;
  private applying: Promise<unknown> = Promise.resolve();
  private closed = false;

  /** Attached to the next update's batches (a publish's files). */
  private attach: Attach | undefined;

  private constructor(
    /** @internal */ readonly pool: pg.Pool,
    /** @internal The schema, unquoted. */ readonly schema: string,
    /** @internal The location as it may be printed. */ readonly shown: string,
    private readonly options: PgStoreOptions & { space: string; scope: readonly string[] },
    /** Does closing the store end the pool (false for a pool shared by a registry server)? */
    private readonly ownsPool: boolean,
  ) {
    this.s = `"${schema}"`;
    this.scope = options.scope;
  }

  /** @internal The schema, quoted. */
  readonly s: string;

  /** @internal The spaces reads see. */
  readonly scope: readonly string[];

  /**
   * Open (or create) the index at a `postgres://` location; tables of another version are remade.
   * An existing pool (a registry server's) may be shared: closing the store then leaves it open.
   */
  static async open(
    location: string,
    options: PgStoreOptions = {},
    shared?: { pool: pg.Pool; schema: string; shown: string },
  ): Promise<PgIndexStore> {
    const { pool, where } = shared
      ? { pool: shared.pool, where: { schema: shared.schema, shown: shared.shown } }
      : await connect(location);
    const space = options.space ?? DEFAULT_SPACE;
    return new PgIndexStore(
      pool,
      where.schema,
      where.shown,
      { ...options, space, scope: [...(options.scope ?? [space])].sort() },
      shared === undefined,
    );
  }

  /** What the written space holds now, by path (a publish keeps what it does not replace). */
  spaceContents = async () => scoped.spaceContents(this, this.options.space);

  /** @internal Write `attach` with each batch of the next update (a publish's files). */
  attachToNext(attach: Attach | undefined): void {
    this.attach = attach;
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

  /** @internal SQL joining `alias` (a table with space and gen) to the visible spaces, named in `$n`. */
  visible(alias: string, n: number): string {
    return `JOIN ${this.s}.spaces AS sp ON sp.id = ${alias}.space AND ${alias}.gen <= sp.gen AND sp.name = ANY($${n})`;
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
    if (this.options.readOnly) return unchanged;
    const attach = this.attach;
    this.attach = undefined;
    const run = this.applying.then(async () => {
      if ((await scoped.spaceFingerprint(this, this.options.space)) === fingerprint)
        return unchanged;
      const stats = await onOwnClient(this.pool, this.shown, (client) =>
        updateSpace(client, this.options.waitMs ?? UPDATE_WAIT_MS, {
          s: this.s,
          schema: this.schema,
          space: this.options.space,
          fingerprint,
          current,
          load,
          progress,
          attach,
          another: (work) => onOwnClient(this.pool, this.shown, work),
        }),
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
    this.vocabulary = undefined;
    this.answers.clear();
    this.seen = undefined;
  }

  /** The number of indexed skills (memoised until the next change). */
  docCount = async (): Promise<number> => this.kept('count', () => scoped.docCount(this));

  /** How many skills hold `term` in their metadata or body (kept until the next change). */
  documentFrequency = async (table: IndexTable, term: string): Promise<number> =>
    (await this.kept(`df\0${term}`, () => scoped.frequency(this, term)))[table];

  /** The answer to `question`, asked once until the next change. */
  private async kept<T>(question: string, ask: () => Promise<T>): Promise<T> {
    if (this.answers.has(question)) return this.answers.get(question) as T;
    const answer = await ask();
    if (this.answers.size >= MAX_ANSWERS) this.answers.clear();
    this.answers.set(question, answer);
    return answer;
  }

  /**
   * BM25 candidates from one table, best first (higher is better), scored as FTS5 scores them over
   * the whole posting lists (pg-bm25.ts); their documents are read in the same breath.
   */
  async candidates(
    table: IndexTable,
    request: CandidateRequest,
    columns?: Readonly<Record<MetaField, number>>,
  ): Promise<Hit[]> {
    if (request.terms.length === 0) return [];
    const tbl = table === 'meta' ? 0 : 1;
    const weights = tbl === 0 ? META_FIELDS.map((f) => (columns ? columns[f] : 1)) : [1];
    const phrases = phrasesOf(request.terms, request.prefixLast);
    if (phrases.every((p) => p === undefined)) return [];
    const spaces = await this.kept('spaces', () => scoped.spacesAt(this));
    const st = await this.kept(`stats\0${tbl}`, () => scoped.tableStats(this, tbl));
    const hits = await bm25Candidates(this, { spaces, st, tbl, phrases, weights }, request.limit);
    await this.prefetch(hits.map((h) => h.ref));
    return hits;
  }

  /** Read the documents of `refs` not kept, in one query. */
  private async prefetch(refs: readonly number[]): Promise<void> {
    const missing = refs.filter((r) => !this.docCache.has(r));
    if (missing.length === 0) return;
    const rows = await this.query<DocRow>(
      `SELECT ${DOC_COLUMNS} FROM ${this.s}.docs AS d ${this.visible('d', 2)} WHERE d.ref = ANY($1) ORDER BY d.ref`,
      [missing, this.scope],
    );
    for (const r of rows) this.remember(r);
  }

  /** A stored document by ref (the most recently read DOC_CACHE of them are kept). */
  async document(ref: number): Promise<StoredDoc | undefined> {
    const hit = this.docCache.get(ref);
    if (!hit) await this.prefetch([ref]);
    else {
      this.docCache.delete(ref);
      this.docCache.set(ref, hit);
    }
    return this.docCache.get(ref);
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
        `SELECT ${DOC_COLUMNS} FROM ${this.s}.docs AS d ${this.visible('d', 2)} WHERE d.${column} = $1 ORDER BY d.id, d.ref`,
        [value, this.scope],
      );
      return rows.map((r) => this.docCache.get(r.ref) ?? this.remember(r));
    }).then((docs) => [...docs]);
  }

  /** Indexed terms near `term`; the vocabulary is read on the first need and kept until the next change. */
  async nearTerms(term: string, max: number, word?: string): Promise<NearTerm[]> {
    if (max <= 0) return [];
    this.vocabulary ??= new Vocabulary(await scoped.vocabulary(this));
    return this.vocabulary.near(
      term,
      max,
      word === undefined ? undefined : { text: word, stem: termOf },
    );
  }

  /** How often a skill's body holds each of `terms` (absent terms left out), and the body's length in terms. */
  bodyCounts = async (ref: number, terms: readonly string[]) => scoped.bodyCounts(this, ref, terms);

  /** The mean body length in terms over every skill (memoised until the next change). */
  averageBodyLength = async (): Promise<number> =>
    this.kept('avgBody', () => scoped.averageBodyLength(this));

  /** What the spaces seen hold: one space's fingerprint ('' before its first update), or each one's. */
  contentVersion = async () => scoped.contentVersion(this);

  // The semantic pass's reads and tables (pg-vectors.ts).
  semanticSources = async (bodies: boolean) => vectors.semanticSources(this, bodies);
  storedVectors = async (model: string) => vectors.storedVectors(this, model);
  // A reader keeps nothing: what a publish stored is what it reads.
  saveVectors = async (model: string, v: ReadonlyMap<string, Float32Array>) =>
    !this.options.readOnly && vectors.saveVectors(this, model, v);
  learnedModel = async (kind: string) => vectors.learnedModel(this, kind);
  saveLearnedModel = async (kind: string, m: LearnedModel) =>
    !this.options.readOnly && vectors.saveLearnedModel(this, kind, m);

  /** Nothing but skillset writes the index's tables (a shared server is not a file to check). */
  changedOutside = (): boolean => false;

  /** Release the connections; any later read fails. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    if (this.ownsPool) void this.pool.end().catch(() => undefined);
  }
}
