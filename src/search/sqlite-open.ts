// Opening the SQLite index file: the schema, WAL, a rebuild of a file that is not a readable index,
// and SQLite's failures turned into errors a user can act on.

import nodeFs from 'node:fs';
import { createRequire } from 'node:module';
import BetterSqlite3 from 'better-sqlite3';
import { SkillsetError } from '../errors.js';
import { META_FIELDS } from './document.js';

/** Bump when the schema or what is indexed changes: an older file is rebuilt. */
export const INDEX_VERSION = 13;

// The text FTS5 receives is our own terms joined by spaces: the ascii tokenizer splits on the spaces
// and changes nothing else (unicode61 would fold some letters, `ς` to `σ`, that our terms keep).
const TOKENIZER = `tokenize="ascii tokenchars '_#+'"`;

const TABLES = [
  'bodies',
  'body_terms',
  'df',
  'meta_vocab',
  'body_vocab',
  'meta',
  'body',
  'chunks',
  'docs',
  'info',
] as const;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS info(key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS docs(
  rowid INTEGER PRIMARY KEY, id TEXT NOT NULL, name TEXT NOT NULL, path TEXT NOT NULL UNIQUE,
  hash TEXT NOT NULL, inbound INTEGER NOT NULL DEFAULT 0, body_len INTEGER NOT NULL,
  description TEXT NOT NULL, fields TEXT NOT NULL, not_for TEXT NOT NULL, triggers TEXT NOT NULL,
  mentions TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS bodies(rowid INTEGER PRIMARY KEY, text TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS docs_name ON docs(name);
CREATE VIRTUAL TABLE IF NOT EXISTS meta USING fts5(${META_FIELDS.join(', ')}, content='', ${TOKENIZER});
CREATE VIRTUAL TABLE IF NOT EXISTS body USING fts5(text, content='', ${TOKENIZER});
CREATE VIRTUAL TABLE IF NOT EXISTS meta_vocab USING fts5vocab(meta, 'row');
CREATE VIRTUAL TABLE IF NOT EXISTS body_vocab USING fts5vocab(body, 'row');
CREATE TABLE IF NOT EXISTS df(term TEXT PRIMARY KEY, meta INTEGER NOT NULL, body INTEGER NOT NULL) WITHOUT ROWID;
`;

/** How long one statement waits for another process's lock before SQLite reports busy. */
export const LOCK_WAIT_MS = 5000;

let binding: string | null | undefined;
/**
 * The native addon where an install puts it, so that better-sqlite3 does not search for it (its
 * search reads a stack trace and tries a dozen paths); null when it is elsewhere, and better-sqlite3
 * finds it itself.
 */
function nativeBinding(): { nativeBinding?: string } {
  if (binding === undefined) {
    try {
      binding = createRequire(import.meta.url).resolve(
        'better-sqlite3/build/Release/better_sqlite3.node',
      );
    } catch {
      binding = null;
    }
  }
  return binding === null ? {} : { nativeBinding: binding };
}

/**
 * An SQLite failure as the user can act on it: another process holding the index, or a file that is
 * not an index. Anything else is passed through.
 */
export function storeError(e: unknown, file: string): unknown {
  if (e instanceof SkillsetError) return e;
  const code = (e as { code?: unknown }).code;
  if (code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED')
    return new SkillsetError(
      'index/busy',
      `The index ${file} is busy: another process is updating it`,
      {
        cause: e,
        hint: 'Try again when it is done, or pass --index with another file.',
      },
    );
  if (isUnreadable(e))
    return new SkillsetError(
      'index/unreadable',
      `${file} is not a readable skillset index (${(e as Error).message})`,
      {
        cause: e,
        hint: 'Delete the file, or pass --index with another path.',
      },
    );
  if (
    code === 'SQLITE_READONLY' ||
    code === 'SQLITE_CANTOPEN' ||
    code === 'SQLITE_IOERR' ||
    code === 'SQLITE_FULL' ||
    code === 'SQLITE_PERM'
  )
    return new SkillsetError(
      'index/unwritable',
      `Cannot write the index ${file}: ${(e as Error).message}`,
      {
        cause: e,
        hint: 'Pass --index with a file in a folder you can write, or free some space.',
      },
    );
  return e;
}

/** Is this the failure of a file that is not a database, or a damaged one? */
export function isUnreadable(e: unknown): boolean {
  const code = String((e as { code?: unknown }).code ?? '');
  return code === 'SQLITE_NOTADB' || code.startsWith('SQLITE_CORRUPT');
}

/** An open index database, and why it was rebuilt from nothing if it was. */
export interface OpenedDatabase {
  db: BetterSqlite3.Database;
  /** Set when the file was not a readable index and was replaced by an empty one. */
  rebuilt?: string;
}

/** Options for openIndexDatabase. */
export interface OpenOptions {
  /** Replace a file that is not a readable index with an empty one (default false: report it). */
  rebuildUnreadable?: boolean;
}

/** Open (or create) the index at `file`; an index of another version is emptied and made anew. */
export function openIndexDatabase(file: string, options: OpenOptions = {}): OpenedDatabase {
  try {
    return { db: prepare(file) };
  } catch (e) {
    if (!(options.rebuildUnreadable && file !== ':memory:' && isUnreadable(e)))
      throw storeError(e, file);
    // A derived file, damaged: start again. Other processes that have it open keep their copy.
    for (const f of [file, `${file}-wal`, `${file}-shm`, `${file}-journal`])
      nodeFs.rmSync(f, { force: true });
    try {
      return { db: prepare(file), rebuilt: (e as Error).message };
    } catch (again) {
      throw storeError(again, file);
    }
  }
}

function prepare(file: string): BetterSqlite3.Database {
  let db: BetterSqlite3.Database;
  try {
    db = new BetterSqlite3(file, { timeout: LOCK_WAIT_MS, ...nativeBinding() });
  } catch (e) {
    if (isUnreadable(e)) throw e;
    throw new SkillsetError(
      'index/unreadable',
      `Cannot open the index ${file}: ${(e as Error).message}`,
      { hint: 'Delete the file or pass --index with another path.' },
    );
  }
  try {
    // Someone else's database is left as it was found: checked before anything is written.
    if (version(db) !== String(INDEX_VERSION)) refuseForeign(db, file);
    // WAL: readers never wait for a writer, and a writer never waits for readers.
    if (file !== ':memory:') {
      const mode = db.pragma('journal_mode = WAL', { simple: true });
      if (mode !== 'wal') db.pragma('journal_mode = DELETE');
    }
    db.pragma('synchronous = NORMAL');
    if (version(db) !== String(INDEX_VERSION)) {
      // Checked again under the write lock: another process may have just made it.
      db.exec('BEGIN IMMEDIATE');
      try {
        if (version(db) !== String(INDEX_VERSION)) {
          for (const t of TABLES) db.exec(`DROP TABLE IF EXISTS ${t}`);
          db.exec(SCHEMA);
          db.prepare("INSERT OR REPLACE INTO info(key, value) VALUES ('version', ?)").run(
            String(INDEX_VERSION),
          );
        }
        db.exec('COMMIT');
      } catch (e) {
        if (db.inTransaction) db.exec('ROLLBACK');
        throw e;
      }
    }
    return db;
  } catch (e) {
    db.close();
    throw e;
  }
}

function version(db: BetterSqlite3.Database): string | undefined {
  try {
    return (
      db.prepare("SELECT value FROM info WHERE key = 'version'").get() as
        | { value: string }
        | undefined
    )?.value;
  } catch (e) {
    if (isUnreadable(e)) throw e;
    return undefined;
  }
}

/** A database with tables that are not ours is someone's data: never drop or add tables in it. */
function refuseForeign(db: BetterSqlite3.Database, file: string): void {
  const ours = new Set<string>(TABLES);
  const other = (
    db
      .prepare(
        "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'meta_%' AND name NOT LIKE 'body_%'",
      )
      .all() as Array<{ name: string }>
  ).filter((r) => !ours.has(r.name));
  if (other.length > 0)
    throw new SkillsetError(
      'index/foreign',
      `${file} is an SQLite database that is not a skillset index (it holds \`${other[0]?.name}\`); left untouched`,
      { hint: 'Pass --index with another path.' },
    );
}
