// The StateStore of a PostgreSQL index: the states of its catalog kept in one table, `state`, of the
// index's schema, so every process that shares the index shares its usage counts and approvals. An
// update is one transaction that locks the state's row while it reads, changes and writes it: two
// processes counting at once both count. A server out of reach costs the state, never the command:
// a read is the empty state and an update is not kept, each with the warning `state/unavailable`.

import type pg from 'pg';
import { type Diagnostic, diagnostic } from '../diagnostics/diagnostic.js';
import { parseState, serialiseState } from './state-json.js';
import type { StateKind, StateRead, StateStore, StateWrite } from './state-store.js';

/** A pool to the index's database, its schema ready: what `connect` of the PostgreSQL index gives. */
export interface PgStatePlace {
  pool: pg.Pool;
  where: { schema: string; shown: string };
}

/** Options for pgStateStore. */
export interface PgStateOptions {
  /** The index's location (`postgres://…?schema=NAME`): its states go in that schema. */
  location: string;
  /**
   * Connect to `location` with its index's tables made ready (loading `pg` only then), throwing when
   * the server is out of reach or the schema is not a skillset index's.
   */
  connect(location: string): Promise<PgStatePlace>;
  /** How long an update waits for another's lock on the same state before giving up, unkept (default 10 s). */
  lockWaitMs?: number;
}

/** The table of the states, made by the first process that needs it (the index's remake keeps it). */
const tableSql = (s: string): string =>
  `CREATE TABLE IF NOT EXISTS ${s}.state(key text COLLATE "C" NOT NULL, kind text COLLATE "C" NOT NULL, value text NOT NULL, PRIMARY KEY(key, kind))`;

/** A connected store: the pool, the schema quoted, and the key its states are kept under. */
interface Placed {
  pool: pg.Pool;
  s: string;
  key: string;
}

/** Failures after which the pool is dropped and the next use connects and makes the table again. */
const GONE = new Set(['42P01', '3F000']);

/** The location as it may be printed, its schema named: never a user, a password or other options. */
function shownOf(location: string): string {
  try {
    const url = new URL(location);
    const schema = url.searchParams.get('schema');
    return `${url.protocol}//${url.host}${url.pathname}${schema === null ? '' : `?schema=${schema}`}`;
  } catch {
    return `${location.slice(0, location.indexOf(':') + 1)}…`;
  }
}

/** An error's message on one line: the cause of one we wrapped (the server's own words). */
function reasonOf(e: unknown): string {
  const inner = (e as { cause?: unknown } | null)?.cause ?? e;
  const text = String(
    (inner as Error | null)?.message || (inner as { code?: unknown } | null)?.code || inner,
  );
  return text.split('\n')[0]?.trim() ?? '';
}

/** Connect, make the table (under the lock the index's schema is made under), and key the states. */
async function place(o: PgStateOptions): Promise<Placed> {
  const { pool, where } = await o.connect(o.location);
  // States are written now and then: an idle connection must not keep a command's process alive.
  pool.options.allowExitOnIdle = true;
  const s = `"${where.schema}"`;
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`skillset:${where.schema}`]);
    await client.query(tableSql(s));
    await client.query('COMMIT');
  } catch (e) {
    await client.query('ROLLBACK').catch(() => undefined);
    client.release();
    await pool.end().catch(() => undefined);
    throw e;
  }
  client.release();
  // The index's place, never who connects or how: every user of the index shares its states.
  return { pool, s, key: `${where.shown}?schema=${where.schema}` };
}

/** The state of `kind` in a row's `value`: empty when there is no row, empty with a warning when damaged. */
function stateOf<T>(value: string | undefined, kind: StateKind<T>, shown: string): StateRead<T> {
  if (value === undefined) return { state: kind.empty(), diagnostics: [] };
  const parsed = parseState(value, kind);
  if (parsed.ok) return { state: parsed.state, diagnostics: [] };
  const message = `The ${kind.name} state ${parsed.why}; starting from an empty state`;
  return {
    state: kind.empty(),
    diagnostics: [diagnostic('state/damaged', 'warning', shown, message)],
  };
}

