// The CLI as a user runs it: a real process, stdout, stderr and exit codes.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { cliPath, corporaDir, repoRoot } from '../src/test-support/paths.js';

const cacheDir = mkdtempSync(path.join(os.tmpdir(), 'skillset-cli-'));
const home = mkdtempSync(path.join(os.tmpdir(), 'skillset-home-'));
const cli = (args: string[], cwd = repoRoot) =>
  spawnSync(process.execPath, [cliPath, ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, SKILLSET_CACHE_DIR: cacheDir, HOME: home },
  });
const examples = path.join(repoRoot, 'examples', 'skills');

describe('skillset list', () => {
  it('prints the JSON contract over a real library and exits 0', () => {
    const r = cli(['list', path.join(corporaDir, 'salesforce-skills', 'skills'), '--json']);
    assert.equal(r.status, 0, r.stderr);
    const rows = JSON.parse(r.stdout) as Array<Record<string, unknown>>;
    assert.equal(rows.length, 978);
    assert.deepEqual(Object.keys(rows[0] ?? {}), ['id', 'name', 'path', 'scope', 'description']);
    assert.ok(
      rows.every(
        (row) => path.isAbsolute(String(row.path)) && String(row.path).endsWith('SKILL.md'),
      ),
    );
  });

  it('gives the same bytes warm as cold', () => {
    const root = path.join(corporaDir, 'everything-claude-code');
    const cold = cli(['list', root, '--json', '--no-cache']);
    cli(['list', root, '--json']);
    const warm = cli(['list', root, '--json']);
    assert.equal(warm.stdout, cold.stdout);
    assert.equal(warm.stderr, cold.stderr);
  });

  it('prints diagnostics on stderr and still exits 0', () => {
    const r = cli(['list', path.join(corporaDir, 'claude-skills')]);
    assert.equal(r.status, 0);
    assert.match(
      r.stderr,
      /SKILL\.md:1:1: error [^\n]* does not exist; not loaded \[discover\/dangling-link\]/,
    );
    assert.match(r.stdout, /\d+ skills\n$/);
  });

  it('reads the standard scopes when given no path, and accepts --dir', () => {
    const none = cli(['list', '--json'], home);
    assert.equal(none.status, 0);
    assert.deepEqual(JSON.parse(none.stdout), []);
    const dir = cli(['list', '--dir', examples, '--json'], home);
    assert.ok((JSON.parse(dir.stdout) as unknown[]).length >= 8);
  });

  it('exits 2 with one line for a missing folder or a bad flag', () => {
    const missing = cli(['list', '/no/such/folder']);
    assert.equal(missing.status, 2);
    assert.match(missing.stderr, /^skillset: No such folder: \/no\/such\/folder\n/);
    assert.equal(cli(['list', '--precedence', 'sideways']).status, 2);
    assert.equal(cli(['frobnicate']).status, 2);
  });

  it('has help that names the JSON shape, and a version', () => {
    const help = cli(['list', '--help']);
    assert.equal(help.status, 0);
    assert.match(help.stdout, /"id", "name", "path", "scope", "description"/);
    const pkg = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
      version: string;
    };
    assert.equal(cli(['--version']).stdout.trim(), pkg.version);
  });
});

describe('skillset show', () => {
  it('shows a skill with its body as JSON', () => {
    const r = cli(['show', 'review-pr', examples, '--json', '--body']);
    assert.equal(r.status, 0, r.stderr);
    const s = JSON.parse(r.stdout) as {
      id: string;
      body: string;
      frontmatter: Record<string, unknown>;
    };
    assert.equal(s.id, 'review-pr');
    assert.ok(s.body.length > 0);
    assert.ok('description' in s.frontmatter);
  });

  it('suggests the closest name for a typo and exits 2', () => {
    const r = cli(['show', 'reveiw-pr', examples]);
    assert.equal(r.status, 2);
    assert.match(r.stderr, /Unknown skill `reveiw-pr`\n {2}Did you mean `review-pr`\?/);
  });
});
