// `skillset serve` watching a hostile library, driven by the SDK's real Client over a real stdio
// child: links to /proc, /usr and a loop are not followed (the memory stays flat, a new skill is
// seen, SIGTERM stops it), a skill folder linked from outside the root is watched, and past the
// bound on paths the server says so once and keeps seeing changes by reading the roots again.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import {
  ResourceListChangedNotificationSchema,
  ToolListChangedNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { cliPath } from '../src/test-support/paths.js';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'skillset-hostile-watch-'));
const env = { ...process.env, SKILLSET_CACHE_DIR: path.join(tmp, 'cache') } as Record<
  string,
  string
>;

/** A hang guard, not a speed assertion: what never comes fails the test instead of stalling it. */
function guard<T>(p: Promise<T>, ms: number, what: string, stderr?: () => string): Promise<T> {
  let t: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    t = setTimeout(
      () =>
        reject(
          new Error(`${what}: nothing after ${ms} ms${stderr ? `; stderr:\n${stderr()}` : ''}`),
        ),
      ms,
    );
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(t));
}

const skill = (name: string, description: string): string =>
  `---\nname: ${name}\ndescription: ${description}\n---\n\nDo it, then check it.\n`;

function makeSkill(dir: string, name: string, description = `Use ${name} to test watching.`) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'SKILL.md'), skill(name, description));
}

/** A served library: the client, its server's pid, and waits on its stderr and notifications. */
async function serve(lib: string, args: string[] = []) {
  const transport = new StdioClientTransport({
    command: process.execPath,
    // --verbose: a line on stderr says what the watch covers once it is ready.
    args: [cliPath, 'serve', lib, '--verbose', ...args],
    env,
    stderr: 'pipe',
  });
  let err = '';
  const lineWaiters: Array<{ re: RegExp; resolve: (m: RegExpExecArray) => void }> = [];
  transport.stderr?.on('data', (d: Buffer) => {
    err += d.toString();
    for (const w of [...lineWaiters]) {
      const m = w.re.exec(err);
      if (m) {
        lineWaiters.splice(lineWaiters.indexOf(w), 1);
        w.resolve(m);
      }
    }
  });
  const client = new Client({ name: 'skillset-hostile-watch', version: '1.0.0' });
  const heard = { tools: 0, resources: 0 };
  const hear: Array<() => void> = [];
  const notified = () => {
    for (const h of hear.splice(0)) h();
  };
  client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
    heard.tools++;
    notified();
  });
  client.setNotificationHandler(ResourceListChangedNotificationSchema, () => {
    heard.resources++;
    notified();
  });
  await client.connect(transport);
  const pid = transport.pid as number;
  return {
    client,
    pid,
    heard,
    stderr: () => err,
    /** Resolves with the first match of `re` on stderr. */
    line: (re: RegExp) =>
      new Promise<RegExpExecArray>((resolve) => {
        const m = re.exec(err);
        if (m) resolve(m);
        else lineWaiters.push({ re, resolve });
      }),
    /** Resolves once a notification of `kind` arrives (after now). */
    next: (kind: 'tools' | 'resources') =>
      new Promise<void>((resolve) => {
        const was = heard[kind];
        const check = () => {
          if (heard[kind] > was) resolve();
          else hear.push(check);
        };
        hear.push(check);
      }),
    names: async () => {
      const r = await client.callTool({ name: 'list_skills', arguments: {} });
      return (r.structuredContent as { skills: Array<{ name: string; description: string }> })
        .skills;
    },
  };
}

/** The resident memory of a process, in MB (Linux). */
function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Math.round(Number(m?.[1]) / 1024);
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('serve watching a library with links to /proc, /usr and a loop', () => {
  it('lists, serves and watches it: a few paths, flat memory, a new skill seen, SIGTERM stops it', async () => {
    const lib = path.join(tmp, 'links');
    makeSkill(path.join(lib, 'alpha'), 'alpha');
    symlinkSync('/proc', path.join(lib, 'proc'));
    symlinkSync('/usr', path.join(lib, 'usr'));
    symlinkSync('.', path.join(lib, 'loop'));

    const list = spawnSync(process.execPath, [cliPath, 'list', lib, '--json'], {
      env,
      encoding: 'utf8',
      timeout: 30_000,
    });
    assert.equal(list.status, 0, list.stderr);
    assert.deepEqual(
      (JSON.parse(list.stdout) as Array<{ name: string }>).map((s) => s.name),
      ['alpha'],
    );

    const s = await serve(lib);
    try {
      assert.deepEqual(
        (await s.names()).map((x) => x.name),
        ['alpha'],
      );
      // The watcher holds the root, the skill folder, its SKILL.md and the three links themselves.
      const watching = await guard(
        s.line(/watching (\d+) paths? under 1 root\n/),
        20_000,
        'ready',
        s.stderr,
      );
      assert.equal(Number(watching[1]), 6, s.stderr());
      const rssReady = rssMb(s.pid);

      const tools = s.next('tools');
      makeSkill(path.join(lib, 'beta'), 'beta');
      const made = Date.now();
      await guard(tools, 30_000, 'tools/list_changed for a new skill', s.stderr);
      const seenMs = Date.now() - made;
      assert.deepEqual(
        (await s.names()).map((x) => x.name),
        ['alpha', 'beta'],
      );
      const rssAfter = rssMb(s.pid);
      // Following /usr or /proc takes the server past a gigabyte; a few paths cost next to nothing.
      assert.ok(rssAfter < 200, `RSS ${rssAfter} MB`);
      assert.doesNotMatch(s.stderr(), /ELOOP|EACCES|warning/, s.stderr());
      console.log(
        `# links to /proc, /usr, loop: ${watching[1]} paths watched, RSS ${rssReady} MB ready, ${rssAfter} MB after; new skill seen in ${seenMs} ms`,
      );

      const closed = new Promise<void>((resolve) => {
        s.client.onclose = () => resolve();
      });
      process.kill(s.pid, 'SIGTERM');
      await guard(closed, 30_000, 'exit on SIGTERM', s.stderr);
      assert.equal(alive(s.pid), false);
    } finally {
      if (alive(s.pid)) process.kill(s.pid, 'SIGKILL');
    }
  });
});

