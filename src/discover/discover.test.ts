import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { createMemoryFileSystem, type MemoryTree } from '../files/memory-fs.js';
import { discoverSkills } from './discover.js';

const skill = (description: string): MemoryTree => ({
  'SKILL.md': `---\ndescription: ${description}\n---\nBody of ${description}\n`,
});
const run = (tree: MemoryTree, options: Parameters<typeof discoverSkills>[0] = {}) =>
  discoverSkills({
    fs: createMemoryFileSystem(tree),
    cwd: '/home/u/repo/app',
    home: '/home/u',
    ...options,
  });
const codes = (r: Awaited<ReturnType<typeof discoverSkills>>) => r.diagnostics.map((d) => d.code);

const scopes: MemoryTree = {
  etc: { managed: { audit: skill('managed audit') } },
  home: {
    u: {
      '.claude': { skills: { deploy: skill('user deploy'), mine: skill('user only') } },
      repo: {
        '.git': {},
        '.claude': {
          skills: { deploy: skill('repo deploy') },
          commands: { 'old-cmd.md': '---\ndescription: legacy\nname: ignored\n---\nDo it\n' },
        },
        app: {
          '.agents': { skills: { deploy: skill('app deploy'), audit: skill('project audit') } },
        },
      },
    },
  },
};

