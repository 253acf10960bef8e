// A hostile environment for the index: many parallel requests on a cold cache, another process
// holding the write lock, and the index file damaged (truncated, zeroed, overwritten) before a run or
// while a server has it open. Real processes, real SQLite, the SDK's real Client over stdio.

import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import {
  closeSync,
  cpSync,
  ftruncateSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type BetterSqlite3 from 'better-sqlite3';
import { createService } from '../src/index.js';
import { countSkills } from '../src/test-support/corpus.js';
import { cliPath, corporaDir, repoRoot } from '../src/test-support/paths.js';
import { type CliRun, runCli } from '../src/test-support/processes.js';

const Database = createRequire(import.meta.url)('better-sqlite3') as typeof BetterSqlite3;
const home = mkdtempSync(path.join(os.tmpdir(), 'skillset-hidx-home-'));
const wshobson = path.join(corporaDir, 'wshobson-agents');
const examples = path.join(repoRoot, 'examples', 'skills');
const made: string[] = [home];
const tmp = (prefix: string) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), `skillset-hidx-${prefix}-`));
  made.push(dir);
  return dir;
};
after(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/** Reject with `what` if `p` has not settled after `ms` (a hang fails the test instead of stalling it). */
function guard<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`hang: ${what} after ${ms} ms`)), ms);
  });
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}

type Run = CliRun;

/** Run the CLI as its own process, killed after 60 s. */
const run = (args: string[], cache: string): Promise<Run> =>
  runCli(args, { cwd: repoRoot, env: { HOME: home, SKILLSET_CACHE_DIR: cache } });

const noStack = (r: Run): void => {
  assert.doesNotMatch(r.stderr, /\n\s+at .*:\d+:\d+/, r.stderr);
  assert.doesNotMatch(r.stderr, /internal error/, r.stderr);
};

/** `skillset serve ROOT` over stdio (watching its roots, as agents run it, with `watch`), its client, and a promise of the process's end. */
async function serveOver(
  root: string,
  cache: string,
  watch = false,
): Promise<{ c: Client; ended: Promise<void>; pid: number }> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [cliPath, 'serve', ...(watch ? [] : ['--no-watch']), root],
    env: { ...process.env, HOME: home, SKILLSET_CACHE_DIR: cache } as Record<string, string>,
    stderr: 'pipe',
  });
  const c = new Client({ name: 'skillset-hostile-index', version: '1.0.0' });
  const ended = new Promise<void>((resolve) => {
    c.onclose = () => resolve();
  });
  await guard(c.connect(transport), 30_000, 'connect');
  return { c, ended, pid: transport.pid as number };
}

type ToolAnswer = {
  isError?: boolean;
  content: Array<{ text: string }>;
  structuredContent?: unknown;
};
const search = (c: Client, query: string) =>
  c.callTool({ name: 'search_skills', arguments: { query } }, undefined, {
    timeout: 300_000,
  }) as Promise<ToolAnswer>;

/** The cached index file in `cache`. */
function indexIn(cache: string): string {
  const name = readdirSync(cache).find((f) => /^index-.*\.sqlite$/.test(f));
  assert.ok(name, `an index file in ${cache}`);
  return path.join(cache, name);
}

type Damage = 'truncate' | 'zero' | 'random';

/** Damage `file` in place from page `at` on: cut it there, or write 10 pages of zeros or of noise. */
function damage(file: string, how: Damage, at: number): void {
  const page = 4096;
  const fd = openSync(file, 'r+');
  try {
    if (how === 'truncate') ftruncateSync(fd, at === 0 ? 100 : at * page);
    else {
      const bytes = Buffer.alloc(10 * page);
      // Noise from a fixed seed: every run damages the file alike.
      let x = 0x9e3779b9 ^ at;
      if (how === 'random')
        for (let i = 0; i < bytes.length; i++) {
          x ^= x << 13;
          x ^= x >>> 17;
          x ^= x << 5;
          bytes[i] = x & 0xff;
        }
      writeSync(fd, bytes, 0, bytes.length, at * page);
    }
  } finally {
    closeSync(fd);
  }
}

