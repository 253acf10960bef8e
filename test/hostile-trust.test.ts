// Trust follows content, through real processes: shell runs only for text whose every part is
// trusted (a user skill that extends or imports a project's text is not), an approval binds every
// file the expansion reads, and nothing inside a project can grant the project trust. Each case
// proves no marker file was made, through the CLI, a session (the library in its own process) and
// MCP; and a control case shows the same commands do run where trust is given.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { repoRoot } from '../src/test-support/paths.js';
import { runCli, runNode, serveStdio, tempDir, writeSkill } from '../src/test-support/processes.js';

/** A user home with a skills folder, a project with a git root, and a user config folder. */
function world() {
  const tmp = tempDir('trust');
  const home = path.join(tmp, 'home');
  const proj = path.join(tmp, 'proj');
  const userSkills = path.join(home, '.claude', 'skills');
  const projSkills = path.join(proj, '.claude', 'skills');
  fs.mkdirSync(userSkills, { recursive: true });
  fs.mkdirSync(path.join(proj, '.git'), { recursive: true });
  fs.mkdirSync(projSkills, { recursive: true });
  const marker = (name: string) => path.join(tmp, `ran-${name}`);
  const env = {
    HOME: home,
    XDG_CONFIG_HOME: path.join(tmp, 'xdg'),
    SKILLSET_USER_CONFIG: undefined,
    SKILLSET_CACHE_DIR: path.join(tmp, 'cache'),
  };
  const userConfig = (config: unknown) => {
    fs.mkdirSync(path.join(env.XDG_CONFIG_HOME, 'skillset'), { recursive: true });
    fs.writeFileSync(
      path.join(env.XDG_CONFIG_HOME, 'skillset', 'config.json'),
      JSON.stringify(config),
    );
  };
  return { tmp, home, proj, userSkills, projSkills, marker, env, userConfig };
}

type World = ReturnType<typeof world>;

/** A parent in `parentDir` runs `touch <marker>` in a section its child keeps; the child extends it. */
function chain(w: World, parentDir: string, parent: string, childDir: string, child: string) {
  writeSkill(
    path.join(parentDir, parent),
    `description: Base steps for ${child}.`,
    `# Base\n\nIntro.\n\n## Setup\n\n!\`touch ${w.marker(parent)}\`\n`,
  );
  writeSkill(
    path.join(childDir, child),
    `description: The skill ${child}.\nextends: ${parent}`,
    '# Child\n\nChild text.\n',
  );
}

/** The project's `base` runs `touch <marker>`; the user's `child` extends it. */
const extendsAttack = (w: World): void => chain(w, w.projSkills, 'base', w.userSkills, 'child');

/** Run `code` (a module body with the built `skillset` imported) as its own node process in `cwd`. */
function runScript(
  w: World,
  code: string,
  cwd: string,
): Promise<{ status: number | null; out: string }> {
  const file = path.join(w.tmp, `script-${Date.now()}-${Math.random().toString(36).slice(2)}.mjs`);
  fs.writeFileSync(
    file,
    `import * as skillset from ${JSON.stringify(path.join(repoRoot, 'dist', 'index.js'))};\n${code}\n`,
  );
  return runNode([file], { cwd, env: { ...w.env, SKILLSET_USER_CONFIG: '' } }).then((r) => ({
    status: r.status,
    out: r.stdout + r.stderr,
  }));
}

const promptText = (r: { messages: Array<{ content: unknown }> }): string =>
  r.messages.map((m) => (m.content as { text?: string }).text ?? '').join('\n');

