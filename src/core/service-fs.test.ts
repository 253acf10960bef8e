// A service over a memory file system writes nothing to disk: the cache folder's probe, usage counts,
// the selection's state, approvals a host keeps, an export and a tier all land in the memory tree.

import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import type { FileSystem } from '../files/fs.js';
import { createMemoryFileSystem } from '../files/memory-fs.js';
import { recordApproval } from '../invoke/permissions.js';
import { APPROVAL_STATE } from '../state/approvals.js';
import { fileStateStore } from '../state/file-store.js';
import { USAGE_STATE } from '../state/usage.js';
import { tempFolders } from '../test-support/temp.js';
import { createService } from './service.js';
import { resolveSettings } from './settings.js';

const temp = tempFolders('skillset-service-fs-');

const skill = (name: string, description: string) =>
  `---\nname: ${name}\ndescription: ${description}\n---\n\nSteps for ${name}.\n`;

/** Every file below `dir` in `fs`, relative, sorted. */
async function filesIn(fs: FileSystem, dir: string, rel = ''): Promise<string[]> {
  const out: string[] = [];
  for (const e of await fs.readdir(path.join(dir, rel))) {
    const at = rel === '' ? e.name : `${rel}/${e.name}`;
    if (e.kind === 'dir') out.push(...(await filesIn(fs, dir, at)));
    else out.push(at);
  }
  return out.sort();
}

describe('a service over a memory file system', () => {
  it('exports, builds a tier and keeps usage, selection state and approvals in it, nothing on disk', async () => {
    // Paths below a real, empty temporary folder: anything written around the file system shows there.
    const disk = temp();
    const fs = createMemoryFileSystem({
      lib: {
        deploy: { 'SKILL.md': skill('deploy', 'Deploy the app to production.') },
        review: {
          'SKILL.md': skill('review', 'Review a pull request for bugs.'),
          scripts: { 'check.sh': '#!/bin/sh\necho ok\n' },
        },
      },
    });
    const settings = await resolveSettings({
      fs,
      cwd: path.join(disk, 'project'),
      roots: ['/lib'],
      cacheDir: path.join(disk, 'cache'),
      userConfigFile: false,
    });
    assert.equal(settings.cacheDir, path.join(disk, 'cache'));
    assert.equal(settings.indexFile, ':memory:');
    const service = await createService(settings);

    const out = path.join(disk, 'out');
    for (const target of ['agents-dir', 'agents-md'] as const) {
      const r = await service.export({ target, outDir: out });
      assert.ok(r.ok && r.value.written.length > 0, JSON.stringify(r));
    }
    const built = await service.build({ out: path.join(disk, 'tier'), name: 'lib' });
    assert.ok(built.ok && built.value.written.length > 0, JSON.stringify(built));
    const loaded = await service.load('deploy', { record: true });
    assert.ok(loaded.ok);
    const selected = await service.select({ intent: 'review a pull request' });
    assert.ok(selected.ok);
    const store = fileStateStore({
      cacheDir: settings.cacheDir as string,
      key: settings.stateKey,
      fs,
    });
    const approved = await store.update(APPROVAL_STATE, (s) =>
      recordApproval(s, { id: 'review', contentHash: 'abc' }, 1),
    );
    assert.ok(approved.written);

    assert.deepEqual(readdirSync(disk), []);
    assert.deepEqual(await filesIn(fs, out), [
      '.agents/skills/deploy/SKILL.md',
      '.agents/skills/review/SKILL.md',
      '.agents/skills/review/scripts/check.sh',
      '.skillset-export.json',
      'AGENTS.md',
    ]);
    assert.ok((await filesIn(fs, path.join(disk, 'tier'))).includes('lib/SKILL.md'));
    const states = (await filesIn(fs, settings.cacheDir as string)).map((f) => f.split('-')[0]);
    assert.deepEqual(states, ['approvals', 'select', 'usage']);
    assert.equal((await store.read(USAGE_STATE)).state.skills.deploy?.count, 1);
    // A second export finds everything as it left it.
    const again = await service.export({ target: 'agents-dir', outDir: out });
    assert.ok(again.ok);
    assert.deepEqual(again.value.written, []);
  });
});