describe('serve watching skill folders reached through links', () => {
  it('watches a skill folder linked from outside the root (that folder only) and one linked inside it', async () => {
    const lib = path.join(tmp, 'linked');
    const outside = path.join(tmp, 'outside');
    makeSkill(path.join(outside, 'far'), 'far');
    // A sibling of the linked skill with many files: not watched, since no link leads to it.
    for (let i = 0; i < 50; i++) makeSkill(path.join(outside, 'other', `o${i}`), `o${i}`);
    makeSkill(path.join(lib, 'group', 'near'), 'near');
    symlinkSync(path.join(outside, 'far'), path.join(lib, 'far'));
    symlinkSync(path.join(lib, 'group', 'near'), path.join(lib, 'alias'));

    const s = await serve(lib);
    try {
      const watching = await guard(
        s.line(/watching (\d+) paths? under 1 root and 1 linked skill folder\n/),
        20_000,
        'ready',
        s.stderr,
      );
      // lib, group, group/near, its SKILL.md, the two links; far and far/SKILL.md.
      assert.equal(Number(watching[1]), 8, s.stderr());

      // An edit changes no name load_skill offers: resources/list_changed tells of it.
      let edited = s.next('resources');
      writeFileSync(path.join(outside, 'far', 'SKILL.md'), skill('far', 'Edited far away.'));
      await guard(
        edited,
        30_000,
        'resources/list_changed for an edit through a link out',
        s.stderr,
      );
      assert.equal(
        (await s.names()).find((x) => x.name === 'far')?.description,
        'Edited far away.',
      );

      edited = s.next('resources');
      writeFileSync(path.join(lib, 'group', 'near', 'SKILL.md'), skill('near', 'Edited near.'));
      await guard(
        edited,
        30_000,
        'resources/list_changed for an edit of a linked skill inside',
        s.stderr,
      );
      // The two ways to the folder are one skill, named by the path with no link on the way.
      assert.deepEqual(
        (await s.names()).map((x) => [x.name, x.description]),
        [
          ['far', 'Edited far away.'],
          ['near', 'Edited near.'],
        ],
      );

      const resources = s.next('resources');
      writeFileSync(path.join(outside, 'far', 'notes.md'), 'A file beside the linked SKILL.md.\n');
      await guard(
        resources,
        30_000,
        'resources/list_changed for a file of a linked skill',
        s.stderr,
      );
    } finally {
      await s.client.close();
      if (alive(s.pid)) process.kill(s.pid, 'SIGKILL');
    }
  });
});

describe('serve past its bound on watched paths', () => {
  it('says so once, watches nothing, and still sees a new skill and an edited file', async () => {
    const lib = path.join(tmp, 'bound');
    for (const n of ['one', 'two', 'three']) makeSkill(path.join(lib, n), n);
    const s = await serve(lib, ['--watch-limit', '5']);
    try {
      await guard(
        s.line(/warning: more than 5 paths under the roots/),
        20_000,
        'the warning',
        s.stderr,
      );
      const tools = s.next('tools');
      makeSkill(path.join(lib, 'four'), 'four');
      await guard(tools, 30_000, 'tools/list_changed while polling', s.stderr);
      assert.deepEqual(
        (await s.names()).map((x) => x.name),
        ['four', 'one', 'three', 'two'],
      );
      const resources = s.next('resources');
      writeFileSync(path.join(lib, 'one', 'notes.md'), 'Beside the SKILL.md.\n');
      await guard(resources, 30_000, 'resources/list_changed for a file while polling', s.stderr);
      assert.equal(s.stderr().match(/warning/g)?.length, 1, s.stderr());
      assert.doesNotMatch(s.stderr(), /watching \d+ paths/);
    } finally {
      await s.client.close();
      if (alive(s.pid)) process.kill(s.pid, 'SIGKILL');
    }
  });
});

describe('serve watching a library with a FIFO for a .gitignore', () => {
  it('never blocks on it: it watches and sees a new skill', async (t) => {
    const lib = path.join(tmp, 'fifo');
    makeSkill(path.join(lib, 'group', 'one'), 'one');
    const made = spawnSync('mkfifo', [path.join(lib, 'group', '.gitignore')]);
    if (made.status !== 0) {
      t.skip('mkfifo is not available');
      return;
    }
    const s = await serve(lib);
    try {
      await guard(s.line(/watching \d+ paths? under 1 root\n/), 20_000, 'ready', s.stderr);
      const tools = s.next('tools');
      makeSkill(path.join(lib, 'group', 'two'), 'two');
      await guard(tools, 30_000, 'tools/list_changed for a new skill', s.stderr);
      assert.deepEqual(
        (await s.names()).map((x) => x.name),
        ['one', 'two'],
      );
    } finally {
      await s.client.close();
      if (alive(s.pid)) process.kill(s.pid, 'SIGKILL');
    }
  });
});
