import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { createService } from '../core/service.js';
import { connect } from '../search/pg-schema.js';
import { PgIndexStore } from '../search/pg-store.js';
import { skillFiles } from '../test-support/corpus.js';
import { corporaDir } from '../test-support/paths.js';
import { startTestCluster, type TestCluster } from '../test-support/postgres.js';
import { stateStoreContract } from '../test-support/state-store-contract.js';
import { pgStateStore } from './pg-state-store.js';
import { countUse, USAGE_STATE } from './usage.js';

const here = path.dirname(new URL(import.meta.url).pathname);

// One private cluster for the file; every case gets a fresh schema in its database.
let cluster: TestCluster | undefined;
before(async () => {
  cluster = await startTestCluster();
});
after(async () => {
  await cluster?.stop();
});
let n = 0;
const urlOf = () => {
  if (!cluster) throw new Error('The test cluster did not start');
  return cluster.url;
};
const storeAt = (location: string) => pgStateStore({ location, connect });

/** Run `sql` on the cluster's database with a client of its own. */
async function sql<R extends pg.QueryResultRow>(
  text: string,
  values: unknown[] = [],
): Promise<R[]> {
  const client = new pg.Client({ connectionString: urlOf() });
  await client.connect();
  try {
    return (await client.query<R>(text, values)).rows;
  } finally {
    await client.end();
  }
}

stateStoreContract('PostgreSQL', async () => {
  const schema = `contract_${n++}`;
  const store = storeAt(`${urlOf()}?schema=${schema}`);
  return {
    store,
    raw: async (kind) =>
      (await sql<{ value: string }>(`SELECT value FROM ${schema}.state WHERE kind = $1`, [kind]))[0]
        ?.value,
    put: async (kind, text) => {
      await sql(`UPDATE ${schema}.state SET value = $2 WHERE kind = $1`, [kind, text]);
    },
  };
});

/**
 * A child process that records `times` uses of `id` in the states at `location`, one update each. It
 * connects, says `ready`, and counts when told `go`: the children count at the same time.
 */
function countInChild(location: string, id: string, times: number) {
  const imports = ['pg-state-store.ts', 'usage.ts', '../search/pg-schema.ts'].map((f) =>
    JSON.stringify(pathToFileURL(path.join(here, f)).href),
  );
  const script = `
    const { once } = await import('node:events');
    const { pgStateStore } = await import(${imports[0]});
    const { countUse, USAGE_STATE } = await import(${imports[1]});
    const { connect } = await import(${imports[2]});
    const s = pgStateStore({ location: ${JSON.stringify(location)}, connect });
    await s.read(USAGE_STATE);
    process.stdout.write('ready\\n');
    await once(process.stdin, 'data');
    for (let i = 0; i < ${times}; i++) {
      const r = await s.update(USAGE_STATE, (u) => countUse(u, ${JSON.stringify(id)}, i));
      if (!r.written) { console.error(JSON.stringify(r.diagnostics)); process.exit(3); }
    }
    process.exit(0);`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  return {
    ready: once(child.stdout, 'data'),
    go: () => child.stdin.write('go\n'),
    exited: new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code))),
  };
}

