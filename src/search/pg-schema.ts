// The PostgreSQL index's place and tables: a location parsed (its schema kept apart, its password
// never repeated), the tables made or remade under an advisory lock, and PostgreSQL's failures
// turned into errors a user can act on.

import pg from 'pg';
import { SkillsetError } from '../errors.js';
import { isPartition } from './pg-partition.js';
import {
  ACCESS_TABLES,
  accessTablesSql,
  INDEX_TABLES,
  indexTablesSql,
  PG_INDEX_VERSION,
} from './pg-tables.js';

/** The schema an index lives in when its location names none (`?schema=NAME`). */
const DEFAULT_SCHEMA = 'skillset';

/** A location, parsed: what the pool connects with, the schema, and a form safe to print. */
export interface PgLocation {
  connectionString: string;
  schema: string;
  /** Scheme, host, port and database: never the user's password. */
  shown: string;
}

/** Parse a `postgres://…` location; `?schema=NAME` picks the schema (one database holds several indexes). */
export function parseLocation(location: string): PgLocation {
  let url: URL;
  try {
    url = new URL(location);
  } catch {
    throw new SkillsetError(
      'index/store-unavailable',
      `The PostgreSQL index store location (${location.slice(0, location.indexOf(':') + 1)}…) is not a URL`,
      { hint: 'Pass --index postgres://USER@HOST:PORT/DATABASE.' },
    );
  }
  const schema = url.searchParams.get('schema') ?? DEFAULT_SCHEMA;
  url.searchParams.delete('schema');
  const shown = `${url.protocol}//${url.host}${url.pathname}`;
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(schema))
    throw new SkillsetError(
      'index/store-unavailable',
      `The schema \`${schema}\` of the PostgreSQL index store ${shown} is not a plain lower-case name`,
      { hint: 'Use letters, digits and `_` in ?schema=NAME.' },
    );
  return { connectionString: url.toString(), schema, shown };
}

/** How long a connection attempt may take before the store is reported unavailable. */
const CONNECT_MS = 10_000;

/** A pool for `location`, its index's tables made ready; a server out of reach is `index/store-unavailable`. */
export async function connect(location: string): Promise<{ pool: pg.Pool; where: PgLocation }> {
  const where = parseLocation(location);
  const pool = new pg.Pool({
    connectionString: where.connectionString,
    connectionTimeoutMillis: CONNECT_MS,
    max: 4,
  });
  // An idle client's lost connection is reported here; the next query opens another.
  pool.on('error', () => undefined);
  try {
    const client = await pool.connect();
    try {
      await prepareSchema(client, where);
    } finally {
      client.release();
    }
  } catch (e) {
    await pool.end().catch(() => undefined);
    throw pgError(e, where.shown);
  }
  return { pool, where };
}

/** SQLSTATE classes and socket codes that mean the server cannot be reached or refuses us. */
const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  '57P01',
  '57P02',
  '57P03',
  '28000',
  '28P01',
  '3D000',
]);

/** Does this failure say the server is out of reach (or refuses the connection)? */
function unreachable(e: unknown): boolean {
  const code = String((e as { code?: unknown } | null)?.code ?? '');
  if (UNREACHABLE.has(code) || code.startsWith('08')) return true;
  // pg's own words for a connection it lost or could not make in time.
  return /Connection terminated|timeout exceeded when trying to connect/i.test(
    (e as Error | null)?.message ?? '',
  );
}

/**
 * A PostgreSQL failure as the user can act on it: the server out of reach, or another update holding
 * the index past the wait. Anything else is passed through.
 */
export function pgError(e: unknown, shown: string): unknown {
  if (e instanceof SkillsetError) return e;
  const code = String((e as { code?: unknown } | null)?.code ?? '');
  if (code === '55P03')
    return new SkillsetError(
      'index/busy',
      `The index ${shown} is busy: another process is updating it`,
      { cause: e, hint: 'Try again when it is done.' },
    );
  if (unreachable(e))
    return new SkillsetError(
      'index/store-unavailable',
      `The PostgreSQL index store ${shown} is unavailable: ${oneLine(e)}`,
      { cause: e, hint: 'Check that the server runs and the location is right.' },
    );
  return e;
}

/** An error's message on one line (never the location: pg does not put the password in its messages). */
const oneLine = (e: unknown): string =>
  String((e as Error | null)?.message || (e as { code?: unknown } | null)?.code || e)
    .split('\n')[0]
    ?.trim() ?? '';

const OURS: readonly string[] = [...INDEX_TABLES, ...ACCESS_TABLES, 'state'];

/**
 * Make the index's tables in its schema, or remake them when they are of another version. Under a
 * transaction-scoped advisory lock: processes opening one new index at once make it once. A schema
 * holding tables that are not ours is someone's data: it is refused, never changed.
 */
export async function prepareSchema(client: pg.PoolClient, where: PgLocation): Promise<void> {
  const s = `"${where.schema}"`;
  await client.query('BEGIN');
  try {
    await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`skillset:${where.schema}`]);
    const tables = (
      await client.query<{ name: string }>(
        'SELECT tablename AS name FROM pg_tables WHERE schemaname = $1',
        [where.schema],
      )
    ).rows.map((r) => r.name);
    const foreign = tables.find((t) => !OURS.includes(t) && !isPartition(t));
    if (foreign !== undefined)
      throw new SkillsetError(
        'index/foreign',
        `The schema ${where.schema} of ${where.shown} holds \`${foreign}\`: it is not a skillset index; left untouched`,
        { hint: 'Pass another ?schema=NAME.' },
      );
    const version = tables.includes('info')
      ? (await client.query<{ value: string }>(`SELECT value FROM ${s}.info WHERE key = 'version'`))
          .rows[0]?.value
      : undefined;
    if (version !== String(PG_INDEX_VERSION)) {
      await client.query(`CREATE SCHEMA IF NOT EXISTS ${s}`);
      for (const t of tables)
        if ((INDEX_TABLES as readonly string[]).includes(t) || isPartition(t))
          await client.query(`DROP TABLE IF EXISTS ${s}."${t}" CASCADE`);
      await client.query(indexTablesSql(s));
    }
    await client.query(accessTablesSql(s));
    await client.query('COMMIT');
  } catch (e) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw e;
  }
}

/** Run `work` in one transaction on one of the pool's connections (rolled back if it throws). */
export function inTransaction<T>(
  pool: pg.Pool,
  shown: string,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  return onOwnClient(pool, shown, async (client) => {
    await client.query('BEGIN');
    try {
      const out = await work(client);
      await client.query('COMMIT');
      return out;
    } catch (e) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw e;
    }
  });
}

/** Run `work` on a connection of its own, out of any transaction (destroyed, not reused, if `work` fails). */
export async function onOwnClient<T>(
  pool: pg.Pool,
  shown: string,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  let client: pg.PoolClient;
  try {
    client = await pool.connect();
  } catch (e) {
    throw pgError(e, shown);
  }
  try {
    const out = await work(client);
    client.release();
    return out;
  } catch (e) {
    client.release(true);
    throw pgError(e, shown);
  }
}
