// The stores as a user meets them through the CLI: a reserved store location is one line and exit 2.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { cliPath, repoRoot } from '../src/test-support/paths.js';

const examples = path.join(repoRoot, 'examples', 'skills');

describe('the index store a location names', () => {
  it('answers a postgres: --index with one line, no password, and exit 2', () => {
    const r = spawnSync(
      process.execPath,
      [cliPath, 'search', 'review', examples, '--index', 'postgres://me:s3cret@db/skills'],
      {
        encoding: 'utf8',
        env: { ...process.env, SKILLSET_CACHE_DIR: mkdtempSync(path.join(os.tmpdir(), 'ss-')) },
      },
    );
    assert.equal(r.status, 2, r.stderr);
    assert.equal(r.stdout, '');
    assert.match(r.stderr, /PostgreSQL index store \(postgres:…\) is not available yet/);
    assert.doesNotMatch(r.stderr, /s3cret|\n\s+at /);
  });
});
