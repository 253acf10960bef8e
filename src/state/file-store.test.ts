import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import { nodeFileSystem } from '../files/fs.js';
import { createMemoryFileSystem } from '../files/memory-fs.js';
import { recordApproval } from '../invoke/permissions.js';
import { stateFileFor } from '../util/dirs.js';
import { APPROVAL_STATE } from './approvals.js';
import { fileStateStore } from './file-store.js';
import { countUse, USAGE_STATE } from './usage.js';

const tmp = () => mkdtempSync(path.join(os.tmpdir(), 'skillset-state-'));
const here = path.dirname(new URL(import.meta.url).pathname);

/** A child process that records `times` uses of `id` in the states of `cacheDir`, one update each. */
function countInChild(cacheDir: string, id: string, times: number): Promise<number | null> {
  const store = pathToFileURL(path.join(here, 'file-store.ts')).href;
  const usage = pathToFileURL(path.join(here, 'usage.ts')).href;
  const script = `
    const { fileStateStore } = await import(${JSON.stringify(store)});
    const { countUse, USAGE_STATE } = await import(${JSON.stringify(usage)});
    const s = fileStateStore({ cacheDir: ${JSON.stringify(cacheDir)}, key: 'index.sqlite' });
    for (let i = 0; i < ${times}; i++) {
      const r = await s.update(USAGE_STATE, (u) => countUse(u, ${JSON.stringify(id)}, i));
      if (!r.written) process.exit(3);
    }`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    stdio: 'inherit',
  });
  return new Promise((resolve) => child.on('exit', (code) => resolve(code)));
}

describe('the file state store', () => {
  it('loses no count when several processes record uses at once', async () => {
    const cacheDir = tmp();
    const ids = ['review', 'deploy', 'review', 'deploy'];
    const times = 25;
    const codes = await Promise.all(ids.map((id) => countInChild(cacheDir, id, times)));
    assert.deepEqual(
      codes,
      ids.map(() => 0),
    );
    const store = fileStateStore({ cacheDir, key: 'index.sqlite' });
    const { state, diagnostics } = await store.read(USAGE_STATE);
    assert.deepEqual(diagnostics, []);
    const perId = (id: string) => ids.filter((x) => x === id).length * times;
    assert.equal(state.skills.review?.count, perId('review'));
    assert.equal(state.skills.deploy?.count, perId('deploy'));
    // Nothing is left beside the state: no lock, no temporary file.
    assert.deepEqual(readdirSync(cacheDir), [
      path.basename(stateFileFor(cacheDir, 'index.sqlite', 'usage') as string),
    ]);
  });

  it('reads and writes through the injected file system, the lock included', async () => {
    const cacheDir = '/cache';
    const file = stateFileFor(cacheDir, 'k', 'usage') as string;
    const fs = createMemoryFileSystem({
      cache: { [path.basename(file)]: '{"version":1,"skills":{"a":{"count":3,"lastUsed":1}}}' },
    });
    const store = fileStateStore({ cacheDir, key: 'k', fs });
    assert.equal((await store.read(USAGE_STATE)).state.skills.a?.count, 3);
    assert.ok((await store.update(USAGE_STATE, (u) => countUse(u, 'a', 2))).written);
    const r = await fs.readFile(file, 1024);
    assert.ok(r.ok);
    assert.equal(r.bytes.toString(), '{"version":1,"skills":{"a":{"count":4,"lastUsed":2}}}\n');
    assert.deepEqual(
      (await fs.readdir(cacheDir)).map((e) => e.name),
      [path.basename(file)],
    );
    // A missing cache folder is made in the injected file system, not on disk.
    const fresh = createMemoryFileSystem({});
    const elsewhere = fileStateStore({ cacheDir: '/no/such/cache', key: 'k', fs: fresh });
    assert.ok((await elsewhere.update(APPROVAL_STATE, (s) => s)).written);
    assert.deepEqual(
      (await fresh.readdir('/no/such/cache')).map((e) => e.name),
      [path.basename(stateFileFor('/no/such/cache', 'k', 'approvals') as string)],
    );
  });

  it('keeps approvals, and reads a damaged approvals file as none, with a warning', async () => {
    const cacheDir = tmp();
    const store = fileStateStore({ cacheDir, key: 'k' });
    const skill = { id: 'deploy', contentHash: 'abc' };
    await store.update(APPROVAL_STATE, (s) => recordApproval(s, skill, 5));
    assert.deepEqual((await store.read(APPROVAL_STATE)).state, {
      version: 1,
      approvals: { deploy: { contentHash: 'abc', at: 5 } },
    });
    const file = stateFileFor(cacheDir, 'k', 'approvals') as string;
    writeFileSync(file, '{"version":1,"approvals":[]}');
    const r = await store.read(APPROVAL_STATE);
    assert.deepEqual(r.state, APPROVAL_STATE.empty());
    assert.match(
      r.diagnostics[0]?.message ?? '',
      /approvals state file is not one skillset writes/,
    );
  });

  it('breaks a lock a dead process left, and gives up, unkept, on one held too long', async () => {
    const cacheDir = tmp();
    const file = stateFileFor(cacheDir, 'k', 'usage') as string;
    await nodeFileSystem.writeFile(`${file}.lock`, '1\n', { exclusive: true });
    const held = fileStateStore({ cacheDir, key: 'k', lockWaitMs: 20 });
    assert.equal((await held.update(USAGE_STATE, (u) => countUse(u, 'a', 1))).written, false);
    const old = new Date(Date.now() - 60_000);
    utimesSync(`${file}.lock`, old, old);
    const store = fileStateStore({ cacheDir, key: 'k', staleLockMs: 30_000 });
    assert.equal((await store.update(USAGE_STATE, (u) => countUse(u, 'a', 1))).written, true);
    assert.match(readFileSync(file, 'utf8'), /"a":\{"count":1/);
    assert.deepEqual(readdirSync(cacheDir), [path.basename(file)]);
  });
});