/** What `PRAGMA quick_check` says of the file (opened by a connection of this test). */
function quickCheck(file: string): string {
  const db = new Database(file);
  try {
    return String(db.pragma('quick_check', { simple: true }));
  } catch (e) {
    return (e as Error).message;
  } finally {
    db.close();
  }
}

describe('many requests on one server', () => {
  it('50 parallel search_skills on a cold cache over stdio all answer, alike, and SIGTERM stops the server', async () => {
    const cache = tmp('fifty');
    const { c, ended, pid } = await serveOver(wshobson, cache, true);
    try {
      const queries = Array.from(
        { length: 50 },
        (_, i) => ['review code for security', 'python testing', 'helm chart'][i % 3] as string,
      );
      const answers = await guard(
        Promise.all(queries.map((q) => search(c, q))),
        60_000,
        '50 parallel searches',
      );
      for (const a of answers) assert.ok(!a.isError, a.content[0]?.text);
      for (const q of new Set(queries)) {
        const texts = new Set(
          answers.filter((_, i) => queries[i] === q).map((a) => a.content[0]?.text),
        );
        assert.equal(texts.size, 1, q);
      }
      assert.ok(
        answers.every((a) => (a.structuredContent as { results: unknown[] }).results.length > 0),
      );
      process.kill(pid, 'SIGTERM');
      await guard(ended, 20_000, 'exit on SIGTERM');
    } finally {
      await c.close();
    }
  });
});

/**
 * A library indexed once, one skill then edited (so that the next search must update the index),
 * and a process holding the index's write lock until it is told to let go.
 */
async function lockedLibrary(): Promise<{
  lib: string;
  cache: string;
  release: () => Promise<void>;
}> {
  const lib = path.join(tmp('locked'), 'skills');
  cpSync(examples, lib, { recursive: true });
  const cache = tmp('locked-cache');
  const first = await run(['index', lib, '-q'], cache);
  assert.equal(first.status, 0, first.stderr);
  const skill = path.join(lib, 'review-pr', 'SKILL.md');
  writeFileSync(
    skill,
    `${readFileSync(skill, 'utf8')}\n\n## Zanzibar quokka marmalade\n\nEdited.\n`,
  );
  const holder = spawn(process.execPath, [
    '-e',
    `const D = require(${JSON.stringify(path.join(repoRoot, 'node_modules', 'better-sqlite3'))});
     const db = new D(${JSON.stringify(indexIn(cache))});
     db.exec('BEGIN IMMEDIATE');
     process.stdout.write('locked\\n');
     process.stdin.once('data', () => { db.exec('ROLLBACK'); db.close(); process.exit(0); });`,
  ]);
  const exited = new Promise<void>((resolve) => holder.on('exit', () => resolve()));
  await guard(
    new Promise<void>((resolve) =>
      holder.stdout.on('data', (d) => String(d).includes('locked') && resolve()),
    ),
    20_000,
    'the lock holder',
  );
  let released: Promise<void> | undefined;
  return {
    lib,
    cache,
    release: () => {
      released ??= (async () => {
        holder.stdin.write('go\n');
        await guard(exited, 20_000, 'the lock holder to let go');
      })();
      return released;
    },
  };
}

