import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileStateStore } from './file-store.js';
import { countUse, USAGE_STATE, type UsageState, usageCounts } from './usage.js';

const tmp = () => mkdtempSync(path.join(os.tmpdir(), 'skillset-usage-'));
const count = (id: string, now: number) => (u: UsageState) => countUse(u, id, now);

describe('usage counts', () => {
  it('counts each use, sorted by id, and reads back what it wrote', async () => {
    const dir = path.join(tmp(), 'sub');
    const store = fileStateStore({ cacheDir: dir, key: 'i.db' });
    assert.equal((await store.update(USAGE_STATE, count('review', 10))).written, true);
    assert.equal((await store.update(USAGE_STATE, count('deploy', 11))).written, true);
    assert.equal((await store.update(USAGE_STATE, count('review', 12))).written, true);
    assert.deepEqual(
      [...usageCounts((await store.read(USAGE_STATE)).state)],
      [
        ['deploy', 1],
        ['review', 2],
      ],
    );
    const [file] = readdirSync(dir);
    assert.match(file ?? '', /^usage-[0-9a-f]{20}\.json$/);
    assert.equal(
      readFileSync(path.join(dir, file as string), 'utf8'),
      '{"version":1,"skills":{"deploy":{"count":1,"lastUsed":11},"review":{"count":2,"lastUsed":12}}}\n',
    );
  });

  it('reads a damaged or foreign file as no uses, with a warning, and drops entries that are not counts', async () => {
    const dir = tmp();
    const store = fileStateStore({ cacheDir: dir, key: 'i.db' });
    assert.deepEqual(await store.read(USAGE_STATE), {
      state: USAGE_STATE.empty(),
      diagnostics: [],
    });
    await store.update(USAGE_STATE, count('x', 1));
    const file = path.join(dir, readdirSync(dir)[0] as string);
    for (const text of [
      '{"version":1,"skills":{"x":{"cou',
      '{"version":2,"skills":{"x":{"count":5,"lastUsed":1}}}',
    ]) {
      writeFileSync(file, text);
      const r = await store.read(USAGE_STATE);
      assert.deepEqual(r.state.skills, {});
      assert.deepEqual(
        r.diagnostics.map((d) => [d.code, d.severity, d.file]),
        [['state/damaged', 'warning', file]],
      );
    }
    writeFileSync(
      file,
      '{"version":1,"skills":{"x":{"count":-1,"lastUsed":1},"y":{"count":2,"lastUsed":3}}}',
    );
    assert.deepEqual(Object.keys((await store.read(USAGE_STATE)).state.skills), ['y']);
    assert.equal((await store.update(USAGE_STATE, count('x', 4))).written, true);
    assert.deepEqual((await store.read(USAGE_STATE)).state.skills.x, { count: 1, lastUsed: 4 });
  });
});
