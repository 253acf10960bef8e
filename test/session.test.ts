// createSkillSession over a real project folder: conditional skills activate on touch, nested skill
// folders join, load says "already loaded" for the same content, invocation asks for skills outside
// the safe list and asks again when their content changes, shell runs only when the project is
// trusted, and re-attach gives back the invoked skills within their budget.

import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { createSkillSession } from '../src/index.js';

function project(): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'skillset-session-'));
  const write = (rel: string, text: string) => {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    writeFileSync(path.join(root, rel), text);
  };
  write('.git/HEAD', 'ref: refs/heads/main\n');
  write(
    '.claude/skills/greet/SKILL.md',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the placeholder is the input
    '---\nname: greet\ndescription: Greet someone by name.\narguments: [who]\n---\n\nHello $who from ${SESSION_ID}.\n\n!`touch shell-ran && echo shell said hi`\n',
  );
  write(
    '.claude/skills/only-ts/SKILL.md',
    "---\nname: only-ts\ndescription: TypeScript rules.\npaths: ['src/**/*.ts']\n---\nUse strict mode.\n",
  );
  write(
    '.claude/skills/tooly/SKILL.md',
    '---\nname: tooly\ndescription: Runs git for you.\nallowed-tools: Bash(git *)\n---\nRun git status.\n',
  );
  write('.claude/skills/tooly/scripts/run.sh', 'echo SCRIPT BODY\n');
  write(
    'apps/web/.claude/skills/web-lint/SKILL.md',
    '---\nname: web-lint\ndescription: Lint the web app.\n---\nRun the linter.\n',
  );
  return root;
}

const open = (cwd: string, o: Parameters<typeof createSkillSession>[0] = {}) =>
  createSkillSession({
    cwd,
    cacheDir: mkdtempSync(path.join(os.tmpdir(), 'skillset-sc-')),
    sessionId: 'S1',
    ...o,
  });

describe('createSkillSession', () => {
  it('keeps a conditional skill out of the listing and the tool until a touched file matches', async () => {
    const root = project();
    const s = await open(root);
    try {
      const before = await s.listing({ format: 'markdown' });
      assert.deepEqual(
        before.hidden.map((h) => h.name),
        ['only-ts'],
      );
      assert.deepEqual((await s.tools())?.definition.inputSchema.properties.name.enum, [
        'greet',
        'tooly',
      ]);
      assert.deepEqual((await s.touch(['README.md'])).activated, []);
      assert.deepEqual((await s.touch(['src/deep/a.ts'])).activated, ['only-ts']);
      const after = await s.listing({ format: 'markdown' });
      assert.match(after.text, /^- only-ts: TypeScript rules\.$/m);
      // Activation sticks for the session.
      assert.deepEqual((await s.touch(['README.md'])).activated, []);
      assert.equal((await s.listing()).hidden.length, 0);
    } finally {
      s.close();
    }
  });

  it('adds nested skill folders of touched files, and tells its listeners', async () => {
    const root = project();
    const s = await open(root);
    try {
      const heard: string[] = [];
      const stop = s.onChange((c) => heard.push(...c.added.map((a) => a.id)));
      assert.equal(
        (await s.tools())?.anthropic.input_schema.properties.name.enum?.includes('web-lint'),
        false,
      );
      const t = await s.touch([path.join(root, 'apps/web/page.tsx')]);
      assert.deepEqual(
        t.changes.added.map((a) => a.id),
        ['web-lint'],
      );
      assert.deepEqual(heard, ['web-lint']);
      assert.ok(
        (await s.tools())?.openai.function.parameters.properties.name.enum?.includes('web-lint'),
      );
      stop();
    } finally {
      s.close();
    }
  });

  it('loads a skill once; the same content again is a short note, changed content loads again', async () => {
    const root = project();
    const s = await open(root);
    try {
      const first = await s.load('tooly');
      assert.equal(first.alreadyLoaded, false);
      assert.match(first.text, /^<skill_content name="tooly">\nRun git status\./);
      assert.match(first.text, /<file>scripts\/run\.sh<\/file>/);
      assert.doesNotMatch(first.text, /SCRIPT BODY/);
      assert.equal(first.blocks.length, 1);
      assert.deepEqual(first.blocks[0]?.cache_control, { type: 'ephemeral' });
      const again = await s.load('tooly');
      assert.equal(again.alreadyLoaded, true);
      assert.match(again.text, /already loaded/);
      assert.deepEqual(again.blocks, [{ type: 'text', text: again.text }]);
      writeFileSync(
        path.join(root, '.claude/skills/tooly/SKILL.md'),
        '---\nname: tooly\ndescription: Runs git for you.\nallowed-tools: Bash(git *)\n---\nRun git log.\n',
      );
      await s.refresh();
      const changed = await s.load('tooly');
      assert.equal(changed.alreadyLoaded, false);
      assert.match(changed.text, /Run git log\./);
    } finally {
      s.close();
    }
  });

  it('asks before the model invokes a skill outside the safe list, and asks again when it changes', async () => {
    const root = project();
    const s = await open(root);
    try {
      const asked = await s.invoke('tooly', '', { by: 'model' });
      assert.equal(asked.status, 'ask');
      assert.deepEqual(asked.permission.unsafe, ['allowed-tools']);
      assert.equal(asked.text, '');
      await s.approve('tooly');
      const ok = await s.invoke('tooly', '', { by: 'model' });
      assert.equal(ok.status, 'expanded');
      assert.equal(ok.permission.step, 'approval');
      writeFileSync(
        path.join(root, '.claude/skills/tooly/SKILL.md'),
        '---\nname: tooly\ndescription: Runs git for you.\nallowed-tools: Bash(*)\n---\nRun anything.\n',
      );
      await s.refresh();
      const again = await s.invoke('tooly', '', { by: 'model' });
      assert.equal(again.status, 'ask');
      assert.match(again.permission.reason, /changed|approval/);
    } finally {
      s.close();
    }
  });

  it('expands arguments and the session id; project shell runs only when the host trusts the project', async () => {
    const root = project();
    const s = await open(root);
    try {
      const v = await s.invoke('greet', 'World');
      assert.match(v.text, /^Base directory for this skill: .*greet\n\nHello World from S1\./);
      assert.match(
        v.text,
        /\[shell command not run: untrusted source: touch shell-ran && echo shell said hi\]/,
      );
      assert.equal(existsSync(path.join(root, 'shell-ran')), false);
      assert.deepEqual(
        v.commands.map((c) => c.ran),
        [false],
      );
    } finally {
      s.close();
    }
    const trusted = await open(root, { trustProject: true });
    try {
      const v = await trusted.invoke('greet', 'World');
      assert.match(v.text, /shell said hi/);
      assert.equal(existsSync(path.join(root, 'shell-ran')), true);
    } finally {
      trusted.close();
    }
  });

  it('gives back the invoked skills after compaction, most recent first, within the budget', async () => {
    const root = project();
    const s = await open(root, { reattach: { perSkillTokens: 20, totalTokens: 30 } });
    try {
      await s.invoke('greet', 'A');
      await s.invoke('tooly', '', { by: 'user', approved: true });
      const r = s.reattach();
      assert.deepEqual(
        r.skills.map((x) => x.name),
        ['tooly', 'greet'],
      );
      assert.ok(r.tokens <= 30, String(r.tokens));
      assert.ok(r.skills.every((x) => x.tokens <= 20));
      assert.equal(r.skills[0]?.truncated, true);
    } finally {
      s.close();
    }
  });
});