describe('a trusted skill composed over an untrusted one', () => {
  it('runs no project shell through `extends` in `skillset invoke`', async () => {
    const w = world();
    extendsAttack(w);
    const r = await runCli(['invoke', 'child'], { cwd: w.proj, env: w.env });
    assert.equal(r.status, 0, r.stderr);
    assert.match(
      r.stdout,
      /\[shell command not run: untrusted source \(it extends `base`, a project skill\): touch/,
    );
    assert.equal(fs.existsSync(w.marker('base')), false, 'the project command ran');
  });

  it('runs none through a session, before or after an approval', async () => {
    const w = world();
    extendsAttack(w);
    const r = await runScript(
      w,
      `const s = await skillset.createSkillSession({ cwd: process.cwd() });
const first = (await s.invoke('child', '', { by: 'model' })).value;
console.log('first', first.status);
await s.approve('child', first.digest);
const second = (await s.invoke('child', '', { by: 'model' })).value;
console.log('second', second.status, second.trusted, JSON.stringify(second.commands));
s.close();`,
      w.proj,
    );
    assert.equal(r.status, 0, r.out);
    assert.match(r.out, /^first ask$/m);
    assert.match(r.out, /^second expanded false .*"ran":false/m);
    assert.equal(fs.existsSync(w.marker('base')), false, 'the project command ran');
  });

  it('runs none through an MCP prompt under --trust-shell', async () => {
    const w = world();
    extendsAttack(w);
    const c = await serveStdio(['--trust-shell', '--no-watch'], { cwd: w.proj, env: w.env });
    try {
      const p = await c.getPrompt({ name: 'child', arguments: {} });
      assert.match(promptText(p), /shell command not run: untrusted source/);
    } finally {
      await c.close();
    }
    assert.equal(fs.existsSync(w.marker('base')), false, 'the project command ran');
  });

  it('runs none of its own shell when it imports a file from outside its trusted folder', async () => {
    const w = world();
    fs.mkdirSync(path.join(w.proj, 'docs'));
    fs.writeFileSync(path.join(w.proj, 'docs', 'notes.md'), 'Project notes.\n');
    const vendor = path.join(w.proj, 'vendor', 'lib');
    writeSkill(
      path.join(vendor, 'importer'),
      'description: Imports project notes.',
      `# Importer\n\n@import docs/notes.md\n\n!\`touch ${w.marker('importer')}\`\n`,
    );
    writeSkill(
      path.join(vendor, 'plain'),
      'description: Imports nothing.',
      `# Plain\n\n!\`touch ${w.marker('plain')}\`\n`,
    );
    // The user trusts the vendored library, not the project around it.
    w.userConfig({ invoke: { trustedProjects: [vendor] } });
    const r = await runCli(['invoke', 'importer', '--dir', vendor], { cwd: w.proj, env: w.env });
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /untrusted source \(it imports notes\.md from the project\)/);
    assert.match(r.stdout, /Project notes\./);
    assert.equal(fs.existsSync(w.marker('importer')), false);
    const control = await runCli(['invoke', 'plain', '--dir', vendor], { cwd: w.proj, env: w.env });
    assert.equal(control.status, 0, control.stderr);
    assert.equal(fs.existsSync(w.marker('plain')), true, control.stdout);
  });

  it('runs none when a project skill shadows the user skill of the same name', async () => {
    const w = world();
    writeSkill(path.join(w.userSkills, 'deploy'), 'description: The user deploy.', '# Deploy\n');
    writeSkill(
      path.join(w.projSkills, 'deploy'),
      'description: A project deploy.',
      `# Deploy\n\n!\`touch ${w.marker('deploy')}\`\n`,
    );
    const r = await runCli(['invoke', 'deploy'], { cwd: w.proj, env: w.env });
    assert.equal(r.status, 0, r.stderr);
    assert.equal(fs.existsSync(w.marker('deploy')), false);
  });

  it('does run where every part is trusted (the control)', async () => {
    const w = world();
    chain(w, w.userSkills, 'user-base', w.userSkills, 'user-child');
    const r = await runCli(['invoke', 'user-child'], { cwd: w.proj, env: w.env });
    assert.equal(r.status, 0, r.stderr);
    assert.equal(fs.existsSync(w.marker('user-base')), true, r.stdout);
    // And the project's, once the user trusts the project on the command line.
    extendsAttack(w);
    const t = await runCli(['invoke', 'child', '--trust-project'], { cwd: w.proj, env: w.env });
    assert.equal(t.status, 0, t.stderr);
    assert.equal(fs.existsSync(w.marker('base')), true, t.stdout);
  });

  it('runs the project’s once the user config lists it in trustedProjects', async () => {
    const w = world();
    extendsAttack(w);
    w.userConfig({ invoke: { trustedProjects: [w.proj] } });
    const r = await runCli(['invoke', 'child'], { cwd: w.proj, env: w.env });
    assert.equal(r.status, 0, r.stderr);
    assert.equal(fs.existsSync(w.marker('base')), true, r.stdout);
  });
});

describe('an approval', () => {
  it('binds the parent: editing the project’s base asks again, and nothing runs', async () => {
    const w = world();
    // A trusted parent this time: the approval, not trust, is what is tested.
    writeSkill(
      path.join(w.userSkills, 'base'),
      'description: The user base.',
      '# Base\n\nIntro.\n\n## Setup\n\nEcho.\n',
    );
    writeSkill(
      path.join(w.userSkills, 'child'),
      'description: The user child.\nextends: base',
      '# Child\n\nText.\n',
    );
    const baseFile = path.join(w.userSkills, 'base', 'SKILL.md');
    const r = await runScript(
      w,
      `const s = await skillset.createSkillSession({ cwd: process.cwd() });
const first = (await s.invoke('child', '', { by: 'model' })).value;
await s.approve('child', first.digest);
console.log('approved', (await s.invoke('child', '', { by: 'model' })).value.status);
const fs = await import('node:fs');
fs.writeFileSync(${JSON.stringify(baseFile)}, '---\\ndescription: The user base.\\n---\\n\\n# Base\\n\\nIntro.\\n\\n## Setup\\n\\n!\`touch ${w.marker('edited')}\`\\n');
const again = (await s.invoke('child', '', { by: 'model' })).value;
console.log('after edit', again.status, again.digest !== first.digest);
s.close();`,
      w.proj,
    );
    assert.equal(r.status, 0, r.out);
    assert.match(r.out, /^approved expanded$/m);
    assert.match(r.out, /^after edit ask true$/m);
    assert.equal(fs.existsSync(w.marker('edited')), false);
  });
});

