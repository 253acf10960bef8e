// The MCP utilities a skills server offers, driven by the SDK's real Client over real stdio child
// processes: completion/complete (prompt arguments, skill names, skill paths and files; bounded),
// logging/setLevel (the watch's messages, at or above the level), and resources/subscribe (per-file
// notifications/resources/updated from the watcher; bounded per session).

import assert from 'node:assert/strict';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import {
  type LoggingMessageNotification,
  LoggingMessageNotificationSchema,
  ResourceListChangedNotificationSchema,
  ResourceUpdatedNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { MAX_COMPLETIONS } from '../src/mcp/completion.js';
import { MAX_SUBSCRIPTIONS } from '../src/mcp/subscriptions.js';
import { cliPath, corporaDir, repoRoot } from '../src/test-support/paths.js';

const example = path.join(repoRoot, 'examples', 'skills');
/** A library with more files than one completion gives. */
const wshobson = path.join(corporaDir, 'wshobson-agents');
const cache = mkdtempSync(path.join(os.tmpdir(), 'skillset-mcp-utilities-'));
const env = { ...process.env, SKILLSET_CACHE_DIR: cache } as Record<string, string>;
/** Hang guards, not speed assertions: a notification that never comes fails instead of stalling. */
const GUARD = { timeout: 120_000 };

/** A stdio client of `serve` over `args`; with `watching`, resolves once the watch has read its roots. */
async function serve(args: string[], o: { watching?: boolean } = {}): Promise<Client> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [cliPath, 'serve', ...args, ...(o.watching ? ['--verbose'] : ['--no-watch'])],
    env,
    stderr: 'pipe',
  });
  const watching = o.watching ? lineOf(transport.stderr as Readable, /watching \d+ path/) : null;
  const client = new Client({ name: 'skillset-test', version: '1.0.0' });
  await client.connect(transport);
  await watching;
  return client;
}

/** Resolves when `stream` has carried a match of `re`. */
function lineOf(stream: Readable, re: RegExp): Promise<void> {
  return new Promise((resolve) => {
    let seen = '';
    stream.on('data', (d) => {
      seen += d;
      if (re.test(seen)) resolve();
    });
  });
}

/** Every notification a client hears, in order, and a way to await the next that `fits`. */
function heard(c: Client) {
  const all: Array<{ method: string; params: Record<string, unknown> }> = [];
  const waiting: Array<{ fits: (n: (typeof all)[number]) => boolean; done: () => void }> = [];
  const hear = (n: { method: string; params?: object | undefined }) => {
    const note = { method: n.method, params: (n.params ?? {}) as Record<string, unknown> };
    all.push(note);
    for (const w of waiting.filter((x) => x.fits(note))) {
      waiting.splice(waiting.indexOf(w), 1);
      w.done();
    }
  };
  c.setNotificationHandler(LoggingMessageNotificationSchema, hear);
  c.setNotificationHandler(ResourceUpdatedNotificationSchema, hear);
  c.setNotificationHandler(ResourceListChangedNotificationSchema, hear);
  return {
    all,
    /** The notifications after the `from`th, once one of them fits. */
    until(from: number, fits: (n: (typeof all)[number]) => boolean) {
      if (all.slice(from).some(fits)) return Promise.resolve(all.slice(from));
      return new Promise<typeof all>((resolve) =>
        waiting.push({ fits, done: () => resolve(all.slice(from)) }),
      );
    },
  };
}

const listChanged = (n: { method: string }) => n.method === 'notifications/resources/list_changed';

const skill = (dir: string, name: string, front = '') => {
  mkdirSync(path.join(dir, name), { recursive: true });
  writeFileSync(
    path.join(dir, name, 'SKILL.md'),
    `---\nname: ${name}\ndescription: Made for a test of ${name}.\n${front}---\nBody.\n`,
  );
};