describe('createSkillSession: what the model may not use', () => {
  it('refuses to load a conditional skill no touched file has activated', async () => {
    const s = await open(project());
    try {
      await assert.rejects(
        s.load('only-ts'),
        (e: Error & { code?: string }) => e.code === 'invoke/denied',
      );
      await s.touch(['src/a.ts']);
      assert.equal((await s.load('only-ts')).alreadyLoaded, false);
    } finally {
      s.close();
    }
  });

  it('asks again when an approved skill changes on disk, even before anyone refreshes', async () => {
    const root = project();
    const s = await open(root, { trustProject: true });
    try {
      assert.equal((await s.invoke('tooly', '', { by: 'model' })).status, 'ask');
      await s.approve('tooly');
      writeFileSync(
        path.join(root, '.claude/skills/tooly/SKILL.md'),
        '---\nname: tooly\ndescription: Runs git for you.\nallowed-tools: Bash(*)\n---\n!`touch changed-ran`\n',
      );
      const v = await s.invoke('tooly', '', { by: 'model' });
      assert.equal(v.status, 'ask');
      assert.equal(existsSync(path.join(root, 'changed-ran')), false);
    } finally {
      s.close();
    }
  });

  it('refuses to load, for the model, a skill only the user invokes', async () => {
    const root = project();
    writeFileSync(
      path.join(root, '.claude/skills/greet/SKILL.md'),
      '---\nname: greet\ndescription: Greet someone.\ndisable-model-invocation: true\n---\nHello.\n',
    );
    const s = await open(root);
    try {
      assert.deepEqual((await s.tools())?.definition.inputSchema.properties.name.enum, ['tooly']);
      await assert.rejects(
        s.load('greet'),
        (e: Error & { code?: string }) => e.code === 'invoke/denied',
      );
      // The user may still invoke it.
      assert.equal((await s.invoke('greet', '', { by: 'user' })).status, 'expanded');
    } finally {
      s.close();
    }
  });
});
