// The flags a new user reaches for first: lint FILE…, --add-dir, --agent, --limit, and what an empty result says.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { cliPath, repoRoot } from '../src/test-support/paths.js';

const cacheDir = mkdtempSync(path.join(os.tmpdir(), 'skillset-flags-'));
const examples = path.join(repoRoot, 'examples', 'skills');

function cli(
  args: string[],
  cwd = repoRoot,
  home = mkdtempSync(path.join(os.tmpdir(), 'skillset-flags-home-')),
) {
  return spawnSync(process.execPath, [cliPath, ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, SKILLSET_CACHE_DIR: cacheDir, HOME: home },
  });
}

const skill = (dir: string, name: string, description: string): void => {
  mkdirSync(path.join(dir, name), { recursive: true });
  writeFileSync(
    path.join(dir, name, 'SKILL.md'),
    `---\nname: ${name}\ndescription: ${description}\n---\n# ${name}\n\nSteps.\n`,
  );
};

describe('lint FILE…', () => {
  it('lints the skills that hold the files, once each, and says which files no skill holds', () => {
    const a = path.join(examples, 'review-pr', 'SKILL.md');
    const r = cli(['lint', a, a, path.join(repoRoot, 'package.json'), '--format', 'json']);
    assert.equal(r.status, 0, r.stderr);
    const out = JSON.parse(r.stdout) as {
      summary: { skills: number; warnings: number };
      diagnostics: Array<{ code: string; file: string }>;
    };
    assert.equal(out.summary.skills, 1);
    // The file no skill holds is part of the report, counted with it.
    const outside = out.diagnostics.filter((d) => d.code === 'lint/file-outside-skills');
    assert.deepEqual(
      outside.map((d) => d.file),
      [path.join(repoRoot, 'package.json')],
    );
    assert.ok(out.summary.warnings >= 1);
    const strict = cli(['lint', path.join(repoRoot, 'package.json'), '--max-warnings', '0']);
    assert.equal(strict.status, 1, strict.stdout + strict.stderr);
  });

  it('lints a skill from any file inside its folder', () => {
    const lib = mkdtempSync(path.join(os.tmpdir(), 'skillset-flags-lib-'));
    cpSync(path.join(examples, 'broken-yaml'), path.join(lib, 'broken-yaml'), { recursive: true });
    mkdirSync(path.join(lib, 'broken-yaml', 'references'), { recursive: true });
    writeFileSync(path.join(lib, 'broken-yaml', 'references', 'notes.md'), 'notes\n');
    const r = cli([
      'lint',
      path.join(lib, 'broken-yaml', 'references', 'notes.md'),
      '--format',
      'json',
    ]);
    const out = JSON.parse(r.stdout) as {
      summary: { skills: number };
      diagnostics: Array<{ file: string }>;
    };
    assert.equal(out.summary.skills, 1);
    assert.ok(out.diagnostics.every((d) => d.file.includes('broken-yaml')));
  });
});

describe('--add-dir and --agent', () => {
  it('--add-dir adds a folder to the standard scopes; positional paths still mean only those', () => {
    const project = mkdtempSync(path.join(os.tmpdir(), 'skillset-flags-proj-'));
    mkdirSync(path.join(project, '.git'));
    skill(
      path.join(project, '.claude', 'skills'),
      'local-one',
      'Use when testing the project scope.',
    );
    const extra = mkdtempSync(path.join(os.tmpdir(), 'skillset-flags-extra-'));
    skill(path.join(extra, '.claude', 'skills'), 'added-one', 'Use when testing an added folder.');
    const r = cli(['list', '--add-dir', extra, '--json'], project);
    assert.equal(r.status, 0, r.stderr);
    const rows = JSON.parse(r.stdout) as Array<{ id: string; scope: string }>;
    assert.deepEqual(
      rows.map((x) => [x.id, x.scope]),
      [
        ['added-one', 'additional'],
        ['local-one', 'project'],
      ],
    );
    const only = JSON.parse(
      cli(['list', path.join(extra, '.claude', 'skills'), '--json'], project).stdout,
    ) as unknown[];

    // An agent loads only its own folders from an added one: Claude Code takes nothing from .agents/.
    const agentsOnly = mkdtempSync(path.join(os.tmpdir(), 'skillset-flags-extra2-'));
    skill(path.join(agentsOnly, '.agents', 'skills'), 'agents-only', 'Use when testing a preset.');
    const claude = JSON.parse(
      cli(['list', '--agent', 'claude-code', '--add-dir', agentsOnly, '--json'], project).stdout,
    ) as Array<{ id: string }>;
    assert.ok(!claude.some((x) => x.id === 'agents-only'));
    const own = JSON.parse(
      cli(['list', '--add-dir', agentsOnly, '--json'], project).stdout,
    ) as Array<{ id: string }>;
    assert.ok(own.some((x) => x.id === 'agents-only'));
    assert.equal(only.length, 1);
  });

  it('--agent claude-code lets the user skill win; --agent copilot reads .github/skills and lets the project win', () => {
    const home = mkdtempSync(path.join(os.tmpdir(), 'skillset-flags-home-'));
    const project = mkdtempSync(path.join(os.tmpdir(), 'skillset-flags-proj-'));
    mkdirSync(path.join(project, '.git'));
    skill(path.join(home, '.claude', 'skills'), 'deploy', 'Use when deploying, the user copy.');
    skill(
      path.join(project, '.claude', 'skills'),
      'deploy',
      'Use when deploying, the project copy.',
    );
    skill(path.join(project, '.github', 'skills'), 'triage', 'Use when triaging issues on GitHub.');
    const claude = JSON.parse(
      cli(['list', '--agent', 'claude-code', '--json'], project, home).stdout,
    ) as Array<{ id: string; scope: string }>;
    assert.deepEqual(
      claude.map((x) => [x.id, x.scope]),
      [['deploy', 'user']],
    );
    const copilot = JSON.parse(
      cli(['list', '--agent', 'copilot', '--json'], project, home).stdout,
    ) as Array<{ id: string; scope: string }>;
    assert.deepEqual(
      copilot.map((x) => [x.id, x.scope]),
      [
        ['deploy', 'project'],
        ['triage', 'project'],
      ],
    );
    const bad = cli(['list', '--agent', 'emacs'], project, home);
    assert.equal(bad.status, 2);
  });
});