/** The value kept for the state `kind`, if any. */
async function keptValue(at: Placed, kind: string): Promise<string | undefined> {
  const found = await at.pool.query<{ value: string }>(
    `SELECT value FROM ${at.s}.state WHERE key = $1 AND kind = $2`,
    [at.key, kind],
  );
  return found.rows[0]?.value;
}

/** Read, change and write one state in one transaction that holds its row's lock throughout. */
async function updateRow<T>(
  at: Placed,
  kind: StateKind<T>,
  change: (state: T) => T,
  lockWaitMs: number,
  shown: string,
): Promise<Diagnostic[]> {
  const client = await at.pool.connect();
  const row = [at.key, kind.name];
  try {
    await client.query('BEGIN');
    await client.query(`SET LOCAL lock_timeout = ${Math.max(1, Math.floor(lockWaitMs))}`);
    // The row exists before it is locked: two first updates at once then take turns, not fail.
    await client.query(
      `INSERT INTO ${at.s}.state(key, kind, value) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`,
      [...row, serialiseState(kind.empty(), kind.sorted)],
    );
    const found = await client.query<{ value: string }>(
      `SELECT value FROM ${at.s}.state WHERE key = $1 AND kind = $2 FOR UPDATE`,
      row,
    );
    const before = stateOf(found.rows[0]?.value, kind, shown);
    await client.query(`UPDATE ${at.s}.state SET value = $3 WHERE key = $1 AND kind = $2`, [
      ...row,
      serialiseState(change(before.state), kind.sorted),
    ]);
    await client.query('COMMIT');
    return before.diagnostics;
  } catch (e) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw e;
  } finally {
    client.release();
  }
}

/** The state store in the schema of the PostgreSQL index at `o.location`. */
export function pgStateStore(o: PgStateOptions): StateStore {
  const shown = shownOf(o.location);
  const lockWaitMs = o.lockWaitMs ?? 10_000;
  let placed: Promise<Placed> | undefined;
  /** The connected store; a failed connection is tried again by the next use. */
  const connected = (): Promise<Placed> => {
    if (placed !== undefined) return placed;
    const p = place(o);
    placed = p;
    p.catch(() => {
      if (placed === p) placed = undefined;
    });
    return p;
  };
  /** Run `work` on the store; a failure is the `state/unavailable` warning `say` words. */
  async function guarded<R>(
    work: (at: Placed) => Promise<R>,
    say: (reason: string) => string,
  ): Promise<R | Diagnostic> {
    let p: Promise<Placed> | undefined;
    try {
      p = connected();
      return await work(await p);
    } catch (e) {
      const code = String((e as { code?: unknown } | null)?.code ?? '');
      // The schema or table gone (dropped by hand): the next use connects and makes it again.
      if (GONE.has(code) && placed === p) {
        placed = undefined;
        p?.then((at) => at.pool.end()).catch(() => undefined);
      }
      return diagnostic('state/unavailable', 'warning', shown, say(reasonOf(e)));
    }
  }
  return {
    async read<T>(kind: StateKind<T>): Promise<StateRead<T>> {
      const r = await guarded(
        async (at) => stateOf(await keptValue(at, kind.name), kind, shown),
        (why) =>
          `The ${kind.name} state cannot be read from ${shown} (${why}); starting from an empty state`,
      );
      return 'state' in r ? r : { state: kind.empty(), diagnostics: [r] };
    },
    async update<T>(kind: StateKind<T>, change: (state: T) => T): Promise<StateWrite> {
      const r = await guarded(
        (at) => updateRow(at, kind, change, lockWaitMs, shown),
        (why) => `The ${kind.name} state cannot be kept in ${shown} (${why}); this update is lost`,
      );
      return Array.isArray(r)
        ? { written: true, diagnostics: r }
        : { written: false, diagnostics: [r] };
    },
  };
}