describe('the PostgreSQL state store', () => {
  it('loses no count when two processes record uses of one skill at once', async () => {
    const location = `${urlOf()}?schema=processes`;
    const times = 40;
    const children = [1, 2].map(() => countInChild(location, 'review', times));
    await Promise.all(children.map((c) => c.ready));
    for (const c of children) c.go();
    assert.deepEqual(await Promise.all(children.map((c) => c.exited)), [0, 0]);
    const { state, diagnostics } = await storeAt(location).read(USAGE_STATE);
    assert.deepEqual(diagnostics, []);
    assert.equal(state.skills.review?.count, 2 * times);
  });

  it('keeps the states under the index’s place, never the user or password it was reached with', async () => {
    const url = new URL(urlOf());
    url.password = 'not-needed';
    url.searchParams.set('schema', 'keyed');
    await storeAt(url.toString()).update(USAGE_STATE, (u) => countUse(u, 'a', 1));
    assert.deepEqual(await sql('SELECT key, kind FROM keyed.state'), [
      { key: `postgres://${url.host}/skillset?schema=keyed`, kind: 'usage' },
    ]);
  });

  it('keeps the states when the index is remade for another version', async () => {
    const location = `${urlOf()}?schema=remade`;
    const index = await PgIndexStore.open(location);
    index.close();
    await storeAt(location).update(USAGE_STATE, (u) => countUse(u, 'a', 1));
    await sql(`UPDATE remade.info SET value = '0' WHERE key = 'version'`);
    await sql(`INSERT INTO remade.spaces(name) VALUES ('marker')`);
    const reopened = await PgIndexStore.open(location);
    reopened.close();
    // Remade: the index's tables are new, the states are as they were.
    assert.deepEqual(await sql('SELECT name FROM remade.spaces'), []);
    const { state } = await storeAt(location).read(USAGE_STATE);
    assert.equal(state.skills.a?.count, 1);
  });

  it('gives up, unkept, on a state another holds past the wait, and makes a table dropped by hand again', async () => {
    const location = `${urlOf()}?schema=held`;
    const store = storeAt(location);
    assert.ok((await store.update(USAGE_STATE, (u) => countUse(u, 'a', 1))).written);
    const holder = new pg.Client({ connectionString: urlOf() });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT value FROM held.state FOR UPDATE');
      const waiting = pgStateStore({ location, connect, lockWaitMs: 50 });
      const w = await waiting.update(USAGE_STATE, (u) => countUse(u, 'a', 2));
      assert.equal(w.written, false);
      assert.deepEqual(
        w.diagnostics.map((d) => d.code),
        ['state/unavailable'],
      );
      // Reads do not wait for writers.
      assert.equal((await waiting.read(USAGE_STATE)).state.skills.a?.count, 1);
      await holder.query('ROLLBACK');
    } finally {
      await holder.end();
    }
    await sql('DROP TABLE held.state');
    const gone = await store.read(USAGE_STATE);
    assert.deepEqual(
      gone.diagnostics.map((d) => d.code),
      ['state/unavailable'],
    );
    assert.ok((await store.update(USAGE_STATE, (u) => countUse(u, 'b', 3))).written);
    assert.deepEqual(Object.keys((await store.read(USAGE_STATE)).state.skills), ['b']);
  });

  it('records the uses a service counts against a PostgreSQL index, and its listing reads them', async () => {
    const root = path.join(corporaDir, 'salesforce-skills', 'skills', 'omnistudio');
    const service = await createService({
      roots: [root],
      indexFile: `${urlOf()}?schema=service`,
      cache: false,
    });
    try {
      const catalog = await service.catalog();
      assert.ok(catalog.ok);
      assert.equal(catalog.value.skills.length, skillFiles(root).length);
      const [first, second] = catalog.value.skills.map((s) => s.id);
      for (const id of [first, second, first])
        assert.deepEqual((await service.load(id as string, { record: true })).diagnostics, []);
      const rows = await sql<{ kind: string; value: string }>(
        'SELECT kind, value FROM service.state ORDER BY kind',
      );
      assert.deepEqual(
        rows.map((r) => r.kind),
        ['usage'],
      );
      const skills = JSON.parse(rows[0]?.value ?? '{}').skills;
      assert.deepEqual(
        Object.fromEntries(
          Object.entries(skills).map(([id, u]) => [id, (u as { count: number }).count]),
        ),
        { [first as string]: 2, [second as string]: 1 },
      );
      const listing = await service.listing();
      assert.ok(listing.ok);
      assert.deepEqual(listing.diagnostics, []);
    } finally {
      service.close();
    }
  });

  it('reads a server out of reach as the empty state and keeps no update, each with a warning', async () => {
    const location = `${urlOf()}?schema=stopped`;
    const store = storeAt(location);
    assert.ok((await store.update(USAGE_STATE, (u) => countUse(u, 'a', 1))).written);
    await cluster?.stop();
    cluster = undefined;
    const read = await store.read(USAGE_STATE);
    assert.deepEqual(read.state, USAGE_STATE.empty());
    const write = await store.update(USAGE_STATE, (u) => countUse(u, 'a', 2));
    assert.equal(write.written, false);
    // A store that never reached its server says the same.
    const never = await storeAt(location).update(USAGE_STATE, (u) => countUse(u, 'a', 3));
    const said = [...read.diagnostics, ...write.diagnostics, ...never.diagnostics];
    assert.equal(said.length, 3);
    for (const d of said) {
      assert.equal(d.code, 'state/unavailable');
      assert.equal(d.severity, 'warning');
      assert.equal(d.file, location.replace('postgres@', ''));
      assert.doesNotMatch(d.message, /postgres@/);
    }
    assert.match(
      read.diagnostics[0]?.message ?? '',
      /usage state cannot be read from .*empty state/,
    );
    assert.match(write.diagnostics[0]?.message ?? '', /usage state cannot be kept in .*lost/);
  });
});