describe('paths and config', () => {
  it('an empty path (an unset variable in a script) is a usage error, not the whole working folder', () => {
    for (const args of [
      ['lint', ''],
      ['list', ''],
      ['search', 'x', ''],
    ]) {
      const r = cli(args);
      assert.equal(r.status, 2, `${args.join(' ')}: ${r.stdout.slice(0, 200)}`);
      assert.match(r.stderr, /An empty path was given/);
    }
  });

  it('refuses a rule option with a typo', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'skillset-flags-cfg-'));
    writeFileSync(
      path.join(dir, 'skillset.config.json'),
      JSON.stringify({ lint: { rules: { 'body/too-long': ['warn', { maxLinez: 3 }] } } }),
    );
    const r = cli(['lint', examples], dir);
    assert.equal(r.status, 2);
    assert.match(r.stderr, /Invalid options for `body\/too-long`.*maxLinez/);
  });
});

describe('problems and warnings a script can read', () => {
  it('--json prints a problem as JSON on stdout too, with its did-you-mean', () => {
    const r = cli(['show', 'review-p', examples, '--json']);
    assert.equal(r.status, 2);
    const out = JSON.parse(r.stdout) as { problem: { code: string; data: { didYouMean: string } } };
    assert.equal(out.problem.code, 'usage/unknown-skill');
    assert.equal(out.problem.data.didYouMean, 'review-pr');
  });

  it('eval points a label that names no skill at the line it is first used on', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'skillset-flags-eval-'));
    const file = path.join(dir, 'q.jsonl');
    writeFileSync(
      file,
      [
        '{"query": "review my pull request", "expected": ["review-pr"]}',
        '{"query": "nothing here", "expected": []}',
        '{"query": "write the release notes", "expected": ["release-notes-writer"]}',
        '{"query": "again", "expected": ["release-notes-writer"]}',
      ].join('\n'),
    );
    const r = cli(['eval', file, examples]);
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stderr, /q\.jsonl:3:1: warning `release-notes-writer` \(labelled 2 times\)/);
  });
});

describe('search --limit and empty results', () => {
  it('--limit 0 is a usage error in one line', () => {
    const r = cli(['search', 'review', examples, '--limit', '0']);
    assert.equal(r.status, 2);
    assert.equal(r.stderr.trim().split('\n').length, 2, r.stderr);
    assert.match(r.stderr, /limit/);
  });

  it('a limit above the candidate window says so', () => {
    const r = cli(['search', 'review', examples, '--limit', '500', '-q', '--json']);
    assert.equal(r.status, 0);
    const v = cli(['search', 'review', examples, '--limit', '500']);
    assert.match(v.stderr, /\[search\/limit-above-window\]/);
  });

  it('no skills found says where it looked', () => {
    const empty = mkdtempSync(path.join(os.tmpdir(), 'skillset-flags-empty-'));
    const r = cli(['list', empty]);
    assert.equal(r.status, 0);
    assert.match(
      r.stdout,
      new RegExp(
        `No skills found: read ${empty.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(additional\\)`,
      ),
    );
  });
});
