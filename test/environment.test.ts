// The environment agents create: many processes over one cache, broken and unusable caches.
// Every case is real processes over real folders; each ends, under a hang guard, with no stack trace.

import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { age } from '../src/test-support/aged.js';
import { countSkills, skillFiles } from '../src/test-support/corpus.js';
import { cliPath, corporaDir, repoRoot } from '../src/test-support/paths.js';

const home = mkdtempSync(path.join(os.tmpdir(), 'skillset-env-home-'));
const examples = path.join(repoRoot, 'examples', 'skills');
// A mid-size library: the races below are the same on a larger one, at five times the cost.
const wshobson = path.join(corporaDir, 'wshobson-agents');
const tmp = (prefix: string) => mkdtempSync(path.join(os.tmpdir(), `skillset-${prefix}-`));

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Run the CLI as its own process, killed after two minutes: a hang guard (a hang fails the test
 * instead of stalling it), never a timing, so it is far above any run's length on a busy machine.
 */
function run(args: string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve) => {
    const p = spawn(process.execPath, [cliPath, ...args], {
      env: { ...process.env, HOME: home, ...env },
      cwd: repoRoot,
    });
    let stdout = '';
    let stderr = '';
    const timer = setTimeout(() => p.kill('SIGKILL'), 120_000);
    p.stdout.on('data', (d) => (stdout += d));
    p.stderr.on('data', (d) => (stderr += d));
    p.on('close', (status) => {
      clearTimeout(timer);
      resolve({ status, stdout, stderr });
    });
  });
}

const noStack = (r: Run): void => {
  assert.doesNotMatch(r.stderr, /\n\s+at .*:\d+:\d+/, r.stderr);
  assert.doesNotMatch(r.stderr, /internal error/, r.stderr);
};

describe('an unusable cache folder', () => {
  const file = path.join(tmp('cachefile'), 'a-file');
  writeFileSync(file, 'not a folder');
  const cases: Array<[string, string]> = [
    ['a file', file],
    ['a folder under a file', path.join(file, 'below')],
  ];
  if (existsSync('/proc/self')) cases.push(['a folder under /proc', '/proc/nope/cache']);
  for (const [what, dir] of cases)
    it(`is ${what}: list and search work without a cache, with one warning`, async () => {
      const expected = await run([
        'search',
        'review a pull request',
        examples,
        '--json',
        '--no-cache',
        '-q',
      ]);
      assert.equal(expected.status, 0, expected.stderr);
      const env = { SKILLSET_CACHE_DIR: dir };
      const [list, search] = await Promise.all([
        run(['list', examples, '--json'], env),
        run(['search', 'review a pull request', examples, '--json'], env),
      ]);
      for (const r of [list, search]) {
        assert.equal(r.status, 0, r.stderr);
        noStack(r);
        const warnings = r.stderr.split('\n').filter((l) => l.includes('[cache/unusable]'));
        assert.equal(warnings.length, 1, r.stderr);
        assert.ok(warnings[0]?.includes(dir), warnings[0]);
      }
      assert.equal(search.stdout, expected.stdout);
      assert.ok(JSON.parse(list.stdout).length > 0);
    });
});