describe('completion/complete', () => {
  let c: Client;
  let lib: string;
  before(async () => {
    lib = mkdtempSync(path.join(os.tmpdir(), 'skillset-complete-'));
    cpSync(example, lib, { recursive: true });
    skill(lib, 'explain-skill', 'arguments: [skill]\n');
    // A name a URI must escape.
    writeFileSync(path.join(lib, 'review-pr', 'references', 'my notes.md'), 'Notes.\n');
    c = await serve([lib]);
  });
  after(async () => {
    await c.close();
  });

  it('declares completions, logging and resource subscriptions', () => {
    const caps = c.getServerCapabilities();
    assert.deepEqual(caps?.completions, {});
    assert.deepEqual(caps?.logging, {});
    assert.equal(caps?.resources?.subscribe, true);
  });

  it('completes an argument that names a skill with the skill names that start with the value', async () => {
    const ids = (
      (await c.callTool({ name: 'list_skills', arguments: {} })).structuredContent as {
        skills: Array<{ id: string }>;
      }
    ).skills.map((s) => s.id);
    for (const value of ['', 'w', 'Re', 'nothing-starts-so']) {
      const want = ids.filter((id) => id.toLowerCase().startsWith(value.toLowerCase())).sort();
      const r = await c.complete({
        ref: { type: 'ref/prompt', name: 'explain-skill' },
        argument: { name: 'skill', value },
      });
      assert.deepEqual(r.completion, { values: want, total: want.length, hasMore: false }, value);
    }
  });

  it("completes a skill's one argument with the alternatives of its argument-hint", async () => {
    // release: `arguments: level`, `argument-hint: "patch | minor | major"`.
    const level = (value: string) =>
      c.complete({
        ref: { type: 'ref/prompt', name: 'release' },
        argument: { name: 'level', value },
      });
    assert.deepEqual((await level('')).completion.values, ['patch', 'minor', 'major']);
    assert.deepEqual((await level('m')).completion.values, ['minor', 'major']);
    // review-pr takes two arguments, and its hint is placeholders: nothing to offer.
    const pr = await c.complete({
      ref: { type: 'ref/prompt', name: 'review-pr' },
      argument: { name: 'pr', value: '' },
    });
    assert.deepEqual(pr.completion.values, []);
  });

  it('completes the skill:// template: each SKILL.md, then the files of the skill named', async () => {
    const template = (value: string) =>
      c.complete({
        ref: { type: 'ref/resource', uri: 'skill://{+path}' },
        argument: { name: 'path', value },
      });
    const top = await template('re');
    const want = (await c.listResources()).resources
      .map((r) => r.uri.slice('skill://'.length))
      .filter((p) => p.startsWith('re'))
      .sort();
    assert.ok(want.length > 1);
    assert.deepEqual(top.completion.values, want);
    const files = readdirSync(path.join(lib, 'review-pr'), { recursive: true, encoding: 'utf8' })
      .filter((f) => f.includes('.'))
      .map((f) => `review-pr/${f.split(path.sep).map(encodeURIComponent).join('/')}`)
      .sort();
    assert.deepEqual((await template('review-pr/')).completion.values, files);
    assert.deepEqual((await template('review-pr/ref')).completion.values, [
      'review-pr/references/checklist.md',
      'review-pr/references/my%20notes.md',
    ]);
    // What it completes to, resources/read serves.
    const read = await c.readResource({ uri: 'skill://review-pr/references/my%20notes.md' });
    assert.equal((read.contents[0] as { text: string }).text, 'Notes.\n');
  });

  it('completes what it does not offer to nothing, and never errs on it', async () => {
    for (const [ref, name] of [
      [{ type: 'ref/prompt', name: 'no-such-prompt' }, 'arg1'],
      [{ type: 'ref/prompt', name: 'review-pr' }, 'no-such-argument'],
      [{ type: 'ref/resource', uri: 'test://template/{id}' }, 'id'],
      [{ type: 'ref/resource', uri: 'skill://{+path}' }, 'other'],
    ] as const) {
      const r = await c.complete({ ref, argument: { name, value: '' } });
      assert.deepEqual(r.completion, { values: [], total: 0, hasMore: false }, JSON.stringify(ref));
    }
  });

  it(`gives at most ${MAX_COMPLETIONS} values, with the total and hasMore`, async () => {
    const big = await serve([wshobson]);
    try {
      let served = 0;
      let cursor: string | undefined;
      do {
        const page = await big.listResources(cursor ? { cursor } : {});
        served += page.resources.length;
        cursor = page.nextCursor;
      } while (cursor);
      assert.ok(served > MAX_COMPLETIONS);
      const r = await big.complete({
        ref: { type: 'ref/resource', uri: 'skill://{+path}' },
        argument: { name: 'path', value: '' },
      });
      assert.equal(r.completion.values.length, MAX_COMPLETIONS);
      assert.equal(r.completion.total, served);
      assert.equal(r.completion.hasMore, true);
    } finally {
      await big.close();
    }
  });
});

