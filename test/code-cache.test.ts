// The bundled CLI and its code cache (src/util/code-cache.ts), as real processes: a kept cache gives
// the same output as none, a damaged one is replaced, `--no-cache` keeps none, and the modules
// without the bundles (dist/cli/main.js's fallback) answer the same.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { cliPath, repoRoot } from '../src/test-support/paths.js';

const examples = path.join(repoRoot, 'examples', 'skills');
const home = mkdtempSync(path.join(os.tmpdir(), 'skillset-cc-home-'));

function run(entry: string, args: string[], cacheDir: string) {
  const r = spawnSync(process.execPath, [entry, ...args], {
    encoding: 'utf8',
    cwd: repoRoot,
    env: { ...process.env, HOME: home, SKILLSET_CACHE_DIR: cacheDir },
    timeout: 120_000, // a hang guard, far above any run on a busy machine
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

const codeFiles = (dir: string): string[] => readdirSync(dir).filter((f) => f.startsWith('code-'));

describe('the code cache', () => {
  const search = ['search', 'review a pull request', examples, '--json'];

  it('is written on the first start and read on the next, with the same output', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'skillset-cc-'));
    const first = run(cliPath, search, dir);
    assert.equal(first.status, 0, first.stderr);
    const files = codeFiles(dir);
    assert.equal(files.length, 1, `one code cache file, got ${files.join(', ')}`);
    const file = path.join(dir, files[0] as string);
    const written = statSync(file).mtimeMs;
    const second = run(cliPath, search, dir);
    assert.equal(second.stdout, first.stdout);
    assert.equal(second.stderr, first.stderr);
    assert.equal(statSync(file).mtimeMs, written, 'a command the cache holds does not rewrite it');
    // A command it has not seen adds its code.
    const list = run(cliPath, ['list', examples, '--json'], dir);
    assert.equal(list.status, 0, list.stderr);
    const head = readFileSync(file, 'latin1').split('\n', 2)[1] as string;
    assert.deepEqual((JSON.parse(head) as { commands: string[] }).commands, ['list', 'search']);
  });

  for (const [what, damage] of [
    ['garbage', () => Buffer.from('not a code cache at all')],
    ['cut short', (b: Buffer) => b.subarray(0, Math.floor(b.length / 2))],
    ['with changed bytes', (b: Buffer) => Buffer.from(b.map((x, i) => (i > 200 ? x ^ 0xff : x)))],
    ['empty', () => Buffer.alloc(0)],
  ] as const) {
    it(`${what}, is replaced, and the output is unchanged`, () => {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'skillset-cc-bad-'));
      const clean = run(cliPath, search, dir);
      const file = path.join(dir, codeFiles(dir)[0] as string);
      const good = readFileSync(file);
      writeFileSync(file, damage(good));
      const again = run(cliPath, search, dir);
      assert.equal(again.status, 0, again.stderr);
      assert.equal(again.stdout, clean.stdout);
      assert.equal(again.stderr, clean.stderr);
      const head = (b: Buffer) => b.toString('latin1').split('\n', 1)[0];
      assert.equal(head(readFileSync(file)), head(good), 'rewritten whole');
      assert.notEqual(readFileSync(file).length, damage(good).length);
    });
  }

  it('is neither read nor written with --no-cache', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'skillset-cc-none-'));
    const r = run(cliPath, [...search, '--no-cache'], dir);
    assert.equal(r.status, 0, r.stderr);
    assert.deepEqual(codeFiles(dir), []);
  });

  it('is skipped, with the command working, when the cache folder is a file', () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'skillset-cc-file-')), 'f');
    writeFileSync(file, 'x');
    const r = run(cliPath, ['list', examples, '--json'], file);
    assert.equal(r.status, 0, r.stderr);
    assert.ok((JSON.parse(r.stdout) as unknown[]).length > 0);
    assert.doesNotMatch(r.stderr, /\n\s+at /);
  });
});

describe('the CLI without the bundle', () => {
  it('loads the modules one by one and answers as the bundle does', () => {
    // A build by tsc alone: dist without program.cjs, beside the repository's node_modules.
    const root = mkdtempSync(path.join(os.tmpdir(), 'skillset-cc-esm-'));
    cpSync(path.join(repoRoot, 'dist'), path.join(root, 'dist'), { recursive: true });
    rmSync(path.join(root, 'dist', 'cli', 'program.cjs'));
    rmSync(path.join(root, 'dist', 'cli', 'skillset.cjs'));
    symlinkSync(path.join(repoRoot, 'node_modules'), path.join(root, 'node_modules'));
    writeFileSync(path.join(root, 'package.json'), '{ "type": "module" }');
    const dir = mkdtempSync(path.join(os.tmpdir(), 'skillset-cc-esm-cache-'));
    const args = ['search', 'review a pull request', examples, '--json'];
    const bundled = run(cliPath, args, dir);
    const modules = run(path.join(root, 'dist', 'cli', 'main.js'), args, dir);
    assert.equal(bundled.status, 0, bundled.stderr);
    assert.equal(modules.status, 0, modules.stderr);
    assert.equal(modules.stdout, bundled.stdout);
    // A bundle older than its modules (a build by tsc alone since) is not run: the modules are.
    const stale = mkdtempSync(path.join(os.tmpdir(), 'skillset-cc-stale-'));
    cpSync(path.join(repoRoot, 'dist'), path.join(stale, 'dist'), { recursive: true });
    symlinkSync(path.join(repoRoot, 'node_modules'), path.join(stale, 'node_modules'));
    writeFileSync(path.join(stale, 'package.json'), '{ "type": "module" }');
    const bundle = path.join(stale, 'dist', 'cli', 'program.cjs');
    writeFileSync(
      bundle,
      '// skillset-bundle 0000000000000000\nthrow new Error("a stale bundle ran");\n',
    );
    utimesSync(bundle, new Date(2000, 0, 1), new Date(2000, 0, 1));
    const fresh = run(path.join(stale, 'dist', 'cli', 'skillset.cjs'), args, dir);
    assert.equal(fresh.status, 0, fresh.stderr);
    assert.equal(fresh.stdout, bundled.stdout);
    // And dist/cli/main.js with the bundles beside it runs them.
    const viaMain = run(path.join(repoRoot, 'dist', 'cli', 'main.js'), args, dir);
    assert.equal(viaMain.stdout, bundled.stdout);
  });
});