describe('the index file', () => {
  it('is rebuilt, with a warning, when the cached one is damaged', async () => {
    const cache = tmp('corrupt');
    const env = { SKILLSET_CACHE_DIR: cache };
    const fresh = await run(['search', 'review a pull request', examples, '--json', '-q'], env);
    assert.equal(fresh.status, 0, fresh.stderr);
    const index = readdirSync(cache).find((f) => f.startsWith('index-')) as string;
    assert.ok(index, 'an index file in the cache');
    // Garbage over the header and pages: not a database any more.
    writeFileSync(path.join(cache, index), Buffer.alloc(8192, 0x5a));
    const again = await run(['search', 'review a pull request', examples, '--json'], env);
    assert.equal(again.status, 0, again.stderr);
    noStack(again);
    assert.match(again.stderr, /\[index\/rebuilt\]/);
    assert.equal(again.stdout, fresh.stdout);
    const third = await run(['search', 'review a pull request', examples, '--json'], env);
    assert.doesNotMatch(third.stderr, /index\/rebuilt/);
  });

  it("named with --index is never deleted: not a database, or someone else's, is one line and exit 2", async () => {
    const dir = tmp('named');
    const text = path.join(dir, 'notes.txt');
    writeFileSync(text, 'my notes, not a database\n'.repeat(200));
    const r = await run(['search', 'x', examples, '--index', text]);
    assert.equal(r.status, 2);
    noStack(r);
    assert.equal(r.stderr.trim().split('\n').length, 2, r.stderr);
    assert.match(r.stderr, /notes\.txt/);
    assert.equal(readFileSync(text, 'utf8'), 'my notes, not a database\n'.repeat(200));

    const foreign = path.join(dir, 'app.sqlite');
    const make = spawn(process.execPath, [
      '-e',
      `const D = require(${JSON.stringify(path.join(repoRoot, 'node_modules', 'better-sqlite3'))});
       const db = new D(${JSON.stringify(foreign)}); db.exec("CREATE TABLE users(name); INSERT INTO users VALUES ('ann')"); db.close();`,
    ]);
    await new Promise((resolve) => make.on('close', resolve));
    const before = readFileSync(foreign);
    const f = await run(['index', examples, '--index', foreign]);
    assert.equal(f.status, 2);
    noStack(f);
    assert.match(f.stderr, /not a skillset index.*left untouched/);
    assert.deepEqual(readFileSync(foreign), before);
  });

  it('indexes in memory, with a warning, when the cached index cannot be opened at all', async () => {
    const cache = tmp('dir-index');
    const env = { SKILLSET_CACHE_DIR: cache };
    const fresh = await run(['search', 'review a pull request', examples, '--json', '-q'], env);
    const index = readdirSync(cache).find((f) => f.startsWith('index-')) as string;
    rmSync(path.join(cache, index), { force: true });
    mkdirSync(path.join(cache, index)); // a folder where the file should be
    const r = await run(['search', 'review a pull request', examples, '--json'], env);
    assert.equal(r.status, 0, r.stderr);
    noStack(r);
    assert.match(r.stderr, /\[index\/in-memory\]/);
    assert.equal(r.stdout, fresh.stdout);
    const i = await run(['index', examples], env);
    assert.match(i.stdout, /in memory only, nothing was saved/);
  });

  it('is not written with --no-cache: nothing lands in the cache folder', async () => {
    const cache = tmp('nocache');
    const r = await run(['search', 'review', examples, '--no-cache', '-q'], {
      SKILLSET_CACHE_DIR: cache,
    });
    assert.equal(r.status, 0, r.stderr);
    assert.deepEqual(readdirSync(cache), []);
  });
});