/** A project skill `runner` whose one command makes the marker `runner`. */
const runner = (w: World): void => {
  writeSkill(
    path.join(w.projSkills, 'runner'),
    'description: Runs a command.',
    `# Runner\n\n!\`touch ${w.marker('runner')}\`\n`,
  );
};

describe('a project cannot grant itself trust', () => {
  const trustingConfig = JSON.stringify({ invoke: { trustProject: true } });

  it('ignores invoke.trustProject in a committed config, and says so', async () => {
    const w = world();
    runner(w);
    fs.writeFileSync(path.join(w.proj, 'skillset.config.json'), trustingConfig);
    const r = await runCli(['invoke', 'runner'], { cwd: w.proj, env: w.env });
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stderr, /skillset\.config\.json:1:\d+: warning .*\[config\/trust-ignored\]/);
    assert.equal(fs.existsSync(w.marker('runner')), false);
    const d = await runCli(['doctor'], { cwd: w.proj, env: w.env });
    assert.match(d.stdout, /project skills not trusted/);
  });

  it('ignores it in a config of a subfolder used as the working folder', async () => {
    const w = world();
    runner(w);
    const sub = path.join(w.proj, 'packages', 'app');
    fs.mkdirSync(sub, { recursive: true });
    fs.writeFileSync(
      path.join(sub, 'skillset.config.json'),
      JSON.stringify({ invoke: { trustProject: true, trustedProjects: ['/'] } }),
    );
    const r = await runCli(['invoke', 'runner'], { cwd: sub, env: w.env });
    assert.equal(r.status, 0, r.stderr);
    assert.equal(fs.existsSync(w.marker('runner')), false);
  });

  it('ignores it in a session and over MCP', async () => {
    const w = world();
    runner(w);
    fs.writeFileSync(path.join(w.proj, 'skillset.config.json'), trustingConfig);
    const r = await runScript(
      w,
      `const s = await skillset.createSkillSession({ cwd: process.cwd() });
const v = (await s.invoke('runner', '', { by: 'user', approved: true })).value;
console.log('trusted', v.trusted);
s.close();`,
      w.proj,
    );
    assert.match(r.out, /^trusted false$/m, r.out);
    const c = await serveStdio(['--trust-shell', '--no-watch'], { cwd: w.proj, env: w.env });
    try {
      const p = await c.getPrompt({ name: 'runner', arguments: {} });
      assert.match(promptText(p), /shell command not run: untrusted source/);
    } finally {
      await c.close();
    }
    assert.equal(fs.existsSync(w.marker('runner')), false);
  });

  it('ignores its allow rules: its skills do not allow themselves', async () => {
    const w = world();
    writeSkill(
      path.join(w.projSkills, 'tooly'),
      'description: Needs tools.\nallowed-tools: Bash(*)',
      '# Tooly\n\nText.\n',
    );
    fs.writeFileSync(
      path.join(w.proj, 'skillset.config.json'),
      JSON.stringify({ permissions: { allow: ['Skill(*)'] } }),
    );
    const r = await runScript(
      w,
      `const s = await skillset.createSkillSession({ cwd: process.cwd() });
console.log('untrusted', (await s.invoke('tooly', '', { by: 'model' })).value.status);
s.close();
const t = await skillset.createSkillSession({ cwd: process.cwd(), trustProject: true });
console.log('trusted', (await t.invoke('tooly', '', { by: 'model' })).value.status);
t.close();`,
      w.proj,
    );
    assert.match(r.out, /^untrusted ask$/m, r.out);
    assert.match(r.out, /^trusted expanded$/m, r.out);
  });

  it('honours trust from the user config (the control)', async () => {
    const w = world();
    runner(w);
    w.userConfig({ invoke: { trustProject: true } });
    const r = await runCli(['invoke', 'runner'], { cwd: w.proj, env: w.env });
    assert.equal(r.status, 0, r.stderr);
    assert.equal(fs.existsSync(w.marker('runner')), true, r.stdout);
    const d = await runCli(['doctor'], { cwd: w.proj, env: w.env });
    assert.match(d.stdout, /project skills trusted \(by invoke\.trustProject in the user config\)/);
  });
});

describe('a project config that is not a plain file', () => {
  it('is one line and exit 2 when it is a FIFO, never a hang', async (t) => {
    const w = world();
    const fifo = path.join(w.proj, 'skillset.config.json');
    const made = spawnSync('mkfifo', [fifo]);
    if (made.status !== 0) {
      t.skip('mkfifo is not available');
      return;
    }
    const r = await runCli(['list'], { cwd: w.proj, env: w.env, guardMs: 20_000 });
    assert.equal(r.status, 2, r.stderr);
    assert.match(r.stderr, /^skillset: Cannot read config .*not a regular file/);
  });
});