describe('another process holding the write lock', () => {
  it('leaves the server responsive: list_skills and ping answer, and the search answers once the lock frees', async () => {
    const { lib, cache, release } = await lockedLibrary();
    const { c } = await serveOver(lib, cache);
    try {
      let settled = false;
      const pending = search(c, 'zanzibar quokka marmalade').finally(() => {
        settled = true;
      });
      const list = (await guard(
        c.callTool({ name: 'list_skills', arguments: {} }),
        20_000,
        'list_skills while the lock is held',
      )) as ToolAnswer;
      assert.ok(!list.isError, list.content[0]?.text);
      await guard(c.ping(), 20_000, 'ping while the lock is held');
      assert.equal(settled, false, 'the search waits for the lock');
      await release();
      const found = await guard(pending, 30_000, 'the search after the lock freed');
      assert.ok(!found.isError, found.content[0]?.text);
      const names = (found.structuredContent as { results: Array<{ name: string }> }).results.map(
        (r) => r.name,
      );
      assert.equal(names[0], 'review-pr', names.join(', '));
    } finally {
      await release().catch(() => undefined);
      await c.close();
    }
  });

  it('leaves SIGTERM working while a search waits for the lock', async () => {
    const { lib, cache, release } = await lockedLibrary();
    const { c, ended, pid } = await serveOver(lib, cache);
    try {
      const pending = search(c, 'zanzibar quokka marmalade').catch(() => undefined);
      await guard(c.ping(), 20_000, 'ping while the lock is held');
      process.kill(pid, 'SIGTERM');
      await guard(ended, 20_000, 'exit on SIGTERM while a search waits');
      await pending;
    } finally {
      await release();
      await c.close();
    }
  });
});

