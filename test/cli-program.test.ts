// The program's wiring as a user meets it: a command line that names a command wires that command
// alone (src/cli/program.ts), and its help, errors and did-you-mean are those of the whole program;
// the answer written straight to stdout arrives whole, also when the pipe would block.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { cliPath, corporaDir, repoRoot } from '../src/test-support/paths.js';

const cacheDir = mkdtempSync(path.join(os.tmpdir(), 'skillset-program-'));
const home = mkdtempSync(path.join(os.tmpdir(), 'skillset-program-home-'));
const env = { ...process.env, SKILLSET_CACHE_DIR: cacheDir, HOME: home };
const cli = (args: string[]) =>
  spawnSync(process.execPath, [cliPath, ...args], { cwd: repoRoot, encoding: 'utf8', env });
const examples = path.join(repoRoot, 'examples', 'skills');

/** Every command, in the order the program's help lists them. */
const COMMANDS = [
  'list',
  'show',
  'lint',
  'audit',
  'index',
  'search',
  'select',
  'eval',
  'listing',
  'load',
  'invoke',
  'doctor',
  'export',
  'build',
  'gloss-coverage',
  'add',
  'install',
  'verify',
  'remove',
  'outdated',
  'update',
  'import',
  'publish',
  'team',
  'serve',
  'ui',
];

describe('the program', () => {
  it('lists every command in its help, in order', () => {
    const r = cli(['--help']);
    assert.equal(r.status, 0, r.stderr);
    const listed = (r.stdout.split('\nCommands:\n')[1] ?? '')
      .split('\n')
      .map((line) => /^ {2}([a-z-]+)/.exec(line)?.[1])
      .filter((name) => name !== undefined);
    assert.deepEqual(listed, [...COMMANDS, 'help']);
  });

  for (const name of COMMANDS)
    it(`gives \`${name} --help\`, wired alone, the help it has beside every other command`, () => {
      const alone = cli([name, '--help']);
      const beside = cli(['help', name]);
      assert.equal(alone.status, 0, alone.stderr);
      assert.equal(beside.status, 0, beside.stderr);
      assert.match(alone.stdout, new RegExp(`^Usage: skillset ${name} `));
      assert.equal(alone.stdout, beside.stdout);
      assert.equal(alone.stderr, beside.stderr);
    });

  it('answers an unknown command with its did-you-mean and exit code 2', () => {
    const r = cli(['serch', 'x']);
    assert.equal(r.status, 2);
    assert.equal(r.stdout, '');
    assert.equal(
      r.stderr,
      "skillset: unknown command 'serch'\n  Did you mean search? Run with --help for usage.\n",
    );
  });

  it('answers an unknown option with its did-you-mean, --debug before the command or not', () => {
    const plain = cli(['search', 'x', examples, '--limt', '3']);
    const debug = cli(['--debug', 'search', 'x', examples, '--limt', '3']);
    assert.equal(plain.status, 2);
    assert.equal(
      plain.stderr,
      "skillset: unknown option '--limt'\n  Did you mean --limit? Run with --help for usage.\n",
    );
    assert.equal(debug.status, plain.status);
    assert.equal(debug.stderr, plain.stderr);
  });

  it("says commander's usage errors in the style of its own, exit code 2, and as a problem under --json", () => {
    const theirs = cli(['select', examples, '--budget-unit', 'bytes', '--json']);
    const ours = cli(['select', examples, '--budget', 'lots', '--json']);
    for (const r of [theirs, ours]) {
      assert.equal(r.status, 2, r.stderr);
      assert.match(r.stderr, /^skillset: [^\n]+\n( {2}[^\n]+\n)?$/);
      assert.match(
        (JSON.parse(r.stdout) as { problem: { code: string } }).problem.code,
        /^usage\//,
      );
    }
    assert.match(theirs.stderr, /argument 'bytes' is invalid/);
    assert.equal(cli(['select', examples, '--budget-unit', 'bytes']).stdout, '');
  });

  it('runs a command named after --debug', () => {
    const plain = cli(['list', examples, '--json']);
    const debug = cli(['--debug', 'list', examples, '--json']);
    assert.equal(plain.status, 0, plain.stderr);
    assert.equal(debug.status, 0, debug.stderr);
    assert.equal(debug.stdout, plain.stdout);
  });
});

describe('the README', () => {
  it('runs the CLI as its setup says to, with nothing put on the PATH', () => {
    const readme = readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
    const setup = /## Set up[^\n]*\n+```sh\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
    const runs = setup
      .split('\n')
      .map((line) => line.replace(/#.*$/, '').trim())
      .filter((line) => line.startsWith('npx skillset '));
    assert.ok(runs.length > 0, `no \`npx skillset …\` line in the setup block:\n${setup}`);
    for (const line of runs) {
      const r = spawnSync('npx', line.split(/\s+/).slice(1), {
        cwd: repoRoot,
        encoding: 'utf8',
        env,
      });
      assert.equal(r.status, 0, `${line}: ${r.stderr}`);
      assert.match(r.stdout, /\S/, line);
    }
  });
});

/** What the test's watch on fs.writeSync says when a write to stdout would block. */
const BLOCKED = 'test: a write to stdout would block';

describe('the output', () => {
  it('arrives whole when stdout would block, its stream taking what the descriptor could not', async () => {
    const lib = path.join(corporaDir, 'salesforce-skills', 'skills');
    const whole = cli(['list', lib, '--json']);
    assert.equal(whole.status, 0, whole.stderr);
    // Making the stdout stream first leaves the pipe non-blocking: a write past what the pipe holds
    // would block. The reader below reads nothing until the CLI has met that: a line on stderr,
    // from a watch on fs.writeSync, tells when a write to stdout would have blocked.
    const touch = path.join(mkdtempSync(path.join(os.tmpdir(), 'skillset-program-')), 'touch.cjs');
    writeFileSync(
      touch,
      `process.stdout;
const fs = require('node:fs');
const writeSync = fs.writeSync;
let told = false;
fs.writeSync = function (fd, ...rest) {
  try {
    return writeSync.call(fs, fd, ...rest);
  } catch (e) {
    if (fd === 1 && e.code === 'EAGAIN' && !told) {
      told = true;
      writeSync.call(fs, 2, '${BLOCKED}\\n');
    }
    throw e;
  }
};
`,
    );
    const child = spawn(process.execPath, ['--require', touch, cliPath, 'list', lib, '--json'], {
      cwd: repoRoot,
      env,
    });
    child.stdout.pause();
    const chunks: Buffer[] = [];
    child.stdout.on('data', (c: Buffer) => chunks.push(c));
    let stderr = '';
    child.stderr.on('data', (c) => {
      stderr += c;
      if (stderr.includes(BLOCKED)) child.stdout.resume();
    });
    // Had nothing blocked, what the pipe holds is read once the CLI is gone (the check below fails).
    child.on('exit', () => child.stdout.resume());
    const status = await new Promise((resolve) => child.on('close', resolve));
    assert.equal(status, 0, stderr);
    assert.equal(stderr, `${BLOCKED}\n`, 'a write to stdout would have blocked, once');
    assert.ok(whole.stdout.length > 256 * 1024, 'more than a pipe holds');
    assert.equal(Buffer.concat(chunks).toString('utf8'), whole.stdout);
  });
});
