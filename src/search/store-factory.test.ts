import assert from 'node:assert/strict';
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

  it('refuses a postgres: location as not available yet, without repeating its password', async () => {
    await assert.rejects(openIndexStore('postgres://user:s3cret@db.example/skills'), (e) => {
      assert.ok(e instanceof SkillsetError);
      assert.equal(e.code, 'index/store-unavailable');
      assert.match(e.message, /PostgreSQL index store \(postgres:…\) is not available yet/);
      assert.doesNotMatch(e.message, /s3cret/);
      return true;
    });
  });

  it('is what openSkillIndex opens its index with', async () => {
    await assert.rejects(
      openSkillIndex({
        roots: [path.join(repoRoot, 'examples', 'skills')],
        indexFile: 'postgresql://db.example/skills',
      }),
      (e) => e instanceof SkillsetError && e.code === 'index/store-unavailable',
    );
  });
});
