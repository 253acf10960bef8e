import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createMemoryFileSystem } from '../../../files/memory-fs.js';
import { lintSkills } from '../../run.js';
import { symlinkOut } from './symlink-out.js';

const skill = '---\nname: x\ndescription: Use when testing.\n---\nBody.\n';

/** The rule's findings on a memory library whose skill `x` holds `entries`. */
async function findings(entries: Record<string, unknown>) {
  const fs = createMemoryFileSystem({
    home: { u: { '.ssh': { id_rsa: 'key' } } },
    lib: { x: { 'SKILL.md': skill, ...entries }, shared: { 'a.md': 'A' } },
  } as never);
  const r = await lintSkills({ fs, roots: ['/lib'], profile: 'security' });
  return r.diagnostics.filter((d) => d.code === symlinkOut.code);
}

describe(symlinkOut.code, () => {
  it('reports a link to a file outside the skill folder, naming its target', async () => {
    const got = await findings({ key: { kind: 'symlink', target: '/home/u/.ssh/id_rsa' } });
    assert.equal(got.length, 1);
    assert.equal(got[0]?.file, '/lib/x/key');
    assert.equal(got[0]?.severity, 'error');
    assert.match(got[0]?.message ?? '', /\/home\/u\/\.ssh\/id_rsa/);
  });

  it('reports a link to a sibling folder of the root', async () => {
    const got = await findings({ refs: { kind: 'symlink', target: '../shared' } });
    assert.deepEqual(
      got.map((d) => d.file),
      ['/lib/x/refs'],
    );
  });

  it('accepts a link that stays inside the folder', async () => {
    const got = await findings({ a: 'A', b: { kind: 'symlink', target: 'a' } });
    assert.deepEqual(got, []);
  });
});
