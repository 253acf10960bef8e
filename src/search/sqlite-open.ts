// Opening the SQLite index file: the schema, WAL, a check and a rebuild of a cached file that is not
// a sound index, and SQLite's failures turned into errors a user can act on.

import nodeFs from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import BetterSqlite3 from 'better-sqlite3';
import { SkillsetError } from '../errors.js';
import { META_FIELDS } from './document.js';
import {
  fileState,
  quickCheck,
  readStamp,
  sameFile,
  stampFile,
  writeStamp,
} from './sqlite-check.js';
import { isUnreadable, storeError } from './sqlite-errors.js';

/** Bump when the schema or what is indexed changes: an older file is rebuilt. */
export const INDEX_VERSION = 18;

// The text FTS5 receives is our own terms joined by spaces: the ascii tokenizer splits on the spaces
// and changes nothing else (unicode61 would fold some letters, `ς` to `σ`, that our terms keep).
const TOKENIZER = `tokenize="ascii tokenchars '_#+'"`;

const TABLES = [
  'vectors',
  'models',
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
  mentions TEXT NOT NULL, name_key TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS bodies(rowid INTEGER PRIMARY KEY, text TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS docs_name ON docs(name);
CREATE INDEX IF NOT EXISTS docs_name_key ON docs(name_key);
CREATE VIRTUAL TABLE IF NOT EXISTS meta USING fts5(${META_FIELDS.join(', ')}, content='', ${TOKENIZER});
CREATE VIRTUAL TABLE IF NOT EXISTS body USING fts5(text, content='', ${TOKENIZER});
CREATE VIRTUAL TABLE IF NOT EXISTS meta_vocab USING fts5vocab(meta, 'row');
CREATE VIRTUAL TABLE IF NOT EXISTS body_vocab USING fts5vocab(body, 'row');
CREATE TABLE IF NOT EXISTS df(term TEXT PRIMARY KEY, meta INTEGER NOT NULL, body INTEGER NOT NULL) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS vectors(model TEXT NOT NULL, hash TEXT NOT NULL, vec BLOB NOT NULL, PRIMARY KEY(model, hash)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS models(kind TEXT PRIMARY KEY, learned_from TEXT NOT NULL, data BLOB NOT NULL);
`;

/**
 * How long one statement waits, inside SQLite, for another connection's lock before it reports busy.
 * The wait blocks the thread (a server's event loop with it), so it is short: readers of a WAL file
 * meet a lock only for moments, and taking the write lock is waited for in awaited steps instead.
 */
export const STATEMENT_WAIT_MS = 100;

/** better-sqlite3's native addon, where its install builds it. */
const ADDON = 'better-sqlite3/build/Release/better_sqlite3.node';

let binding: string | null | undefined;
/**
 * The native addon where an install puts it, so that better-sqlite3 does not search for it (its
 * search reads a stack trace and tries a dozen paths); null when it is elsewhere, and better-sqlite3
 * finds it itself.
 */
export function nativeBinding(): { nativeBinding?: string } {
  if (binding === undefined) {
    // First beside this package (dist/<folder>/ is two below its root, in the bundle too): where
    // resolving would look first, without reading package.json files on the way.
    const own = new URL(`../../node_modules/${ADDON}`, import.meta.url);
    try {
      binding = nodeFs.existsSync(own)
        ? fileURLToPath(own)
        : createRequire(import.meta.url).resolve(ADDON);
    } catch {
      binding = null;
    }
  }
  return binding === null ? {} : { nativeBinding: binding };
}

/** An open index database, and why it was rebuilt from nothing if it was. */
export interface OpenedDatabase {
  db: BetterSqlite3.Database;
  /** Set when the file was not a readable index and was replaced by an empty one. */
  rebuilt?: string;
  /** The file's state (sqlite-check.ts) when it was opened and found sound; undefined in memory. */
  trusted?: string | undefined;
}

/** Options for openIndexDatabase. */
export interface OpenOptions {
  /**
   * The file is derived (a cached index): one that is not a readable index, or was changed by
   * something other than skillset and fails a check, is replaced with an empty one (default false:
   * report it, never delete it).
   */
  rebuildUnreadable?: boolean;
  /**
   * A query or an update found the file damaged (SQLite's words), in `state`: it is replaced, unless
   * another process has replaced it since.
   */
  damaged?: { reason: string; state: string | undefined };
}

/** Open (or create) the index at `file`; an index of another version is emptied and made anew. */
export function openIndexDatabase(file: string, options: OpenOptions = {}): OpenedDatabase {
  const derived = options.rebuildUnreadable === true && file !== ':memory:';
  if (derived && options.damaged) {
    removeIndex(file, options.damaged.state);
    return fresh(file, options.damaged.reason);
  }
  const before = fileState(file);
  let db: BetterSqlite3.Database;
  try {
    db = prepare(file);
  } catch (e) {
    if (!(derived && isUnreadable(e))) throw storeError(e, file);
    // A derived file, damaged: start again. Other processes that have it open keep their copy.
    removeIndex(file, before);
    return fresh(file, (e as Error).message);
  }
  if (!derived) return { db, trusted: fileState(file) };
  // A file skillset left in this state (or one just made) is trusted; any other is checked whole.
  const stamp = before === undefined ? undefined : readStamp(file);
  if (before !== undefined && before !== stamp) {
    let problem: string | undefined;
    try {
      problem = quickCheck(db);
    } catch (e) {
      if (!isUnreadable(e)) {
        db.close();
        throw storeError(e, file);
      }
      problem = (e as Error).message;
    }
    if (problem !== undefined) {
      db.close();
      removeIndex(file, before);
      return fresh(file, problem);
    }
  }
  const trusted = fileState(file);
  // A warm start leaves the file as its stamp says: not written again.
  if (trusted !== stamp) writeStamp(file, trusted);
  return { db, trusted };
}

/** An empty index in place of a damaged one, and why it was replaced. */
function fresh(file: string, why: string): OpenedDatabase {
  try {
    const db = prepare(file);
    const trusted = fileState(file);
    writeStamp(file, trusted);
    return { db, rebuilt: why, trusted };
  } catch (again) {
    throw storeError(again, file);
  }
}

/**
 * Delete a damaged index file and what SQLite and skillset keep beside it, if it is still the file
 * found damaged (in `state`): another process that found it so too may have made a new one already.
 */
function removeIndex(file: string, state: string | undefined): void {
  if (state !== undefined && !sameFile(fileState(file), state)) return;
  for (const f of [file, `${file}-wal`, `${file}-shm`, `${file}-journal`, stampFile(file)])
    nodeFs.rmSync(f, { force: true });
}

function prepare(file: string): BetterSqlite3.Database {
  let db: BetterSqlite3.Database;
  try {
    db = new BetterSqlite3(file, { timeout: STATEMENT_WAIT_MS, ...nativeBinding() });
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
      // Checked again under the write lock: another process may have just made it. Not waited for
      // here: busy, the whole open is tried again after an awaited pause (SqliteIndexStore.openWhenFree).
      db.pragma('busy_timeout = 0');
      db.exec('BEGIN IMMEDIATE');
      db.pragma(`busy_timeout = ${STATEMENT_WAIT_MS}`);
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
