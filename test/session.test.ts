// createSkillSession over a real project folder: conditional skills activate on touch, nested skill
// folders join, load says "already loaded" for the same content, invocation asks for skills outside
// the safe list and asks again when their content changes, shell runs only when the project is
// trusted, and re-attach gives back the invoked skills within their budget.

import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { createSkillSession, type Outcome, type Problem } from '../src/index.js';

/** The value of an outcome the test expects to succeed. */
function ok<T>(o: Outcome<T>): T {
  assert.ok(o.ok, o.ok ? '' : `${o.problem.code}: ${o.problem.message}`);
  return o.value;
}

/** The problem of an outcome the test expects to fail. */
function problem<T>(o: Outcome<T>): Problem {
  assert.ok(!o.ok, 'expected a problem');
  return o.problem;
}

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
      const before = ok(await s.listing({ format: 'markdown' }));
      assert.deepEqual(
        before.hidden.map((h) => h.name),
        ['only-ts'],
      );
      assert.deepEqual(ok(await s.tools())?.definition.inputSchema.properties.name.enum, [
        'greet',
        'tooly',
      ]);
      assert.deepEqual(ok(await s.touch(['README.md'])).activated, []);
      assert.deepEqual(ok(await s.touch(['src/deep/a.ts'])).activated, ['only-ts']);
      const after = ok(await s.listing({ format: 'markdown' }));
      assert.match(after.text, /^- only-ts: TypeScript rules\.$/m);
      // Activation sticks for the session.
      assert.deepEqual(ok(await s.touch(['README.md'])).activated, []);
      assert.equal(ok(await s.listing()).hidden.length, 0);
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
        ok(await s.tools())?.anthropic.input_schema.properties.name.enum?.includes('web-lint'),
        false,
      );
      const t = ok(await s.touch([path.join(root, 'apps/web/page.tsx')]));
      assert.deepEqual(
        t.changes.added.map((a) => a.id),
        ['web-lint'],
      );
      assert.deepEqual(heard, ['web-lint']);
      assert.ok(
        ok(await s.tools())?.openai.function.parameters.properties.name.enum?.includes('web-lint'),
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
      const first = ok(await s.load('tooly'));
      assert.equal(first.alreadyLoaded, false);
      assert.match(first.text, /^<skill_content name="tooly">\nRun git status\./);
      assert.match(first.text, /<file>scripts\/run\.sh<\/file>/);
      assert.doesNotMatch(first.text, /SCRIPT BODY/);
      assert.equal(first.blocks.length, 1);
      assert.deepEqual(first.blocks[0]?.cache_control, { type: 'ephemeral' });
      const again = ok(await s.load('tooly'));
      assert.equal(again.alreadyLoaded, true);
      assert.match(again.text, /already loaded/);
      assert.deepEqual(again.blocks, [{ type: 'text', text: again.text }]);
      writeFileSync(
        path.join(root, '.claude/skills/tooly/SKILL.md'),
        '---\nname: tooly\ndescription: Runs git for you.\nallowed-tools: Bash(git *)\n---\nRun git log.\n',
      );
      ok(await s.refresh());
      const changed = ok(await s.load('tooly'));
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
      const asked = ok(await s.invoke('tooly', '', { by: 'model' }));
      assert.equal(asked.status, 'ask');
      assert.deepEqual(asked.permission.unsafe, ['allowed-tools']);
      assert.equal(asked.text, '');
      ok(await s.approve('tooly'));
      const approved = ok(await s.invoke('tooly', '', { by: 'model' }));
      assert.equal(approved.status, 'expanded');
      assert.equal(approved.permission.step, 'approval');
      writeFileSync(
        path.join(root, '.claude/skills/tooly/SKILL.md'),
        '---\nname: tooly\ndescription: Runs git for you.\nallowed-tools: Bash(*)\n---\nRun anything.\n',
      );
      ok(await s.refresh());
      const again = ok(await s.invoke('tooly', '', { by: 'model' }));
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
      const v = ok(await s.invoke('greet', 'World'));
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
      const v = ok(await trusted.invoke('greet', 'World'));
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
      ok(await s.invoke('greet', 'A'));
      ok(await s.invoke('tooly', '', { by: 'user', approved: true }));
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

describe('createSkillSession: outcomes', () => {
  it('answers an unknown skill with a problem, as the service does, never by throwing', async () => {
    const s = await open(project());
    try {
      const unknown = problem(await s.load('nope'));
      assert.equal(unknown.code, 'usage/unknown-skill');
      const direct = await s.service.load('nope');
      assert.ok(!direct.ok);
      assert.deepEqual(unknown, direct.problem);
      assert.equal(problem(await s.invoke('nope')).code, 'usage/unknown-skill');
      assert.equal(problem(await s.approve('nope')).code, 'usage/unknown-skill');
      assert.equal(problem(await s.select({}, { profile: 'nope' })).code, 'usage/unknown-profile');
      // The other calls answer outcomes too.
      for (const o of [await s.listing(), await s.tools(), await s.touch([]), await s.refresh()])
        assert.equal(o.ok, true);
    } finally {
      s.close();
    }
  });
});

describe('createSkillSession: select with content', () => {
  it("gives each loaded skill's text, wrapped as load gives it, and a part within its share", async () => {
    const root = project();
    const section = (t: string) =>
      `## ${t}\n\n${'Check the tone of the greeting. '.repeat(40)}\n\n`;
    const dir = path.join(root, '.claude/skills/long-greet');
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      path.join(dir, 'SKILL.md'),
      `---\nname: long-greet\ndescription: Greet someone at length.\n---\n${section('One')}${section('Two')}${section('Three')}`,
    );
    const s = await open(root);
    try {
      const context = { intent: 'greet someone at length' };
      const whole = ok(await s.select(context, { content: true, budget: 10_000, suggest: 0 }));
      const load = ok(await s.load('long-greet'));
      const loaded = whole.loaded.find((x) => x.name === 'long-greet');
      assert.equal(loaded?.text, load.text);
      const part = ok(await s.select(context, { content: true, budget: 3500, suggest: 0 }));
      const cut = part.loaded.find((x) => x.name === 'long-greet');
      assert.ok(cut?.whole && cut.chars <= 3500, JSON.stringify(part.loaded));
      assert.match(cut.text ?? '', /^## One\n/m);
      assert.doesNotMatch(cut.text ?? '', /## Three/);
      assert.match(cut.text ?? '', /loaded in part/);
      // A dry run loads nothing: no text.
      const dry = ok(await s.select(context, { content: true, dryRun: true, budget: 3500 }));
      assert.ok(dry.loaded.every((x) => x.text === undefined));
    } finally {
      s.close();
    }
  });
});

describe('createSkillSession: what the model may not use', () => {
  it('refuses to load a conditional skill no touched file has activated', async () => {
    const s = await open(project());
    try {
      assert.equal(problem(await s.load('only-ts')).code, 'invoke/denied');
      ok(await s.touch(['src/a.ts']));
      assert.equal(ok(await s.load('only-ts')).alreadyLoaded, false);
    } finally {
      s.close();
    }
  });

  it('asks again when an approved skill changes on disk, even before anyone refreshes', async () => {
    const root = project();
    const s = await open(root, { trustProject: true });
    try {
      assert.equal(ok(await s.invoke('tooly', '', { by: 'model' })).status, 'ask');
      ok(await s.approve('tooly'));
      writeFileSync(
        path.join(root, '.claude/skills/tooly/SKILL.md'),
        '---\nname: tooly\ndescription: Runs git for you.\nallowed-tools: Bash(*)\n---\n!`touch changed-ran`\n',
      );
      const v = ok(await s.invoke('tooly', '', { by: 'model' }));
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
      assert.deepEqual(ok(await s.tools())?.definition.inputSchema.properties.name.enum, ['tooly']);
      assert.equal(problem(await s.load('greet')).code, 'invoke/denied');
      // The user may still invoke it.
      assert.equal(ok(await s.invoke('greet', '', { by: 'user' })).status, 'expanded');
    } finally {
      s.close();
    }
  });
});
