// `skillset export` as a user runs it: a run, a second run that changes nothing, --check in sync and
// after an edit, and AGENTS.md text outside the markers kept byte for byte.

import assert from 'node:assert/strict';
import { type SpawnSyncReturns, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { cliPath, repoRoot } from '../src/test-support/paths.js';

const example = path.join(repoRoot, 'examples', 'skills');
const run = (args: string[]) =>
  spawnSync(process.execPath, [cliPath, 'export', example, ...args, '--no-cache', '-q'], {
    encoding: 'utf8',
  });

describe('skillset export', () => {
  for (const target of ['agents-md', 'cursor', 'agents-dir', 'copilot', 'well-known'])
    it(`${target}: writes, then changes nothing, and --check sees an edit`, () => {
      const out = mkdtempSync(path.join(os.tmpdir(), `skillset-export-${target}-`));
      const first = run(['--target', target, '--out', out, '--json']);
      assert.equal(first.status, 0, first.stderr);
      const written = JSON.parse(first.stdout).written as string[];
      assert.ok(written.length > 0);
      const second = run(['--target', target, '--out', out, '--json']);
      assert.equal(second.status, 0, second.stderr);
      assert.deepEqual(JSON.parse(second.stdout).written, []);
      assert.equal(run(['--target', target, '--out', out, '--check']).status, 0);
      const file = path.join(out, written.find((w) => !w.endsWith('.json')) as string);
      // An edit inside what skillset owns (for AGENTS.md, inside its markers: the rest is the user's).
      const text = readFileSync(file, 'utf8');
      writeFileSync(
        file,
        target === 'agents-md'
          ? text.replace('<available_skills>', '<available_skills>\nedited by hand')
          : `${text}\nedited by hand\n`,
      );
      const drift = run(['--target', target, '--out', out, '--check', '--json']);
      assert.equal(drift.status, 1);
      assert.ok(JSON.parse(drift.stdout).drift.length > 0);
    });

  it('keeps AGENTS.md outside its markers byte for byte', () => {
    const out = mkdtempSync(path.join(os.tmpdir(), 'skillset-export-md-'));
    const before = '# Project\r\n\r\nRules for agents.\r\n';
    writeFileSync(path.join(out, 'AGENTS.md'), before);
    assert.equal(run(['--target', 'agents-md', '--out', out]).status, 0);
    const text = readFileSync(path.join(out, 'AGENTS.md'), 'utf8');
    assert.ok(text.startsWith(before), JSON.stringify(text.slice(0, 80)));
    assert.match(text, /<available_skills>/);
    writeFileSync(path.join(out, 'AGENTS.md'), `${text}\r\nAfter the block.\r\n`);
    assert.equal(run(['--target', 'agents-md', '--out', out]).status, 0);
    assert.ok(
      readFileSync(path.join(out, 'AGENTS.md'), 'utf8').endsWith('\r\nAfter the block.\r\n'),
    );
  });

  it('names the missing option in one line, exit 2', () => {
    const r = run(['--out', '/tmp/x']);
    assert.equal(r.status, 2);
    assert.match(r.stderr, /--target/);
  });
});

describe('skillset export with no paths', () => {
  /** A temp home with a user skill, and a temp project (a repository) with one skill. */
  function setUp(): {
    home: string;
    project: string;
    cli: (args: string[]) => SpawnSyncReturns<string>;
  } {
    const top = mkdtempSync(path.join(os.tmpdir(), 'skillset-export-scope-'));
    const home = path.join(top, 'home');
    const project = path.join(top, 'project');
    const skill = (dir: string, name: string) => {
      mkdirSync(path.join(dir, name), { recursive: true });
      writeFileSync(
        path.join(dir, name, 'SKILL.md'),
        `---\nname: ${name}\ndescription: The ${name} skill.\n---\n\nDo ${name}.\n`,
      );
    };
    skill(path.join(home, '.claude', 'skills'), 'private-notes');
    skill(path.join(project, '.claude', 'skills'), 'deploy-app');
    mkdirSync(path.join(project, '.git'));
    const env = { ...process.env, HOME: home, XDG_CONFIG_HOME: path.join(home, '.config') };
    const cli = (args: string[]) =>
      spawnSync(process.execPath, [cliPath, 'export', ...args, '--no-cache', '-q'], {
        cwd: project,
        env,
        encoding: 'utf8',
      });
    return { home, project, cli };
  }

  it("agents-md lists the project's skills, never the user's", () => {
    const { home, project, cli } = setUp();
    const r = cli(['--target', 'agents-md', '--out', '.']);
    assert.equal(r.status, 0, r.stderr);
    const text = readFileSync(path.join(project, 'AGENTS.md'), 'utf8');
    assert.match(text, /deploy-app/);
    assert.doesNotMatch(text, /private-notes/);
    assert.ok(!text.includes(home), 'no home path in AGENTS.md');
  });

  it("agents-dir copies the project's skills only, and --check compares against the sources", () => {
    const { project, cli } = setUp();
    assert.equal(cli(['--target', 'agents-dir', '--out', '.']).status, 0);
    assert.ok(existsSync(path.join(project, '.agents', 'skills', 'deploy-app', 'SKILL.md')));
    assert.ok(!existsSync(path.join(project, '.agents', 'skills', 'private-notes')));
    // The copy now shadows its source in discovery; an edit to the source is still seen.
    const source = path.join(project, '.claude', 'skills', 'deploy-app', 'SKILL.md');
    writeFileSync(source, `${readFileSync(source, 'utf8')}\nEdited.\n`);
    const check = cli(['--target', 'agents-dir', '--out', '.', '--check', '--json']);
    assert.equal(check.status, 1, check.stdout);
    assert.deepEqual(JSON.parse(check.stdout).drift, ['.agents/skills/deploy-app/SKILL.md']);
    const again = cli(['--target', 'agents-dir', '--out', '.', '--json']);
    assert.equal(again.status, 0, again.stderr);
    assert.deepEqual(JSON.parse(again.stdout).written, [
      '.agents/skills/deploy-app/SKILL.md',
      '.skillset-export.json',
    ]);
    assert.equal(
      readFileSync(path.join(project, '.agents', 'skills', 'deploy-app', 'SKILL.md'), 'utf8'),
      readFileSync(source, 'utf8'),
    );
    assert.equal(cli(['--target', 'agents-dir', '--out', '.', '--check']).status, 0);
  });
});
