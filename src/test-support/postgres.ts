// A private PostgreSQL 15 cluster for one test file: initdb in a fresh temp folder (as the
// `postgres` user when we are root: initdb refuses root), trust auth on 127.0.0.1, a free port,
// one database. Each test file starts its own, so files run in parallel processes never share one.

import { execFile } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Where Debian puts PostgreSQL 15's server programs. */
const PG_BIN = '/usr/lib/postgresql/15/bin';

/** The database each cluster holds. */
const DATABASE = 'skillset';

/** A running cluster: its database's URL, and how to stop it (the folder goes with it). */
export interface TestCluster {
  url: string;
  stop(): Promise<void>;
  /** Stop the server (its data kept): clients lose their connections until `resume`. */
  pause(): Promise<void>;
  /** Start the paused server again, on the same port. */
  resume(): Promise<void>;
}

/** The folder holding `initdb` and `pg_ctl`: Debian's PostgreSQL 15, else the PATH. */
function binFolder(): string {
  if (fs.existsSync(path.join(PG_BIN, 'initdb'))) return PG_BIN;
  for (const dir of (process.env.PATH ?? '').split(path.delimiter))
    if (
      dir !== '' &&
      fs.existsSync(path.join(dir, 'initdb')) &&
      fs.existsSync(path.join(dir, 'pg_ctl'))
    )
      return dir;
  throw new Error('PostgreSQL 15 is not installed: apt-get install postgresql-15');
}

/** A port nothing listens on now (the kernel's pick for port 0, released again). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Root runs the server programs as `postgres` (they refuse root); anyone else as themselves. */
function asOwner(program: string, args: string[]): [string, string[]] {
  return process.getuid?.() === 0
    ? ['runuser', ['-u', 'postgres', '--', program, ...args]]
    : [program, args];
}

async function runAsOwner(program: string, args: string[]): Promise<void> {
  const [cmd, argv] = asOwner(program, args);
  try {
    await run(cmd, argv, { cwd: os.tmpdir() });
  } catch (e) {
    const err = e as Error & { stderr?: string };
    throw new Error(`${path.basename(program)} failed: ${(err.stderr ?? err.message).trim()}`);
  }
}

/**
 * Start a private cluster on 127.0.0.1 and create its database. A port taken between choosing and
 * starting (another test file's cluster) is met by trying another.
 */
export async function startTestCluster(): Promise<TestCluster> {
  const bin = binFolder();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'skillset-pg-'));
  const data = path.join(dir, 'data');
  const stopped = async (): Promise<void> => fs.rmSync(dir, { recursive: true, force: true });
  try {
    if (process.getuid?.() === 0) fs.chownSync(dir, ...postgresIds());
    await runAsOwner(path.join(bin, 'initdb'), [
      '-D',
      data,
      '-U',
      'postgres',
      '--auth=trust',
      '--encoding=UTF8',
      '--locale=C',
      '--no-sync',
    ]);
    const port = await startServer(bin, dir, data);
    const ctl = (args: string[]) => runAsOwner(path.join(bin, 'pg_ctl'), args);
    const pause = () => ctl(['stop', '-D', data, '-m', 'fast', '-w']);
    const stop = async (): Promise<void> => {
      await pause().catch(() => undefined);
      await stopped();
    };
    try {
      await createDatabase(port);
    } catch (e) {
      await stop();
      throw e;
    }
    return {
      url: `postgres://postgres@127.0.0.1:${port}/${DATABASE}`,
      stop,
      pause,
      resume: () =>
        ctl([
          'start',
          '-w',
          '-D',
          data,
          '-l',
          path.join(dir, 'server.log'),
          '-o',
          serverOptions(port, dir),
        ]),
    };
  } catch (e) {
    await stopped();
    throw e;
  }
}

/** The uid and gid of `postgres`. */
function postgresIds(): [number, number] {
  const line = fs
    .readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('postgres:'));
  const [, , uid, gid] = line?.split(':') ?? [];
  if (uid === undefined || gid === undefined)
    throw new Error('There is no `postgres` user to run PostgreSQL as');
  return [Number(uid), Number(gid)];
}

/** The server's options: `port` on 127.0.0.1, its socket in `dir`, durability off (a test's data). */
const serverOptions = (port: number, dir: string): string =>
  `-p ${port} -h 127.0.0.1 -k ${dir} -c fsync=off -c full_page_writes=off -c synchronous_commit=off`;

/** `pg_ctl start -w` on a free port (its socket in the cluster's folder); the port it listens on. */
async function startServer(bin: string, dir: string, data: string): Promise<number> {
  let last: unknown;
  for (let attempt = 0; attempt < 5; attempt++) {
    const port = await freePort();
    const options = serverOptions(port, dir);
    try {
      await runAsOwner(path.join(bin, 'pg_ctl'), [
        'start',
        '-w',
        '-D',
        data,
        '-l',
        path.join(dir, 'server.log'),
        '-o',
        options,
      ]);
      return port;
    } catch (e) {
      last = e;
      const log = fs.existsSync(path.join(dir, 'server.log'))
        ? fs.readFileSync(path.join(dir, 'server.log'), 'utf8')
        : '';
      // Only a port taken meanwhile is worth another try.
      if (!/could not bind|address already in use/i.test(log)) break;
    }
  }
  throw last;
}

/** Create the cluster's database (pg, loaded here: the store's own dependency). */
async function createDatabase(port: number): Promise<void> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', database: 'postgres' });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${DATABASE}`);
  } finally {
    await client.end();
  }
}
