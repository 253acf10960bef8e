// The stores as a user meets them through the CLI: a PostgreSQL server out of reach is one line and
// exit 2; one that runs serves the search.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { cliPath, repoRoot } from '../src/test-support/paths.js';
import { startTestCluster, type TestCluster } from '../src/test-support/postgres.js';

const examples = path.join(repoRoot, 'examples', 'skills');

const search = (index: string) =>
  spawnSync(process.execPath, [cliPath, 'search', 'review', examples, '--index', index], {
    encoding: 'utf8',
    env: { ...process.env, SKILLSET_CACHE_DIR: mkdtempSync(path.join(os.tmpdir(), 'ss-')) },
  });

/** A port nothing listens on: the kernel's pick for port 0, released again. */
function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

describe('the index store a location names', () => {
  let cluster: TestCluster | undefined;
  before(async () => {
    cluster = await startTestCluster();
  });
  after(async () => {
    await cluster?.stop();
  });

  it('answers a postgres: --index out of reach with one line, no password, and exit 2', async () => {
    const r = search(`postgres://me:s3cret@127.0.0.1:${await closedPort()}/skills`);
    assert.equal(r.status, 2, r.stderr);
    assert.equal(r.stdout, '');
    assert.match(
      r.stderr,
      /PostgreSQL index store postgres:\/\/127\.0\.0\.1:\d+\/skills is unavailable/,
    );
    assert.doesNotMatch(r.stderr, /s3cret|\n\s+at /);
  });

  it('searches an index kept in PostgreSQL as it searches the embedded one', () => {
    const pg = search(`${cluster?.url}?schema=cli`);
    const embedded = search(path.join(mkdtempSync(path.join(os.tmpdir(), 'ss-')), 'index.sqlite'));
    assert.equal(pg.status, 0, pg.stderr);
    assert.equal(pg.stdout, embedded.stdout);
    assert.notEqual(pg.stdout, '');
  });
});