describe('the discovery caches, damaged', () => {
  it('each is a miss, never a crash: every command gives what it gives with no cache', async () => {
    const dir = tmp('damaged');
    const lib = path.join(dir, 'lib');
    const more = path.join(dir, 'more');
    const skill = (file: string, text: string) => {
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, text);
    };
    // Diagnostics in a head (invalid YAML), a duplicate name (a decision), a .gitignore read.
    skill(path.join(lib, 'a', 'SKILL.md'), '---\nname: a\ndescription: alpha – tests\n---\nBody\n');
    skill(
      path.join(lib, 'g', 'c', 'SKILL.md'),
      '---\nname: c\ndescription: "gamma: oops\n---\nBody\n',
    );
    skill(path.join(lib, 'h', 'a', 'SKILL.md'), '---\nname: a\ndescription: again\n---\nBody\n');
    skill(path.join(lib, '.gitignore'), 'drafts/\n');
    skill(path.join(more, 'a', 'SKILL.md'), '---\nname: a\ndescription: another\n---\nBody\n');
    age(dir);
    const args = ['lint', lib, more, '--format', 'json'];
    const cold = await run([...args, '--no-cache']);
    const cache = path.join(dir, 'cache');
    const env = { SKILLSET_CACHE_DIR: cache };
    await run(args, env);
    await run(args, env);
    const warm = path.join(dir, 'warm');
    cpSync(cache, warm, { recursive: true });
    const ascii = (v: unknown) =>
      JSON.stringify(v).replace(
        /[\u007f-\uffff]/g,
        (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
      );
    // biome-ignore lint/suspicious/noExplicitAny: a cache file's JSON, damaged at will
    type Json = Record<string, any>;
    /** Every value of `o` (a map of records) made `v`, or each made by `f` from the value. */
    const each = (o: Json | undefined, f: (value: Json) => unknown): void => {
      for (const k of Object.keys(o ?? {})) (o as Json)[k] = f((o as Json)[k]);
    };
    // Each damage is a value of the wrong type where the caches keep one: the walk's folders, files
    // and result, a record's head and front matter, diagnostics and decisions. The snapshots are
    // dropped when the damage is to a cache they would stand in front of.
    const damages: Array<[RegExp, (c: Json) => void, boolean]> = [
      [/^walk-.*\.json$/, (c) => (c.folders = [7]), true],
      [/^walk-.*\.json$/, (c) => (c.files = [7]), true],
      [/^walk-.*\.json$/, (c) => (c.result.found = [7]), true],
      [/^walk-.*\.json$/, (c) => (c.result.diagnostics = ['x']), true],
      [/^parse-.*\.json$/, (c) => each(c.entries, (e) => ({ ...e, head: 7 })), true],
      [
        /^parse-.*\.json$/,
        (c) => each(c.entries, (e) => ({ ...e, head: { ...e.head, diagnostics: 'x' } })),
        true,
      ],
      [
        /^parse-.*\.json$/,
        (c) => each(c.entries, (e) => ({ ...e, head: { ...e.head, contentHash: null } })),
        true,
      ],
      [/^parse-.*\.json\.rest$/, (c) => each(c.rests, () => 7), false],
      [/^parse-.*\.json\.rest$/, (c) => each(c.rests, () => '{"raw":7}'), false],
      [/^scan-.*\.json$/, (c) => (c.diagnostics = [7]), false],
      [/^scan-.*\.json$/, (c) => each(c.headDiagnostics, () => [7]), false],
      [/^catalog-.*\.json$/, (c) => (c.diagnostics = [null]), false],
      [/^catalog-.*\.json$/, (c) => (c.decisions = [7]), false],
    ];
    for (const [i, [files, damage, dropSnapshots]] of damages.entries()) {
      rmSync(cache, { recursive: true, force: true });
      cpSync(warm, cache, { recursive: true });
      for (const name of readdirSync(cache)) {
        const file = path.join(cache, name);
        if (dropSnapshots && /^(scan|catalog)-/.test(name)) rmSync(file);
        if (!files.test(name)) continue;
        const [first = '', ...rest] = readFileSync(file, 'latin1').split('\n');
        const c = JSON.parse(first);
        damage(c);
        writeFileSync(file, [ascii(c), ...rest].join('\n'));
      }
      const r = await run(args, env);
      noStack(r);
      assert.equal(r.status, cold.status, `damage ${i}: ${r.stderr}`);
      assert.equal(r.stdout, cold.stdout, `damage ${i}`);
    }
  });
});

