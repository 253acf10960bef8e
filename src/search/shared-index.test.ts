// One index file, two connections (two processes sharing a cache do this): what one writes, the other
// reads at its next query, even at a reused rowid.

import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { discoverSkills } from '../discover/discover.js';
import { openSkillIndex } from './search.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'skillset-shared-index-'));
after(() => rmSync(dir, { recursive: true, force: true }));

const skill = (name: string, description: string): void => {
  mkdirSync(path.join(dir, 'lib', name), { recursive: true });
  writeFileSync(
    path.join(dir, 'lib', name, 'SKILL.md'),
    `---\nname: ${name}\ndescription: ${description}\n---\n${description}\n`,
  );
};

describe('an index file shared by two connections', () => {
  it('answers from what the other wrote: new words, new documents at old rowids', async () => {
    skill('kafka-lag', 'Fix kafka consumer lag in streaming jobs.');
    const indexFile = path.join(dir, 'index.sqlite');
    const roots = [path.join(dir, 'lib')];
    const a = await openSkillIndex({ roots, indexFile, cacheDir: false });
    try {
      // A reads the vocabulary and documents once.
      assert.equal((await a.search('kafak consumer lag')).results[0]?.name, 'kafka-lag');
      // B adds a skill and swaps the first for another (its rowid is free again).
      rmSync(path.join(dir, 'lib', 'kafka-lag'), { recursive: true });
      skill('terraform-modules', 'Write reusable terraform modules.');
      skill('zebra-stripes', 'Paint zebra stripes on diagrams.');
      const b = await openSkillIndex({
        roots,
        indexFile,
        cacheDir: false,
        catalog: await discoverSkills({ roots, cacheDir: false }),
      });
      b.close();
      const typo = await a.search('terrafrom modules');
      assert.equal(typo.results[0]?.name, 'terraform-modules');
      assert.deepEqual(
        typo.corrections.map((c) => c.to),
        ['terraform'],
      );
      assert.equal((await a.search('zebra stripes')).results[0]?.name, 'zebra-stripes');
      assert.ok(
        (await a.search('kafka consumer lag')).results.every((r) => r.name !== 'kafka-lag'),
      );
    } finally {
      a.close();
    }
  });
});
