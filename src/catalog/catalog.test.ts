import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { createService } from '../core/service.js';
import { discoverSkills } from '../discover/discover.js';
import { createMemoryFileSystem, type MemoryTree } from '../files/memory-fs.js';
import type { Skill } from '../skill/types.js';
import { diffCatalogs, isUnchanged } from './diff.js';
import { type Candidate, resolveCatalog } from './resolve.js';

const skill = (description: string): MemoryTree => ({
  'SKILL.md': `---\ndescription: ${description}\n---\nBody of ${description}\n`,
});
const tree: MemoryTree = {
  lib: {
    skills: { deploy: skill('deploy the app'), audit: skill('audit the code') },
    docs: { ja: { skills: { deploy: skill('deploy, in Japanese') } } },
  },
  other: { deploy: skill('another deploy') },
};
const discover = () =>
  discoverSkills({ fs: createMemoryFileSystem(tree), roots: ['/lib', '/other'] });

function deepFreeze<T>(x: T): T {
  if (typeof x === 'object' && x !== null && !Object.isFrozen(x)) {
    Object.freeze(x);
    for (const v of Object.values(x)) deepFreeze(v);
  }
  return x;
}

describe('resolveCatalog', () => {
  it('qualifies a clash inside a root, shadows across roots, and records each decision', async () => {
    const r = await discover();
    assert.deepEqual(
      r.skills.map((s) => s.id),
      ['audit', 'deploy', 'docs/ja/skills:deploy'],
    );
    assert.deepEqual(
      r.shadowed.map((s) => s.path),
      ['/other/deploy/SKILL.md'],
    );
    assert.deepEqual(
      r.decisions.map((d) => [d.kind, d.path, d.id]),
      [
        ['qualified', '/lib/docs/ja/skills/deploy/SKILL.md', 'docs/ja/skills:deploy'],
        ['shadowed', '/other/deploy/SKILL.md', 'deploy'],
      ],
    );
    assert.equal(r.decisions[1]?.winner, '/lib/skills/deploy/SKILL.md');
  });

  it('returns frozen records and changes nothing it is given', async () => {
    const r = await discover();
    for (const s of [...r.skills, ...r.shadowed]) {
      assert.ok(Object.isFrozen(s));
      assert.ok(Object.isFrozen(s.diagnostics));
    }
    // Feed resolution deeply frozen candidates: any write would throw (modules run in strict mode).
    const roots = r.roots;
    const candidates: Candidate[] = deepFreeze(
      [...r.skills, ...r.shadowed].map((s: Skill, order) => ({
        skill: { ...s, id: s.name, diagnostics: [] },
        rank: s.source.root === '/lib' ? 0 : 1,
        rootIndex: s.source.root === '/lib' ? 0 : 1,
        order,
        direct: true,
        rel: path.relative(s.source.root, s.dir),
      })),
    );
    const a = resolveCatalog(candidates, roots);
    const b = resolveCatalog(candidates, roots);
    assert.deepEqual(
      a.skills.map((s) => s.id),
      ['audit', 'deploy', 'docs/ja/skills:deploy'],
    );
    assert.deepEqual(JSON.stringify(a), JSON.stringify(b));
    // Every decision points at a skill it was given; no skill is invented.
    const given = new Set(candidates.map((c) => c.skill.path));
    for (const s of [...a.skills, ...a.shadowed]) assert.ok(given.has(s.path));
    assert.equal(a.skills.length + a.shadowed.length, candidates.length);
  });
});

describe('diffCatalogs', () => {
  it('finds what was added, removed and changed, by path, hash and id', async () => {
    const before = await discover();
    assert.ok(isUnchanged(diffCatalogs(before, before)));
    const next = structuredClone(tree) as { lib: { skills: Record<string, MemoryTree> } };
    next.lib.skills.audit = skill('audit the code, now with a new sentence');
    delete next.lib.skills.deploy;
    next.lib.skills.review = skill('review a change');
    const after = await discoverSkills({
      fs: createMemoryFileSystem(next as MemoryTree),
      roots: ['/lib', '/other'],
    });
    const d = diffCatalogs(before, after);
    assert.deepEqual(
      d.added.map((s) => s.path),
      ['/lib/skills/review/SKILL.md'],
    );
    assert.deepEqual(
      d.removed.map((s) => s.path),
      ['/lib/skills/deploy/SKILL.md'],
    );
    // audit's content changed; the Japanese deploy keeps its content but is no longer qualified.
    assert.deepEqual(
      d.changed.map((c) => [c.after.path, c.before.id, c.after.id]),
      [
        ['/lib/docs/ja/skills/deploy/SKILL.md', 'docs/ja/skills:deploy', 'deploy'],
        ['/lib/skills/audit/SKILL.md', 'audit', 'audit'],
      ],
    );
    assert.equal(d.unchanged, 0);
  });
});

describe('service.refresh', () => {
  it('applies what changed on disk to the open index', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'skillset-refresh-'));
    const write = (name: string, description: string) => {
      mkdirSync(path.join(root, name), { recursive: true });
      writeFileSync(
        path.join(root, name, 'SKILL.md'),
        `---\nname: ${name}\ndescription: ${description}\n---\n# ${name}\n\n${description}\n`,
      );
    };
    write('kayak-rolls', 'Practise eskimo rolls in a kayak.');
    write('bread-baking', 'Bake sourdough bread at home.');
    const service = await createService({ roots: [root], cache: false });
    try {
      const first = await service.search('sourdough bread');
      assert.ok(first.ok);
      assert.equal(first.value.results[0]?.name, 'bread-baking');
      write('bread-baking', 'Brew kombucha tea at home.');
      write('sourdough', 'Keep a sourdough starter alive and bake sourdough bread.');
      const changes = await service.refresh();
      assert.ok(changes.ok);
      assert.deepEqual(
        [changes.value.added.length, changes.value.changed.length, changes.value.removed.length],
        [1, 1, 0],
      );
      const again = await service.search('sourdough bread');
      assert.ok(again.ok);
      assert.equal(again.value.results[0]?.name, 'sourdough');
      const idle = await service.refresh();
      assert.ok(idle.ok && isUnchanged(idle.value));
    } finally {
      service.close();
    }
  });

  it('takes one refresh at a time: two at once report a new skill once, and the index holds it', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'skillset-refresh-'));
    const write = (name: string, description: string) => {
      mkdirSync(path.join(root, name), { recursive: true });
      writeFileSync(
        path.join(root, name, 'SKILL.md'),
        `---\nname: ${name}\ndescription: ${description}\n---\n${description}\n`,
      );
    };
    write('kayak-rolls', 'Practise eskimo rolls in a kayak.');
    const service = await createService({ roots: [root], cache: false });
    try {
      assert.ok((await service.search('kayak')).ok);
      write('bread-baking', 'Bake sourdough bread at home.');
      // The second diffs from the catalog the first leaves, which the first's changes moved the index to.
      const [one, two] = await Promise.all([service.refresh(), service.refresh()]);
      assert.ok(one.ok && two.ok);
      assert.deepEqual(
        one.value.added.map((s) => s.name),
        ['bread-baking'],
      );
      assert.ok(isUnchanged(two.value), JSON.stringify(two.value.added.map((s) => s.name)));
      const found = await service.search('sourdough bread');
      assert.ok(found.ok);
      assert.equal(found.value.results[0]?.name, 'bread-baking');
    } finally {
      service.close();
    }
  });
});
