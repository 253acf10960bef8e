// The SQLite index (the first SearchIndexStore): FTS5 tables for metadata and bodies, updated by content hash.

import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';
import { SkillsetError } from '../errors.js';
import { META_FIELDS, type MetaField, type SearchDocument } from './document.js';
import type {
  BodyCounts,
  CandidateRequest,
  DocumentLoader,
  Hit,
  IndexContents,
  IndexTable,
  SearchIndexStore,
  StoredDoc,
  UpdateStats,
} from './index-store.js';
import { tokenize } from './tokenize.js';

/** Bump when the schema or what is indexed changes: an older file is rebuilt. */
export const INDEX_VERSION = 9;

const TOKENIZER = `tokenize="unicode61 remove_diacritics 0 tokenchars '_#+'"`;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS info(key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS docs(
  rowid INTEGER PRIMARY KEY, id TEXT NOT NULL, name TEXT NOT NULL, path TEXT NOT NULL UNIQUE,
  hash TEXT NOT NULL, description TEXT NOT NULL, fields TEXT NOT NULL, not_for TEXT NOT NULL, triggers TEXT NOT NULL,
  body_terms TEXT NOT NULL, body_len INTEGER NOT NULL, mentions TEXT NOT NULL, inbound INTEGER NOT NULL DEFAULT 0);
CREATE INDEX IF NOT EXISTS docs_name ON docs(name COLLATE NOCASE);
CREATE VIRTUAL TABLE IF NOT EXISTS meta USING fts5(${META_FIELDS.join(', ')}, content='', contentless_delete=1, ${TOKENIZER});
CREATE VIRTUAL TABLE IF NOT EXISTS body USING fts5(text, content='', contentless_delete=1, ${TOKENIZER});
CREATE VIRTUAL TABLE IF NOT EXISTS meta_vocab USING fts5vocab(meta, 'row');
CREATE VIRTUAL TABLE IF NOT EXISTS body_vocab USING fts5vocab(body, 'row');
`;

let Database: typeof BetterSqlite3 | undefined;
function database(): typeof BetterSqlite3 {
  Database ??= createRequire(import.meta.url)('better-sqlite3') as typeof BetterSqlite3;
  return Database;
}

/** An FTS5 MATCH expression that can never be a syntax error: every term quoted, ORed; the last one a prefix. */
export function matchExpression(terms: readonly string[], prefixLast: boolean): string {
  return terms
    .map(
      (t, i) =>
        `"${t.replace(/"/g, '')}"${prefixLast && i === terms.length - 1 && t.length >= 3 ? '*' : ''}`,
    )
    .join(' OR ');
}

/** The index file: open, update incrementally, and the reads ranking needs. */
export class SqliteIndexStore implements SearchIndexStore {
  readonly db: BetterSqlite3.Database;
  private readonly docCache = new Map<number, StoredDoc>();

  private constructor(db: BetterSqlite3.Database) {
    this.db = db;
  }