describe('a damaged cached index', () => {
  it('is rebuilt, with a warning, when 10 zeroed pages make every query fail (issue #20, finding 10)', async () => {
    // Found on salesforce-skills; the index of any library that fills more than 14 pages proves it.
    const cache = tmp('zeroed');
    const fresh = await run(
      ['search', 'review code for security', wshobson, '--json', '-q'],
      cache,
    );
    assert.equal(fresh.status, 0, fresh.stderr);
    damage(indexIn(cache), 'zero', 4);
    const index = await run(['index', wshobson, '--json'], cache);
    assert.equal(index.status, 0, index.stderr);
    noStack(index);
    assert.match(index.stderr, /\[index\/rebuilt\]/);
    const all = countSkills(wshobson);
    assert.equal(JSON.parse(index.stdout).added, all, `rebuilt, not "${all} unchanged"`);
    const again = await run(['search', 'review code for security', wshobson, '--json'], cache);
    assert.equal(again.status, 0, again.stderr);
    assert.equal(again.stdout, fresh.stdout);
    assert.doesNotMatch(again.stderr, /index\/rebuilt/);
  });

  it('answers as a fresh index does, with a warning, after truncation, zeroed pages or noise at the header, the start, the middle and the end', async () => {
    const cache = tmp('faults');
    const query = 'review code for security';
    const fresh = await run(['search', query, wshobson, '--json', '-q'], cache);
    assert.equal(fresh.status, 0, fresh.stderr);
    const pages = Math.floor(statSync(indexIn(cache)).size / 4096);
    assert.ok(pages > 100, `${pages} pages`);
    // Each case in a copy of the cache (its parse cache too), run side by side.
    const cases = (['truncate', 'zero', 'random'] as const).flatMap((how) =>
      [0, 1, Math.floor(pages / 2), pages - 12].map((at) => ({ how, at })),
    );
    const runs = await Promise.all(
      cases.map(async ({ how, at }) => {
        const copy = tmp(`fault-${how}-${at}`);
        cpSync(cache, copy, { recursive: true });
        damage(indexIn(copy), how, at);
        return {
          what: `${how} at page ${at} of ${pages}`,
          copy,
          r: await run(['search', query, wshobson, '--json'], copy),
        };
      }),
    );
    for (const { what, copy, r } of runs) {
      assert.equal(r.status, 0, `${what}: ${r.stderr}`);
      noStack(r);
      assert.match(r.stderr, /\[index\/rebuilt\]/, what);
      assert.equal(r.stdout, fresh.stdout, what);
      assert.equal(quickCheck(indexIn(copy)), 'ok', what);
    }
  });

  it('is rebuilt when FTS5 data is damaged, or a stored document, which no check of the file can see, is met by the query', async () => {
    const cache = tmp('unseen');
    const query = 'review code for security';
    const fresh = await run(['search', query, wshobson, '--json', '-q'], cache);
    assert.equal(fresh.status, 0, fresh.stderr);
    const writes = {
      fts: 'UPDATE body_data SET block = randomblob(length(block)) WHERE id > 10',
      document: "UPDATE docs SET fields = 'not json'",
    };
    const runs = await Promise.all(
      Object.entries(writes).map(async ([what, sql]) => {
        const copy = tmp(`unseen-${what}`);
        cpSync(cache, copy, { recursive: true });
        const db = new Database(indexIn(copy));
        db.unsafeMode(true); // FTS5's own tables are written by FTS5 alone otherwise
        db.exec(sql);
        // SQLite's quick_check reads FTS5 data too; a document's JSON only skillset can read.
        if (what === 'document')
          assert.equal(String(db.pragma('quick_check', { simple: true })), 'ok', what);
        db.close();
        return { what, r: await run(['search', query, wshobson, '--json'], copy) };
      }),
    );
    for (const { what, r } of runs) {
      assert.equal(r.status, 0, `${what}: ${r.stderr}`);
      noStack(r);
      assert.match(r.stderr, /\[index\/rebuilt\]/, what);
      assert.equal(r.stdout, fresh.stdout, what);
    }
  });

  it('is detected at the next query of a long-lived service that has it open, and rebuilt', async () => {
    const cache = tmp('live');
    const first = await run(['index', wshobson, '-q'], cache);
    assert.equal(first.status, 0, first.stderr);
    const service = await createService({ roots: [wshobson], cacheDir: cache });
    try {
      const before = await service.search('review code for security');
      assert.ok(before.ok);
      assert.deepEqual(
        before.diagnostics.filter((d) => d.code.startsWith('index/')),
        [],
      );
      const file = indexIn(cache);
      damage(file, 'zero', Math.floor(statSync(file).size / 4096 / 2));
      const after = await service.search('review code for security');
      assert.ok(after.ok);
      assert.deepEqual(after.value, before.value);
      assert.ok(
        after.diagnostics.some((d) => d.code === 'index/rebuilt'),
        JSON.stringify(after.diagnostics),
      );
      assert.equal(quickCheck(file), 'ok');
    } finally {
      service.close();
    }
  });

  it('is rebuilt by a running `serve` at its next search', async () => {
    const cache = tmp('serve-live');
    const first = await run(['index', wshobson, '-q'], cache);
    assert.equal(first.status, 0, first.stderr);
    const { c } = await serveOver(wshobson, cache);
    try {
      const before = await guard(search(c, 'review code for security'), 30_000, 'first search');
      const file = indexIn(cache);
      damage(file, 'random', Math.floor(statSync(file).size / 4096 / 2));
      const after = await guard(
        search(c, 'review code for security'),
        30_000,
        'search after damage',
      );
      assert.ok(!after.isError, after.content[0]?.text);
      assert.deepEqual(after.structuredContent, before.structuredContent);
      assert.equal(quickCheck(file), 'ok', 'the server rebuilt the file');
    } finally {
      await c.close();
    }
  });
});

describe('a damaged index named with --index', () => {
  it('is never deleted: one line, a hint and exit 2, the file left as it was', async () => {
    const dir = tmp('named');
    const file = path.join(dir, 'mine.sqlite');
    const made = await run(['index', wshobson, '--index', file, '-q'], dir);
    assert.equal(made.status, 0, made.stderr);
    damage(file, 'zero', 1);
    const bytes = readFileSync(file);
    const r = await run(['search', 'review code for security', wshobson, '--index', file], dir);
    assert.equal(r.status, 2, r.stderr);
    noStack(r);
    assert.equal(r.stderr.trim().split('\n').length, 2, r.stderr);
    assert.match(r.stderr, /mine\.sqlite is not a readable skillset index/);
    assert.deepEqual(readFileSync(file), bytes);
  });
});
