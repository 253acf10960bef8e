import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createMemoryFileSystem, type MemoryTree } from '../files/memory-fs.js';
import { AGENT_PRESETS, AGENTS } from './agents.js';
import { discoverSkills } from './discover.js';

const skill = (from: string): MemoryTree => ({
  'SKILL.md': `---\ndescription: deploy, from ${from}\n---\nBody\n`,
});
/** Every folder any agent reads, each holding a `deploy` skill that says where it is. */
const folders = [
  '.agents/skills',
  '.claude/skills',
  '.cursor/skills',
  '.codex/skills',
  '.github/skills',
  '.gemini/skills',
  '.opencode/skills',
  '.copilot/skills',
  '.config/opencode/skills',
];
function place(tree: MemoryTree, base: string, folder: string, from: string): void {
  let node = tree;
  for (const part of [...base.split('/').filter(Boolean), ...folder.split('/')]) {
    node[part] ??= {};
    node = node[part] as MemoryTree;
  }
  node.deploy = skill(from);
}
const tree: MemoryTree = {};
for (const f of folders) {
  place(tree, 'home/u', f, `~/${f}`);
  place(tree, 'home/u/repo', f, `repo/${f}`);
  place(tree, 'home/u/repo/app', f, `app/${f}`);
}
(tree.home as MemoryTree).u = { ...((tree.home as MemoryTree).u as MemoryTree) };
(((tree.home as MemoryTree).u as MemoryTree).repo as MemoryTree)['.git'] = {};
(((tree.home as MemoryTree).u as MemoryTree).repo as MemoryTree)['.claude'] = {
  ...((((tree.home as MemoryTree).u as MemoryTree).repo as MemoryTree)['.claude'] as MemoryTree),
  commands: { 'old.md': '---\ndescription: a legacy command\n---\nDo it\n' },
};

const run = (agent: (typeof AGENTS)[number]) =>
  discoverSkills({
    fs: createMemoryFileSystem(tree),
    cwd: '/home/u/repo/app',
    home: '/home/u',
    agent,
  });

/** For each agent: the folders it reads (in clash order), and whose `deploy` wins. */
const expected: Record<
  (typeof AGENTS)[number],
  { read: string[]; winner: string; legacy: boolean }
> = {
  skillset: {
    read: [
      'app/.agents/skills',
      'app/.claude/skills',
      'repo/.agents/skills',
      'repo/.claude/skills',
      '~/.agents/skills',
      '~/.claude/skills',
    ],
    winner: 'app/.agents/skills',
    legacy: true,
  },
  'claude-code': {
    read: ['~/.claude/skills', 'app/.claude/skills', 'repo/.claude/skills'],
    winner: '~/.claude/skills',
    legacy: true,
  },
  codex: {
    read: ['app/.agents/skills', 'repo/.agents/skills', '~/.agents/skills'],
    winner: 'app/.agents/skills',
    legacy: false,
  },
  cursor: {
    read: [
      'app/.agents/skills',
      'app/.cursor/skills',
      'app/.claude/skills',
      'app/.codex/skills',
      '~/.agents/skills',
      '~/.cursor/skills',
      '~/.claude/skills',
      '~/.codex/skills',
    ],
    winner: 'app/.agents/skills',
    legacy: false,
  },
  copilot: {
    read: [
      'app/.github/skills',
      'app/.agents/skills',
      'app/.claude/skills',
      'repo/.github/skills',
      '~/.copilot/skills',
      '~/.agents/skills',
    ],
    winner: 'app/.github/skills',
    legacy: true,
  },
  gemini: {
    read: ['app/.gemini/skills', 'app/.agents/skills', '~/.gemini/skills', '~/.agents/skills'],
    winner: 'app/.gemini/skills',
    legacy: false,
  },
  opencode: {
    read: [
      'app/.opencode/skills',
      'repo/.opencode/skills',
      '~/.config/opencode/skills',
      'app/.agents/skills',
      'repo/.agents/skills',
      '~/.agents/skills',
      'app/.claude/skills',
      'repo/.claude/skills',
      '~/.claude/skills',
    ],
    winner: 'app/.opencode/skills',
    legacy: false,
  },
};

const short = (p: string): string =>
  p
    .replace('/home/u/repo/app/', 'app/')
    .replace('/home/u/repo/', 'repo/')
    .replace('/home/u/', '~/')
    .replace(/\/deploy\/SKILL\.md$/, '');

describe('agent presets', () => {
  for (const agent of AGENTS)
    it(`${agent}: reads its documented folders and lets its documented winner win`, async () => {
      const r = await run(agent);
      const deploys = [...r.skills, ...r.shadowed].filter((s) => s.name === 'deploy');
      const winner = r.skills.find((s) => s.id === 'deploy');
      assert.equal(short(winner?.path ?? ''), expected[agent].winner);
      // Clash order: the winner first, then the shadowed ones in the order they lost.
      const order = [winner, ...r.shadowed.filter((s) => s.name === 'deploy')]
        .map((s) => short(s?.path ?? ''))
        .sort(
          (a, b) =>
            r.roots.findIndex((x) => short(`${x.path}/deploy/SKILL.md`) === a) -
            r.roots.findIndex((x) => short(`${x.path}/deploy/SKILL.md`) === b),
        );
      assert.deepEqual(order, expected[agent].read);
      assert.equal(deploys.length, expected[agent].read.length);
      assert.equal(
        r.skills.some((s) => s.id === 'old'),
        expected[agent].legacy,
      );
      assert.ok(AGENT_PRESETS[agent].docs.length > 0);
    });
});