  /** Open (or create) the index at `file` (`:memory:` for none on disk); an old schema is rebuilt. */
  static open(file: string): SqliteIndexStore {
    let db: BetterSqlite3.Database;
    try {
      db = new (database())(file);
    } catch (e) {
      throw new SkillsetError(
        'index/unreadable',
        `Cannot open the index ${file}: ${(e as Error).message}`,
        {
          hint: 'Delete the file or pass --index with another path.',
        },
      );
    }
    db.pragma('journal_mode = DELETE');
    db.pragma('synchronous = NORMAL');
    const version = (() => {
      try {
        return (
          db.prepare("SELECT value FROM info WHERE key = 'version'").get() as
            | { value: string }
            | undefined
        )?.value;
      } catch {
        return undefined;
      }
    })();
    if (version !== String(INDEX_VERSION)) {
      for (const t of ['meta_vocab', 'body_vocab', 'meta', 'body', 'chunks', 'docs', 'info'])
        db.exec(`DROP TABLE IF EXISTS ${t}`);
      db.exec(SCHEMA);
      db.prepare("INSERT OR REPLACE INTO info(key, value) VALUES ('version', ?)").run(
        String(INDEX_VERSION),
      );
    }
    return new SqliteIndexStore(db);
  }

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
  async apply(current: IndexContents, load: DocumentLoader): Promise<UpdateStats> {
    // One fingerprint of every (path, hash, id): when it matches the last update's, nothing changed.
    const fingerprint = createHash('sha256')
      .update(
        [...current]
          .map(([p, c]) => `${p}\0${c.hash}\0${c.id}`)
          .sort()
          .join('\n'),
      )
      .digest('hex');
    const last = this.db.prepare("SELECT value FROM info WHERE key = 'fingerprint'").get() as
      | { value: string }
      | undefined;
    if (last?.value === fingerprint)
      return { added: 0, changed: 0, removed: 0, unchanged: current.size };
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
    const docs: SearchDocument[] = [];
    for (const path of toLoad) {
      const doc = await load(path);
      if (doc) docs.push(doc);
    }
    const db = this.db;
    const delDoc = db.prepare('DELETE FROM docs WHERE rowid = ?');
    const delMeta = db.prepare('DELETE FROM meta WHERE rowid = ?');
    const delBody = db.prepare('DELETE FROM body WHERE rowid = ?');
    const insDoc = db.prepare(
      'INSERT INTO docs(id, name, path, hash, description, fields, not_for, triggers, body_terms, body_len, mentions) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    );
    const insMeta = db.prepare(
      `INSERT INTO meta(rowid, ${META_FIELDS.join(', ')}) VALUES (?, ${META_FIELDS.map(() => '?').join(', ')})`,
    );
    const insBody = db.prepare('INSERT INTO body(rowid, text) VALUES (?, ?)');
    const rename = db.prepare('UPDATE docs SET id = ? WHERE rowid = ?');
    db.transaction(() => {
      for (const rowid of remove) {
        delBody.run(rowid);
        delMeta.run(rowid);
        delDoc.run(rowid);
      }
      for (const r of renames) rename.run(r.id, r.rowid);
      for (const d of docs) {
        const counts = new Map<string, number>();
        let length = 0;
        for (const section of d.sections)
          for (const t of section.split(' '))
            if (t !== '') {
              counts.set(t, (counts.get(t) ?? 0) + 1);
              length++;
            }
        const bodyTerms = [...counts.keys()].sort().map((t) => `${t}:${counts.get(t)}`);
        const rowid = Number(
          insDoc.run(
            d.id,
            d.name,
            d.path,
            d.contentHash,
            d.description,
            JSON.stringify(d.fields),
            JSON.stringify(d.notFor.map((n) => ({ ...n, topicTerms: tokenize(n.topic) }))),
            JSON.stringify(d.triggerPhrases),
            bodyTerms.join(' '),
            length,
            d.mentions.join(' '),
          ).lastInsertRowid,
        );
        insMeta.run(rowid, ...META_FIELDS.map((f) => d.fields[f].join(' ')));
        // The body is one row per skill: whole-body BM25 ranked people's questions better than the best section.
        const body = d.sections.filter((t) => t !== '').join('\n');
        if (body !== '') insBody.run(rowid, body);
      }
      if (remove.length > 0 || docs.length > 0) this.countInbound();
      db.prepare("INSERT OR REPLACE INTO info(key, value) VALUES ('fingerprint', ?)").run(
        fingerprint,
      );
    })();
    this.docCache.clear();
    this.count = undefined;
    this.avgBody = undefined;
    return stats;
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

  /** A stored document by rowid (memoised). */
  document(rowid: number): StoredDoc | undefined {
    const hit = this.docCache.get(rowid);
    if (hit) return hit;
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

  /** How many skills hold `term` in their metadata or body. */
  documentFrequency(table: IndexTable, term: string): number {
    const row = this.statement(`SELECT doc FROM ${table}_vocab WHERE term = ?`).get(term) as
      | { doc: number }
      | undefined;
    return row?.doc ?? 0;
  }

  /**
   * How often a skill's body holds each of `terms` (absent terms left out), and the body's length in
   * terms. Read on demand (only the gate asks, of its best skills), by looking each term up in the
   * stored `term:count` list rather than decoding all of it.
   */
  bodyCounts(rowid: number, terms: readonly string[]): BodyCounts {
    const row = this.statement('SELECT body_terms, body_len FROM docs WHERE rowid = ?').get(
      rowid,
    ) as { body_terms: string; body_len: number } | undefined;
    const counts = new Map<string, number>();
    if (!row) return { counts, length: 0 };
    const all = ` ${row.body_terms}`;
    for (const t of terms) {
      const at = all.indexOf(` ${t}:`);
      if (at >= 0)
        counts.set(t, Number.parseInt(all.slice(at + t.length + 2, at + t.length + 12), 10));
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

  /** Every stored document with this name (any case), ordered by id. */
  documentsNamed(name: string): StoredDoc[] {
    const rows = this.statement(
      'SELECT rowid FROM docs WHERE name = ? COLLATE NOCASE ORDER BY id, rowid',
    ).all(name) as Array<{ rowid: number }>;
    return rows.map((r) => this.document(r.rowid)).filter((d): d is StoredDoc => d !== undefined);
  }

  /** Close the file. */
  close(): void {
    this.db.close();
  }
}
