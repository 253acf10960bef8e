import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { discoverSkills } from '../discover/discover.js';
import { createMemoryFileSystem, type MemoryTree } from '../files/memory-fs.js';
import type { Skill } from '../skill/types.js';
import { stageContract } from '../test-support/stage-contract.js';
import { resolveStage } from './resolve.js';
import type { Candidate } from './types.js';

const candidate = (s: Skill): Candidate => ({
  id: s.id,
  name: s.name,
  path: s.path,
  scope: s.source.scope,
  score: 60,
  tier: 'standard',
  chars: 100,
  tokens: 25,
  contentHash: s.contentHash,
});

const skillFile = (name: string, where: string) =>
  `---\nname: ${name}\ndescription: Use when testing ${name} (${where}).\n---\nBody.\n`;

describe('resolveStage', () => {
  stageContract('resolve', (input) => {
    // Every third candidate lost a clash in the catalog.
    const shadowed = input.filter((_, i) => i % 3 === 2).map((c) => ({ path: c.path }));
    const r = resolveStage(input, { shadowed, decisions: [] });
    return { passed: r.candidates, decisions: r.decisions };
  });

  it('keeps one version per id: the first', () => {
    const a = {
      ...candidate({
        id: 'x',
        name: 'x',
        path: '/p/x/SKILL.md',
        source: { scope: 'project', root: '/p' },
        contentHash: 'h',
      } as Skill),
    };
    const b = { ...a, path: '/u/x/SKILL.md', scope: 'user' as const };
    const r = resolveStage([a, b], { shadowed: [], decisions: [] });
    assert.deepEqual(
      r.candidates.map((c) => c.path),
      ['/p/x/SKILL.md'],
    );
    assert.match(r.decisions[1]?.reason ?? '', /another version of `x`/);
  });

  it('lets project skills shadow user skills of the same name, under the default order (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(
          fc.record({
            name: fc.stringMatching(/^[a-z][a-z0-9]{0,7}$/),
            where: fc.constantFrom('project', 'user', 'both'),
          }),
          {
            selector: (r) => r.name,
            minLength: 1,
            maxLength: 12,
          },
        ),
        async (lib) => {
          const project: MemoryTree = {};
          const user: MemoryTree = {};
          for (const { name, where } of lib) {
            if (where !== 'user') project[name] = { 'SKILL.md': skillFile(name, 'project') };
            if (where !== 'project') user[name] = { 'SKILL.md': skillFile(name, 'user') };
          }
          const fs = createMemoryFileSystem({
            proj: { '.git': {}, '.claude': { skills: project } },
            home: { '.claude': { skills: user } },
          });
          const found = await discoverSkills({ fs, cwd: '/proj', home: '/home' });
          const r = resolveStage([...found.skills, ...found.shadowed].map(candidate), found);
          assert.equal(r.candidates.length, lib.length);
          for (const { name, where } of lib) {
            const kept = r.candidates.find((c) => c.name === name);
            assert.equal(kept?.scope, where === 'user' ? 'user' : 'project', name);
          }
          for (const d of r.decisions.filter((x) => x.outcome === 'dropped'))
            assert.match(d.reason, /shadowed/);
        },
      ),
      { numRuns: 60 },
    );
  });
});