describe('logging/setLevel', () => {
  it(
    'sends what the watch picks up as log messages, only at or above the level set',
    GUARD,
    async () => {
      const lib = mkdtempSync(path.join(os.tmpdir(), 'skillset-logging-'));
      cpSync(example, lib, { recursive: true });
      const c = await serve([lib], { watching: true });
      const notes = heard(c);
      const messages = (ns: typeof notes.all) =>
        ns
          .filter((n) => n.method === 'notifications/message')
          .map((n) => n.params as LoggingMessageNotification['params']);
      try {
        assert.deepEqual(await c.setLoggingLevel('warning'), {});
        let from = notes.all.length;
        skill(lib, 'made-at-warning');
        assert.deepEqual(messages(await notes.until(from, listChanged)), []);

        assert.deepEqual(await c.setLoggingLevel('info'), {});
        from = notes.all.length;
        skill(lib, 'made-at-info');
        // The message comes before the list_changed of the same batch.
        const info = messages(await notes.until(from, listChanged));
        assert.deepEqual(
          info.map((m) => [m.level, m.logger]),
          [['info', 'skillset']],
        );
        // The folder and its SKILL.md: one or two paths, as the watcher reports them.
        assert.match(String(info[0]?.data), /^skills changed: 1 added \([12] paths? changed\)$/);
        from = notes.all.length;
        writeFileSync(path.join(lib, 'review-pr', 'NOTES.md'), 'a note\n');
        assert.deepEqual(messages(await notes.until(from, listChanged)), []);

        await c.setLoggingLevel('debug');
        from = notes.all.length;
        writeFileSync(path.join(lib, 'review-pr', 'NOTES.md'), 'another note\n');
        assert.deepEqual(
          messages(await notes.until(from, listChanged)).map((m) => [m.level, m.data]),
          [['debug', '1 path changed, no skill added, removed or edited']],
        );
        // A level that is none of the eight is refused (the SDK checks it before the handler).
        await assert.rejects(
          c.request(
            { method: 'logging/setLevel', params: { level: 'loud' } } as never,
            {
              parse: (v: unknown) => v,
            } as never,
          ),
        );
      } finally {
        await c.close();
      }
    },
  );
});

describe('resources/subscribe', () => {
  let lib: string;
  let c: Client;
  let notes: ReturnType<typeof heard>;
  before(async () => {
    lib = mkdtempSync(path.join(os.tmpdir(), 'skillset-subscribe-'));
    cpSync(example, lib, { recursive: true });
    c = await serve([lib], { watching: true });
    notes = heard(c);
  });
  after(async () => {
    await c.close();
  });
  const updated = (ns: typeof notes.all) =>
    ns.filter((n) => n.method === 'notifications/resources/updated').map((n) => n.params.uri);
  const updateOf = (uri: string) => (n: (typeof notes.all)[number]) =>
    n.method === 'notifications/resources/updated' && n.params.uri === uri;

  it(
    'tells a subscriber of each file it subscribed to, edited, made or removed, and of no other',
    GUARD,
    async () => {
      const checklist = 'skill://review-pr/references/checklist.md';
      const gone = 'skill://write-tests/SKILL.md';
      const later = 'skill://made-later/SKILL.md';
      for (const uri of [checklist, gone, later])
        assert.deepEqual(await c.subscribeResource({ uri }), {});
      assert.deepEqual(await c.unsubscribeResource({ uri: gone }), {});

      let from = notes.all.length;
      // The file unsubscribed from is written first: were it still heard, it would come first.
      writeFileSync(
        path.join(lib, 'write-tests', 'SKILL.md'),
        '---\nname: write-tests\ndescription: Edited.\n---\n',
      );
      writeFileSync(path.join(lib, 'review-pr', 'references', 'checklist.md'), '- edited\n');
      assert.deepEqual(updated(await notes.until(from, updateOf(checklist))), [checklist]);

      from = notes.all.length;
      skill(lib, 'made-later');
      assert.deepEqual(updated(await notes.until(from, updateOf(later))), [later]);

      from = notes.all.length;
      rmSync(path.join(lib, 'review-pr', 'references'), { recursive: true });
      assert.deepEqual(updated(await notes.until(from, updateOf(checklist))), [checklist]);
    },
  );

  it(`holds at most ${MAX_SUBSCRIPTIONS} URIs a session; one it can never serve is accepted, not held`, async () => {
    const c2 = await serve([lib]);
    try {
      await Promise.all(
        Array.from({ length: MAX_SUBSCRIPTIONS }, (_, i) =>
          c2.subscribeResource({ uri: `skill://review-pr/file-${i}.md` }),
        ),
      );
      // Again: already held, nothing more.
      await c2.subscribeResource({ uri: 'skill://review-pr/file-0.md' });
      await assert.rejects(
        c2.subscribeResource({ uri: 'skill://review-pr/one-too-many.md' }),
        (e: Error & { code?: number }) =>
          e.code === -32602 &&
          e.message ===
            `MCP error -32602: A session subscribes to at most ${MAX_SUBSCRIPTIONS.toLocaleString('en-US')} resources: unsubscribe from one first`,
      );
      assert.deepEqual(await c2.subscribeResource({ uri: 'test://watched-resource' }), {});
      await c2.unsubscribeResource({ uri: 'skill://review-pr/file-0.md' });
      assert.deepEqual(
        await c2.subscribeResource({ uri: 'skill://review-pr/one-too-many.md' }),
        {},
      );
      await assert.rejects(
        c2.subscribeResource({ uri: `skill://review-pr/${'x'.repeat(9_000)}` }),
        (e: { code?: number }) => e.code === -32602,
      );
    } finally {
      await c2.close();
    }
  });
});