describe('many processes over one cache', () => {
  it('eight searches started together on an empty cache all answer, alike', async () => {
    const env = { SKILLSET_CACHE_DIR: tmp('eight') };
    const runs = await Promise.all(
      Array.from({ length: 8 }, () =>
        run(['search', 'review code for security', wshobson, '--json', '-q'], env),
      ),
    );
    for (const r of runs) {
      assert.equal(r.status, 0, r.stderr);
      noStack(r);
    }
    assert.equal(new Set(runs.map((r) => r.stdout)).size, 1);
    const again = await run(['index', wshobson, '--json', '-q'], env);
    const stats = JSON.parse(again.stdout) as { added: number; unchanged: number };
    assert.deepEqual([stats.added, stats.unchanged], [0, countSkills(wshobson)]);
  });

  it('four index and four search processes after 20 edits all succeed, and the index ends up to date', async () => {
    const lib = path.join(tmp('edits'), 'skills');
    cpSync(wshobson, lib, { recursive: true });
    const env = { SKILLSET_CACHE_DIR: tmp('edits-cache') };
    const first = await run(['index', lib, '--json', '-q'], env);
    assert.equal(first.status, 0, first.stderr);
    // The first 20 skills by path, each named as its folder.
    const files = skillFiles(lib).slice(0, 20);
    const names = files.map((f) => path.basename(path.dirname(f)));
    assert.equal(new Set(names).size, 20);
    for (const f of files)
      writeFileSync(f, `${readFileSync(f, 'utf8')}\n\n## Zanzibar quokka marmalade\n\nEdited.\n`);
    const runs = await Promise.all([
      ...Array.from({ length: 4 }, () => run(['index', lib, '--json', '-q'], env)),
      ...Array.from({ length: 4 }, () =>
        run(['search', 'zanzibar quokka marmalade', lib, '--json', '-q'], env),
      ),
    ]);
    for (const r of runs) {
      assert.equal(r.status, 0, r.stderr);
      noStack(r);
    }
    const searches = runs
      .slice(4)
      .map((r) => JSON.parse(r.stdout) as { results: Array<{ name: string }> });
    assert.equal(new Set(runs.slice(4).map((r) => r.stdout)).size, 1);
    assert.ok(searches[0]?.results.every((x) => names.includes(x.name)));
    assert.ok((searches[0]?.results.length ?? 0) > 0, 'the edits are found');
    const last = await run(['index', lib, '--json', '-q'], env);
    assert.deepEqual(
      ((x) => [x.changed, x.unchanged])(
        JSON.parse(last.stdout) as { changed: number; unchanged: number },
      ),
      [0, countSkills(lib)],
    );
  });
});

describe('usage counts', () => {
  it('eight loads started together over one cache all answer, and count every load', async () => {
    const cache = tmp('usage');
    const env = { SKILLSET_CACHE_DIR: cache };
    const runs = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        run(
          ['load', i % 2 === 0 ? 'review-pr' : 'write-tests', examples, '--record', '--json', '-q'],
          env,
        ),
      ),
    );
    for (const r of runs) {
      assert.equal(r.status, 0, r.stderr);
      noStack(r);
    }
    const files = readdirSync(cache).filter((f) => f.startsWith('usage-'));
    assert.equal(files.length, 1, files.join(', '));
    const state = JSON.parse(readFileSync(path.join(cache, files[0] as string), 'utf8'));
    assert.equal(state.version, 1);
    // Processes counting at once take turns: no count is lost, and the file stays whole.
    const counts = Object.fromEntries(
      Object.entries(state.skills).map(([id, s]) => [id, (s as { count: number }).count]),
    );
    assert.deepEqual(counts, { 'review-pr': 4, 'write-tests': 4 });
    // A listing reads the counts back: the usage-ranked mode.
    const listing = await run(['listing', examples, '--json', '-q', '--budget', '300'], env);
    assert.equal(listing.status, 0, listing.stderr);
    assert.equal(JSON.parse(listing.stdout).mode, 'usage');
  });

  it('a damaged counts file counts nothing and is replaced; an unusable cache loses counts, not the load', async () => {
    const cache = tmp('usage-bad');
    const env = { SKILLSET_CACHE_DIR: cache };
    const first = await run(['load', 'review-pr', examples, '--record', '--json', '-q'], env);
    assert.equal(first.status, 0, first.stderr);
    const file = path.join(cache, readdirSync(cache).find((f) => f.startsWith('usage-')) as string);
    writeFileSync(file, '{"version":1,"skills":{"review-pr":{"cou');
    const listing = await run(['listing', examples, '--json', '-q', '--budget', '300'], env);
    assert.equal(listing.status, 0, listing.stderr);
    assert.equal(JSON.parse(listing.stdout).mode, 'equal-share');
    const again = await run(['load', 'review-pr', examples, '--record', '--json', '-q'], env);
    assert.equal(again.status, 0, again.stderr);
    assert.deepEqual(JSON.parse(readFileSync(file, 'utf8')).skills['review-pr'].count, 1);
    const blocked = path.join(tmp('usage-file'), 'a-file');
    writeFileSync(blocked, 'not a folder');
    const r = await run(['load', 'review-pr', examples, '--record', '--json'], {
      SKILLSET_CACHE_DIR: blocked,
    });
    assert.equal(r.status, 0, r.stderr);
    noStack(r);
    assert.match(JSON.parse(r.stdout).text, /^<skill_content name="review-pr">/);
  });
});
