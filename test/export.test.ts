// `skillset export` as a user runs it: a run, a second run that changes nothing, --check in sync and
// after an edit, and AGENTS.md text outside the markers kept byte for byte.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
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
  for (const target of ['agents-md', 'cursor', 'agents-dir', 'copilot'])
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
