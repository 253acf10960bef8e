import assert from 'node:assert/strict';
import net from 'node:net';
import path from 'node:path';
import { describe, it } from 'node:test';
import { SkillsetError } from '../errors.js';
import { repoRoot } from '../test-support/paths.js';
import { storeKind } from './index-file.js';
import { openSkillIndex } from './search.js';
import { openIndexStore } from './store-factory.js';

describe('the index store factory', () => {
  it('takes SQLite for a file or :memory:, PostgreSQL for a postgres: location', () => {
    assert.equal(storeKind(':memory:'), 'sqlite');
    assert.equal(storeKind('/tmp/index.sqlite'), 'sqlite');
    assert.equal(storeKind('C:\\cache\\index.sqlite'), 'sqlite');
    assert.equal(storeKind('postgres://u:p@host/db'), 'postgres');
    assert.equal(storeKind('POSTGRESQL://host/db'), 'postgres');
  });

  it('reports a PostgreSQL server it cannot reach in one line, without repeating its password', async () => {
    const port = await closedPort();
    await assert.rejects(openIndexStore(`postgres://user:s3cret@127.0.0.1:${port}/skills`), (e) => {
      assert.ok(e instanceof SkillsetError);
      assert.equal(e.code, 'index/store-unavailable');
      assert.match(
        e.message,
        new RegExp(
          `^The PostgreSQL index store postgres://127\\.0\\.0\\.1:${port}/skills is unavailable: .*ECONNREFUSED`,
        ),
      );
      assert.doesNotMatch(e.message, /s3cret|\n/);
      return true;
    });
  });

  it('is what openSkillIndex opens its index with', async () => {
    await assert.rejects(
      openSkillIndex({
        roots: [path.join(repoRoot, 'examples', 'skills')],
        indexFile: `postgresql://127.0.0.1:${await closedPort()}/skills`,
      }),
      (e) => e instanceof SkillsetError && e.code === 'index/store-unavailable',
    );
  });
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