describe('discoverSkills', () => {
  it('reads every scope and lets project skills shadow user skills by default', async () => {
    const r = await run(scopes, { managedDir: '/etc/managed' });
    const byId = Object.fromEntries(r.skills.map((s) => [s.id, s]));
    assert.deepEqual(Object.keys(byId), ['audit', 'deploy', 'mine', 'old-cmd']);
    assert.equal(byId.deploy?.description, 'app deploy');
    assert.equal(byId.deploy?.source.scope, 'project');
    assert.equal(byId.audit?.source.scope, 'managed');
    assert.equal(byId['old-cmd']?.source.scope, 'legacy');
    assert.equal(byId['old-cmd']?.frontmatter.name, undefined);
    const shadowed = r.diagnostics.filter((d) => d.code === 'discover/shadowed').map((d) => d.file);
    assert.deepEqual(shadowed.sort(), [
      '/home/u/.claude/skills/deploy/SKILL.md',
      '/home/u/repo/.claude/skills/deploy/SKILL.md',
      '/home/u/repo/app/.agents/skills/audit/SKILL.md',
    ]);
    assert.equal(r.shadowed.length, 3);
  });

  it('lets user skills shadow project skills under the claude-code preset', async () => {
    const r = await run(scopes, { precedence: 'claude-code' });
    assert.equal(r.skills.find((s) => s.id === 'deploy')?.description, 'user deploy');
    assert.ok(
      r.diagnostics.some(
        (d) =>
          d.code === 'discover/shadowed' &&
          d.file === '/home/u/repo/app/.agents/skills/deploy/SKILL.md',
      ),
    );
  });

  it('keeps project skills over user skills for any generated catalog (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.stringMatching(/^[a-z]{1,6}$/), { minLength: 1, maxLength: 6 }),
        fc.array(fc.boolean(), { minLength: 6, maxLength: 6 }),
        async (names, inUser) => {
          const user: MemoryTree = {};
          const project: MemoryTree = {};
          names.forEach((n, i) => {
            project[n] = skill(`project ${n}`);
            if (inUser[i]) user[n] = skill(`user ${n}`);
          });
          const r = await run({
            home: {
              u: {
                '.claude': { skills: user },
                repo: { '.git': {}, app: { '.claude': { skills: project } } },
              },
            },
          });
          for (const s of r.skills) assert.equal(s.source.scope, 'project');
          assert.equal(r.skills.length, names.length);
        },
      ),
      { numRuns: 30 },
    );
  });

  it('collapses a skill reached twice through links, keeping the direct path', async () => {
    const r = await run(
      {
        lib: {
          a: { real: skill('real') },
          b: { link: { kind: 'symlink', target: '/lib/a/real' } },
        },
      },
      { roots: ['/lib'] },
    );
    assert.deepEqual(
      r.skills.map((s) => s.path),
      ['/lib/a/real/SKILL.md'],
    );
    assert.ok(codes(r).includes('discover/duplicate'));
  });

  it('terminates on loops of linked folders and reports them', async () => {
    const r = await run(
      {
        lib: {
          a: { x: skill('x'), up: { kind: 'symlink', target: '/lib' } },
          b: { toC: { kind: 'symlink', target: '/lib/c' } },
          c: { toB: { kind: 'symlink', target: '/lib/b' } },
          self: { kind: 'symlink', target: '/lib/self' },
        },
      },
      { roots: ['/lib'] },
    );
    assert.deepEqual(
      r.skills.map((s) => s.id),
      ['x'],
    );
    assert.ok(codes(r).filter((c) => c === 'discover/symlink-loop').length >= 3);
  });

  it('reports dangling links and unreadable folders, and loads the rest', async () => {
    const r = await run(
      {
        lib: {
          good: skill('good'),
          gone: { 'SKILL.md': { kind: 'symlink', target: '/nowhere/SKILL.md' } },
          locked: { kind: 'error', code: 'EACCES' },
        },
      },
      { roots: ['/lib'] },
    );
    assert.deepEqual(
      r.skills.map((s) => s.id),
      ['good'],
    );
    assert.ok(
      r.diagnostics.some(
        (d) => d.code === 'discover/dangling-link' && d.file === '/lib/gone/SKILL.md',
      ),
    );
    assert.ok(
      r.diagnostics.some(
        (d) => d.code === 'discover/unreadable-folder' && d.file === '/lib/locked',
      ),
    );
  });

  it('follows git link placeholders, and reports the dangling ones', async () => {
    const r = await run(
      {
        lib: {
          team: { tool: skill('tool') },
          mirror: {
            tool: { 'SKILL.md': '../../team/tool/SKILL.md' },
            gone: { 'SKILL.md': '../../team/gone/SKILL.md' },
          },
        },
      },
      { roots: ['/lib'] },
    );
    assert.deepEqual(
      r.skills.map((s) => s.path),
      ['/lib/team/tool/SKILL.md'],
    );
    assert.ok(codes(r).includes('discover/placeholder-link'));
    assert.ok(
      r.diagnostics.some(
        (d) => d.code === 'discover/dangling-link' && d.file === '/lib/mirror/gone/SKILL.md',
      ),
    );
  });

  it('qualifies clashing names inside a root, the shallowest keeping the bare name', async () => {
    const r = await run(
      {
        lib: {
          skills: { deploy: skill('main') },
          docs: { ja: { skills: { deploy: skill('ja') } } },
        },
      },
      { roots: ['/lib'] },
    );
    assert.deepEqual(
      r.skills.map((s) => s.id),
      ['deploy', 'docs/ja/skills:deploy'],
    );
    assert.ok(codes(r).includes('discover/name-clash'));
  });

  it('does not load a SKILL.md inside another skill, and says so', async () => {
    const r = await run(
      { lib: { outer: { ...skill('outer'), assets: { sample: skill('sample') } } } },
      { roots: ['/lib'] },
    );
    assert.deepEqual(
      r.skills.map((s) => s.id),
      ['outer'],
    );
    assert.ok(codes(r).includes('discover/nested-skill'));
  });

  it('skips .git, node_modules and gitignored folders, and bounds depth and folder count', async () => {
    const tree: MemoryTree = {
      lib: {
        '.gitignore': 'build/\n',
        build: { x: skill('ignored') },
        node_modules: { y: skill('dep') },
        '.git': { z: skill('git') },
        a: { b: { c: { d: { e: { f: { deep: skill('deep') } } } } } },
        ok: skill('ok'),
      },
    };
    const r = await run(tree, { roots: ['/lib'] });
    assert.deepEqual(
      r.skills.map((s) => s.id),
      ['ok'],
    );
    assert.ok(codes(r).includes('discover/depth-limit'));
    const deeper = await run(tree, { roots: ['/lib'], maxDepth: 8 });
    assert.deepEqual(
      deeper.skills.map((s) => s.id),
      ['deep', 'ok'],
    );
    const few = await run(tree, { roots: ['/lib'], maxFolders: 2 });
    assert.ok(codes(few).includes('discover/folder-limit'));
  });

  it('qualifies plugin skills and finds nested skills for touched files', async () => {
    const r = await run(
      {
        plug: {
          '.claude-plugin': { 'plugin.json': '{"name":"acme"}' },
          skills: { deploy: skill('plugin deploy') },
        },
        home: {
          u: {
            repo: {
              '.git': {},
              app: {
                pkg: { '.claude': { skills: { local: skill('nested') } }, src: { 'a.ts': '' } },
              },
            },
          },
        },
      },
      { pluginDirs: ['/plug'], touched: ['pkg/src/a.ts'] },
    );
    assert.deepEqual(
      r.skills.map((s) => `${s.id}:${s.source.scope}`),
      ['acme:deploy:plugin', 'local:nested'],
    );
  });

  it('diagnoses a misnamed skill file and a missing explicit root', async () => {
    const r = await run(
      { lib: { x: { 'skill.md': '---\ndescription: x\n---\n' } } },
      { roots: ['/lib', '/missing'] },
    );
    assert.deepEqual(r.skills, []);
    assert.ok(codes(r).includes('discover/misnamed-skill-file'));
    assert.ok(codes(r).includes('discover/missing-root'));
  });

  it('gives the same result twice (determinism)', async () => {
    const a = await run(scopes, { managedDir: '/etc/managed' });
    const b = await run(scopes, { managedDir: '/etc/managed' });
    assert.equal(JSON.stringify(a), JSON.stringify(b));
  });
});
