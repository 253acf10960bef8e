import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { lifeline } from '../test-support/lifeline.js';
import { within } from '../test-support/within.js';
import { findShellSites, type RunOptions, resolveShellProgram, runShellCommand } from './shell.js';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'skillset-shell-'));
after(() => rmSync(tmp, { recursive: true, force: true }));

const run = (command: string, options: Partial<RunOptions> = {}) =>
  runShellCommand(command, {
    program: '/bin/sh',
    cwd: tmp,
    env: { PATH: process.env.PATH },
    timeoutMs: 5_000,
    maxOutputBytes: 65_536,
    ...options,
  });

describe('findShellSites', () => {
  it('finds inline sites at line start or after whitespace, with line and column', () => {
    const body = '!`date`\nBranch: !`git branch`\n\tx !`a b`';
    assert.deepEqual(
      findShellSites(body).map((s) => [s.kind, s.command, s.line, s.column]),
      [
        ['inline', 'date', 1, 1],
        ['inline', 'git branch', 2, 9],
        ['inline', 'a b', 3, 4],
      ],
    );
    const [first] = findShellSites(body);
    assert.equal(body.slice(first?.start, first?.end), '!`date`');
  });

  it('leaves sites glued to a word, escaped, empty or spanning lines as text', () => {
    assert.deepEqual(findShellSites('KEY=!`cmd` \\!`cmd` a!`b` !`` !`no\nclose`'), []);
  });

  it('finds a ```! block as one site, with its lines as the command', () => {
    const body = 'Intro\n```!\necho one\necho `two`\n```\nafter !`three`';
    const sites = findShellSites(body);
    assert.deepEqual(
      sites.map((s) => [s.kind, s.command, s.line, s.column]),
      [
        ['block', 'echo one\necho `two`', 2, 1],
        ['inline', 'three', 6, 7],
      ],
    );
    assert.equal(body.slice(sites[0]?.start, sites[0]?.end), '```!\necho one\necho `two`\n```');
  });

  it('treats an unclosed ```! fence and an ordinary fence as text, but still sees inline sites', () => {
    assert.deepEqual(
      findShellSites('```sh\n!`inside`\n```\n```!\nnever closed').map((s) => s.command),
      ['inside'],
    );
  });
});

describe('resolveShellProgram', () => {
  it('defaults to /bin/sh, finds bash on PATH, falls back, refuses the unknown', () => {
    assert.equal(resolveShellProgram(undefined, {}), '/bin/sh');
    assert.equal(resolveShellProgram('sh', {}), '/bin/sh');
    assert.equal(resolveShellProgram('bash', { PATH: tmp }), '/bin/sh');
    const bash = resolveShellProgram('bash', { PATH: process.env.PATH });
    if (existsSync('/bin/bash') || existsSync('/usr/bin/bash')) assert.match(bash ?? '', /bash$/);
    assert.equal(resolveShellProgram('powershell', {}), undefined);
    assert.equal(resolveShellProgram('/no/such/shell', {}), undefined);
  });
});

describe('runShellCommand', () => {
  it('captures stdout, runs in cwd with the given env and closed stdin', async () => {
    const r = await run('pwd; echo "$GREETING"; cat; echo done', {
      env: { PATH: process.env.PATH, GREETING: 'hi' },
    });
    assert.equal(r.kind, 'ok');
    assert.equal(r.kind === 'ok' && r.stdout, `${realpathSync(tmp)}\nhi\ndone\n`);
    assert.equal(r.kind === 'ok' && r.exitCode, 0);
  });

  it('reports a non-zero exit with its code and stderr', async () => {
    const r = await run('echo out; echo "broken pipe" >&2; exit 3');
    assert.deepEqual(r.kind === 'failed' && [r.exitCode, r.stderr], [3, 'broken pipe\n']);
  });

  it('reports death by a signal', async () => {
    const r = await run('kill -TERM $$');
    assert.deepEqual(r.kind === 'failed' && r.signal, 'SIGTERM');
  });

  it('reports a shell that cannot start', async () => {
    const r = await run('true', { cwd: path.join(tmp, 'missing') });
    assert.equal(r.kind, 'failed');
  });

  it('kills the whole process group on timeout and does not wait for it', async () => {
    // The background job holds a lifeline open: its end of file is the job's end, long before 60 s.
    const job = lifeline(tmp);
    try {
      const r = await within(
        run(`sleep 60 3>'${job.file}' & wait`, { timeoutMs: 200 }),
        20_000,
        'the run waited for its background job',
      );
      assert.deepEqual(r.kind === 'timeout' && r.signal, 'SIGKILL');
      await within(job.ended, 20_000, 'the background sleep was not killed');
    } finally {
      job.close();
    }
  });

  it('caps the output, stopping a command that would never end', async () => {
    const r = await run('yes', { maxOutputBytes: 1000 });
    assert.equal(r.kind, 'ok');
    assert.equal(r.kind === 'ok' && r.truncated, true);
    assert.equal(r.kind === 'ok' && r.stdout.length, 1000);
  });

  it('does not split a UTF-8 character at the cap', async () => {
    const r = await run("printf 'aéééé'", { maxOutputBytes: 4 });
    assert.equal(r.kind === 'ok' && r.stdout, 'aé');
  });
});
