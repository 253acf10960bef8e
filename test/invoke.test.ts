// `skillset invoke` as a user runs it: arguments and variables expanded, shell run only for a trusted
// folder, `--no-shell`, a failing and a hanging command each one line and exit 2, and an `off`
// override refused. Real processes over real folders.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { lifeline } from '../src/test-support/lifeline.js';
import { cliPath } from '../src/test-support/paths.js';
import { within } from '../src/test-support/within.js';

function library(): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'skillset-invoke-'));
  const skill = (name: string, front: string, body: string) => {
    mkdirSync(path.join(root, 'skills', name), { recursive: true });
    writeFileSync(
      path.join(root, 'skills', name, 'SKILL.md'),
      `---\nname: ${name}\ndescription: The ${name} skill, for tests.\n${front}---\n${body}`,
    );
  };
  skill(
    'hello',
    'arguments: [who]\n',
    'Hi $who, $1 and $ARGUMENTS.\n\n!`touch ran && echo marker-out`\n',
  );
  skill('fails', '', 'Before.\n\n!`echo broken >&2; exit 3`\n');
  skill('hangs', '', 'Before.\n\n!`sleep 5`\n');
  skill('hidden', '', 'Never.\n');
  writeFileSync(
    path.join(root, 'skillset.config.json'),
    JSON.stringify({ invoke: { timeoutMs: 300 }, permissions: { overrides: { hidden: 'off' } } }),
  );
  return root;
}

/** `skillset invoke` over the library's skills folder (a --dir before the given words; arguments follow `--`). */
function invoke(root: string, args: string[]) {
  return spawnSync(
    process.execPath,
    [cliPath, 'invoke', '--dir', path.join(root, 'skills'), '--no-cache', ...args],
    {
      cwd: root,
      encoding: 'utf8',
      // A hang guard; below the hanging skill's 60 s, so a run that waited for it fails.
      timeout: 45_000,
    },
  );
}

describe('skillset invoke', () => {
  it('expands named and positional arguments; a folder not trusted shows the command, unrun', () => {
    const root = library();
    const r = invoke(root, ['hello', '--', 'Ada', '"Grace Hopper"']);
    assert.equal(r.status, 0, r.stderr);
    assert.match(
      r.stdout,
      // Arguments count from 0, as Claude Code's do: $who and $0 are Ada, $1 is Grace Hopper.
      /^Base directory for this skill: .*hello\n\nHi Ada, Grace Hopper and Ada "Grace Hopper"\./,
    );
    assert.match(
      r.stdout,
      /\[shell command not run: untrusted source: touch ran && echo marker-out\]/,
    );
    assert.equal(existsSync(path.join(root, 'ran')), false);
  });

  it('runs the command for a trusted folder, and never with --no-shell', () => {
    const root = library();
    const on = invoke(root, ['hello', '--trust-project', '--', 'x']);
    assert.equal(on.status, 0, on.stderr);
    assert.match(on.stdout, /\nmarker-out\n/);
    assert.equal(existsSync(path.join(root, 'ran')), true);
    const again = library();
    const off = invoke(again, ['hello', '--trust-project', '--no-shell', '--json', '--', 'x']);
    assert.equal(off.status, 0, off.stderr);
    const v = JSON.parse(off.stdout);
    assert.equal(v.shell, 'off');
    assert.deepEqual(v.commands, [
      {
        command: 'touch ran && echo marker-out',
        line: 3,
        ran: false,
        reason: 'shell is off by policy',
      },
    ]);
    assert.equal(existsSync(path.join(again, 'ran')), false);
  });

  it('aborts on a failing command with one line and exit 2', () => {
    const r = invoke(library(), ['fails', '--trust-project']);
    assert.equal(r.status, 2);
    assert.match(
      r.stderr,
      /^skillset: Shell command `echo broken >&2; exit 3` \(\/.*\/fails\/SKILL\.md:7\) exited with code 3: broken\n/,
    );
    assert.doesNotMatch(r.stderr, /\n\s+at /);
    assert.equal(r.stdout, '');
  });

  it('aborts a command that runs past the timeout, and kills it', async () => {
    const root = library();
    // The command holds a lifeline open: its end of file is the command's end, long before 60 s (a
    // run that waited for it would meet invoke()'s guard first).
    const job = lifeline(root);
    try {
      const file = path.join(root, 'skills', 'hangs', 'SKILL.md');
      writeFileSync(file, readFileSync(file, 'utf8').replace('sleep 5', `sleep 60 3>${job.file}`));
      const r = invoke(root, ['hangs', '--trust-project', '--json']);
      assert.equal(r.status, 2, r.stderr);
      assert.equal(JSON.parse(r.stdout).problem.code, 'invoke/shell-timeout');
      assert.match(r.stderr, /invoke\.timeoutMs/);
      await within(job.ended, 20_000, 'the command was not killed');
    } finally {
      job.close();
    }
  });

  it('takes roots as the other commands do, positional, and the arguments after `--`', () => {
    const root = library();
    const run = (args: string[]) =>
      spawnSync(process.execPath, [cliPath, 'invoke', '--no-cache', ...args], {
        cwd: root,
        encoding: 'utf8',
      });
    const positional = run(['hello', 'skills', '--', 'Ada', '--json']);
    const flag = run(['hello', '--dir', 'skills', '--', 'Ada', '--json']);
    assert.equal(positional.status, 0, positional.stderr);
    assert.equal(positional.stdout, flag.stdout);
    assert.match(positional.stdout, /Hi Ada, --json and Ada --json\./);
    // A word meant as an argument but put before `--` is a root that is not there: one line says how.
    const stray = run(['hello', 'Ada']);
    assert.equal(stray.status, 2);
    assert.match(
      stray.stderr,
      /No such folder: .*Ada\n {2}Arguments follow `--`: skillset invoke hello/,
    );
  });

  it('refuses a skill turned off, with the reason', () => {
    const r = invoke(library(), ['hidden', '--json']);
    assert.equal(r.status, 2);
    const p = JSON.parse(r.stdout).problem;
    assert.equal(p.code, 'invoke/denied');
    assert.equal(p.data.permission.step, 'override');
  });
});
