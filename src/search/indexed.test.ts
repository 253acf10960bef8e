// An index opened from a catalog and moved on by that catalog's changes answers as one opened from the
// newer catalog, and re-indexes, from the skills it holds, what another connection changed in its file.

import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { diffCatalogs } from '../catalog/diff.js';
import { discoverSkills } from '../discover/discover.js';
import { openSkillIndex } from './search.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'skillset-indexed-'));
after(() => rmSync(dir, { recursive: true, force: true }));

/** A library folder of its own under `dir`, with a writer of its skills. */
function library(name: string) {
  const root = path.join(dir, name);
  const write = (skill: string, description: string): void => {
    mkdirSync(path.join(root, skill), { recursive: true });
    writeFileSync(
      path.join(root, skill, 'SKILL.md'),
      `---\nname: ${skill}\ndescription: ${description}\n---\n${description}\n`,
    );
  };
  const discover = () => discoverSkills({ roots: [root], cacheDir: false });
  return { root, write, discover };
}

describe('an index moved on by catalog changes', () => {
  it('answers as an index opened from the newer catalog', async () => {
    const lib = library('moved');
    lib.write('kafka-lag', 'Fix kafka consumer lag in streaming jobs.');
    lib.write('terraform-modules', 'Write reusable terraform modules.');
    lib.write('zebra-stripes', 'Paint zebra stripes on diagrams.');
    const before = await lib.discover();
    const index = await openSkillIndex({ catalog: before });
    try {
      lib.write('kafka-lag', 'Tune kafka partitions and consumer groups.');
      rmSync(path.join(lib.root, 'zebra-stripes'), { recursive: true });
      lib.write('helm-charts', 'Package kubernetes apps as helm charts.');
      const next = await lib.discover();
      const changes = diffCatalogs(before, next);
      const stats = await index.apply(changes);
      assert.deepEqual(stats, {
        added: changes.added.length,
        changed: changes.changed.length,
        removed: changes.removed.length,
        unchanged: changes.unchanged,
      });
      assert.ok(stats.added > 0 && stats.changed > 0 && stats.removed > 0, JSON.stringify(stats));
      const fresh = await openSkillIndex({ catalog: next });
      try {
        for (const q of ['kafka partitions', 'zebra stripes', 'helm charts', 'terraform', 'x'])
          assert.equal(
            JSON.stringify(await index.search(q)),
            JSON.stringify(await fresh.search(q)),
            q,
          );
      } finally {
        fresh.close();
      }
      assert.equal((await index.search('helm charts')).results[0]?.name, 'helm-charts');
      assert.ok(
        (await index.search('zebra stripes')).results.every((r) => r.name !== 'zebra-stripes'),
      );
    } finally {
      index.close();
    }
  });

  it('re-indexes a skill that another connection changed in the shared file, though its changes leave it out', async () => {
    const lib = library('shared');
    const indexFile = path.join(dir, 'shared.sqlite');
    lib.write('kafka-lag', 'Fix kafka consumer lag in streaming jobs.');
    lib.write('terraform-modules', 'Write reusable terraform modules.');
    const first = await lib.discover();
    const a = await openSkillIndex({ catalog: first, indexFile });
    try {
      // Another connection writes its own catalog to the file: kafka-lag as it then was.
      lib.write('kafka-lag', 'Paint zebra stripes on diagrams.');
      (await openSkillIndex({ catalog: await lib.discover(), indexFile })).close();
      // A's catalog moves on by one skill; kafka-lag is as A indexed it, so its changes leave it out.
      lib.write('kafka-lag', 'Fix kafka consumer lag in streaming jobs.');
      lib.write('terraform-modules', 'Write reusable terraform modules for AWS.');
      const changes = diffCatalogs(first, await lib.discover());
      assert.deepEqual(
        changes.changed.map((c) => c.after.name),
        ['terraform-modules'],
      );
      await a.apply(changes);
      assert.equal((await a.search('kafka consumer lag')).results[0]?.name, 'kafka-lag');
      assert.ok((await a.search('zebra stripes')).results.every((r) => r.name !== 'kafka-lag'));
    } finally {
      a.close();
    }
  });
});
