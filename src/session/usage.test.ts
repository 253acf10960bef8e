import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { readUsage, recordUse, usageCounts, usageFile } from './usage.js';

const tmp = () => mkdtempSync(path.join(os.tmpdir(), 'skillset-usage-'));

describe('usage counts', () => {
  it('counts each use, sorted by id, and reads back what it wrote', () => {
    const file = path.join(tmp(), 'sub', 'usage.json');
    assert.equal(recordUse(file, 'review', 10), true);
    assert.equal(recordUse(file, 'deploy', 11), true);
    assert.equal(recordUse(file, 'review', 12), true);
    assert.deepEqual(
      [...usageCounts(readUsage(file))],
      [
        ['deploy', 1],
        ['review', 2],
      ],
    );
    assert.equal(
      readFileSync(file, 'utf8'),
      '{"version":1,"skills":{"deploy":{"count":1,"lastUsed":11},"review":{"count":2,"lastUsed":12}}}\n',
    );
  });

  it('reads a missing, damaged or foreign file as no uses, and a damaged one is rewritten whole', () => {
    const dir = tmp();
    assert.deepEqual(readUsage(path.join(dir, 'none.json')).skills, {});
    const bad = path.join(dir, 'bad.json');
    writeFileSync(bad, '{"version":1,"skills":{"x":{"cou');
    assert.deepEqual(readUsage(bad).skills, {});
    writeFileSync(bad, '{"version":2,"skills":{"x":{"count":5,"lastUsed":1}}}');
    assert.deepEqual(readUsage(bad).skills, {});
    writeFileSync(
      bad,
      '{"version":1,"skills":{"x":{"count":-1,"lastUsed":1},"y":{"count":2,"lastUsed":3}}}',
    );
    assert.deepEqual(Object.keys(readUsage(bad).skills), ['y']);
    assert.equal(recordUse(bad, 'x', 4), true);
    assert.deepEqual(readUsage(bad).skills.x, { count: 1, lastUsed: 4 });
  });

  it('loses a count, not the run, when the folder cannot be written', () => {
    const dir = tmp();
    const blocker = path.join(dir, 'file');
    writeFileSync(blocker, 'not a folder');
    assert.equal(recordUse(path.join(blocker, 'usage.json'), 'x', 1), false);
    mkdirSync(path.join(dir, 'ok'));
    assert.equal(usageFile(false, 'i.db'), undefined);
    assert.match(usageFile(dir, 'i.db') ?? '', /usage-[0-9a-f]{20}\.json$/);
  });
});
