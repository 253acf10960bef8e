// A hostile or careless MCP client against the real `skillset serve` process: lines that are not
// JSON or too long, a client that dies (stdin, stdout, the parent), signals, a flood of HTTP
// sessions that never close, cross-origin requests, and results that would outgrow a message.

import assert from 'node:assert/strict';
import {
  type ChildProcess,
  type ChildProcessWithoutNullStreams,
  spawn,
  spawnSync,
} from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { z } from 'zod';
import { cliPath, corporaDir, repoRoot } from '../src/test-support/paths.js';

const example = path.join(repoRoot, 'examples', 'skills');
const salesforce = path.join(corporaDir, 'salesforce-skills', 'skills');
const wshobson = path.join(corporaDir, 'wshobson-agents');
const cache = fs.mkdtempSync(path.join(os.tmpdir(), 'skillset-hostile-mcp-'));
const env = { ...process.env, SKILLSET_CACHE_DIR: cache } as Record<string, string>;
const MiB = 1024 * 1024;
/** Hang guards, not speed assertions: a server that never stops fails instead of stalling. */
const GUARD = { timeout: 120_000 };

const INIT = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: {
    protocolVersion: '2025-06-18',
    capabilities: {},
    clientInfo: { name: 't', version: '1' },
  },
};
const line = (v: unknown) => `${JSON.stringify(v)}\n`;

/** The lines a stream carries, awaited one at a time. */
function lines(stream: Readable): () => Promise<Record<string, unknown>> {
  const queue: string[] = [];
  const waiting: Array<(l: string) => void> = [];
  createInterface({ input: stream }).on('line', (l) => {
    const w = waiting.shift();
    if (w) w(l);
    else queue.push(l);
  });
  return async () => {
    const l = queue.shift() ?? (await new Promise<string>((r) => waiting.push(r)));
    return JSON.parse(l) as Record<string, unknown>;
  };
}

/**
 * Resolves when the child has exited and its stdio closed (all of stderr read), with its code, its
 * signal and the milliseconds from `from` to the exit.
 */
const exited = (child: ChildProcess, from = performance.now()) =>
  new Promise<{ code: number | null; signal: string | null; ms: number }>((resolve) => {
    let ms = 0;
    child.once('exit', () => {
      ms = performance.now() - from;
    });
    child.once('close', (code, signal) => resolve({ code, signal, ms }));
  });

/** All of stderr, for the assertions after the exit. */
function stderrOf(child: ChildProcess): () => string {
  let err = '';
  child.stderr?.on('data', (d) => {
    err += d;
  });
  return () => err;
}

const spawned: ChildProcess[] = [];
/** Servers that are not the test's children (re-parented), and descriptors to close, for `after`. */
const orphans: number[] = [];
const descriptors: number[] = [];
function serveStdio(args: string[] = [example]): ChildProcessWithoutNullStreams {
  const child = spawn(process.execPath, [cliPath, 'serve', ...args], { env });
  spawned.push(child);
  return child;
}
after(() => {
  for (const c of spawned) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  for (const pid of orphans)
    try {
      process.kill(pid, 'SIGKILL');
    } catch {}
  for (const fd of descriptors) fs.closeSync(fd);
});

/** A stdio server that has answered `initialize`. */
async function readyStdio(args?: string[]) {
  const child = serveStdio(args);
  const next = lines(child.stdout);
  const err = stderrOf(child);
  child.stdin.write(line(INIT));
  assert.equal((await next()).id, 1);
  return { child, next, err };
}

const noStackTrace = (err: string) => assert.doesNotMatch(err, /\n\s+at |Error:/, err);

describe('stdio: what a client writes', () => {
  it(
    'answers a line that is not JSON with -32700 (id null) and serves the next line',
    GUARD,
    async () => {
      const { child, next } = await readyStdio();
      child.stdin.write('{"jsonrpc": "2.0", "id": 2, "method": \n');
      assert.deepEqual(await next(), {
        jsonrpc: '2.0',
        id: null,
        error: { code: -32700, message: 'Parse error: the line is not JSON' },
      });
      child.stdin.write(line({ jsonrpc: '2.0', id: 3, method: 'ping' }));
      assert.deepEqual(await next(), { jsonrpc: '2.0', id: 3, result: {} });
      // JSON that is no JSON-RPC message: -32600 with its id.
      child.stdin.write(line({ id: 4, hello: 'world' }));
      const bad = await next();
      assert.equal(bad.id, 4);
      assert.equal((bad.error as { code: number }).code, -32600);
      child.stdin.write(line({ jsonrpc: '2.0', id: 5, method: 'tools/list' }));
      assert.equal((await next()).id, 5);
      child.stdin.end();
      assert.equal((await exited(child)).code, 0);
    },
  );

  it(
    'answers malformed parameters of prompts, resources, subscriptions and completions with -32602 and one line',
    GUARD,
    async () => {
      const { child, next } = await readyStdio();
      const bad: Array<[string, unknown]> = [
        ['prompts/get', { name: 5 }],
        ['prompts/get', {}],
        ['resources/read', { uri: 5 }],
        ['resources/subscribe', { uri: [] }],
        ['completion/complete', { ref: 7 }],
      ];
      for (const [i, [method, params]] of bad.entries()) {
        child.stdin.write(line({ jsonrpc: '2.0', id: 20 + i, method, params }));
        const r = await next();
        assert.equal(r.id, 20 + i);
        const e = r.error as { code: number; message: string };
        assert.equal(e.code, -32602, `${method}: ${e.message}`);
        assert.match(e.message, /^params\.\w+: [^\n]+$/, method);
      }
      child.stdin.end();
      assert.equal((await exited(child)).code, 0);
    },
  );

  it(
    'answers a line over 4 MiB as it streams in, discards it and reads the next',
    GUARD,
    async () => {
      const { child, next } = await readyStdio();
      const head =
        '{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"search_skills","arguments":{"query":"';
      child.stdin.write(head);
      const chunk = 'x'.repeat(MiB);
      for (let i = 0; i < 5; i++) child.stdin.write(chunk);
      // The error comes before the line ends: the server does not wait to hold it whole.
      const refused = await next();
      assert.equal(refused.id, 7);
      assert.equal((refused.error as { code: number }).code, -32600);
      assert.match((refused.error as { message: string }).message, /over 4\.0 MiB/);
      for (let i = 0; i < 20; i++) child.stdin.write(chunk);
      child.stdin.write('"}}}\n');
      child.stdin.write(line({ jsonrpc: '2.0', id: 8, method: 'ping' }));
      assert.deepEqual(await next(), { jsonrpc: '2.0', id: 8, result: {} });
      child.stdin.end();
      assert.equal((await exited(child)).code, 0);
    },
  );

  it(
    'stops when its client dies in the middle of a 12 MiB line without a newline',
    GUARD,
    async () => {
      const { child, next, err } = await readyStdio();
      const chunk = 'y'.repeat(MiB);
      for (let i = 0; i < 12; i++) child.stdin.write(chunk);
      assert.equal(((await next()).error as { code: number }).code, -32600);
      const from = performance.now();
      child.stdin.destroy();
      const end = await exited(child, from);
      assert.equal(end.code, 0, err());
      noStackTrace(err());
    },
  );
});

describe('stdio: when the client goes or a signal comes', () => {
  for (const signal of ['SIGTERM', 'SIGINT'] as const)
    it(`exits 0 on ${signal}`, GUARD, async (t) => {
      const { child, err } = await readyStdio();
      const from = performance.now();
      child.kill(signal);
      const end = await exited(child, from);
      t.diagnostic(`stopped ${end.ms.toFixed(0)} ms after ${signal}`);
      assert.equal(end.code, 0, err());
      assert.equal(err(), '');
    });

  it('exits 0 when stdin ends', GUARD, async (t) => {
    const { child, err } = await readyStdio();
    const from = performance.now();
    child.stdin.end();
    const end = await exited(child, from);
    t.diagnostic(`stopped ${end.ms.toFixed(0)} ms after stdin ended`);
    assert.equal(end.code, 0, err());
  });

  it('answers what was asked before stdin ended, then exits 0', GUARD, async () => {
    // A search on a cold cache: it builds the index, so it is still to answer when stdin ends.
    const child = serveStdio([wshobson]);
    const err = stderrOf(child);
    const ids: unknown[] = [];
    createInterface({ input: child.stdout }).on('line', (l) => ids.push(JSON.parse(l).id));
    child.stdin.write(line(INIT));
    child.stdin.write(line({ jsonrpc: '2.0', method: 'notifications/initialized' }));
    child.stdin.write(
      line({
        jsonrpc: '2.0',
        id: 2,
        method: 'tools/call',
        params: { name: 'search_skills', arguments: { query: 'review code for security' } },
      }),
    );
    child.stdin.end(line({ jsonrpc: '2.0', id: 3, method: 'prompts/list' }));
    const end = await exited(child);
    assert.equal(end.code, 0, err());
    // Answered as each is done, not in the order asked.
    assert.deepEqual(ids.sort(), [1, 2, 3]);
  });

  it('stops, without a stack trace, when its stdout is closed (EPIPE)', GUARD, async () => {
    const { child, err } = await readyStdio();
    child.stdout.destroy();
    child.stdin.write(line({ jsonrpc: '2.0', id: 2, method: 'tools/list' }));
    const end = await exited(child);
    assert.equal(end.code, 0, err());
    noStackTrace(err());
  });

  it(
    'stops when its parent dies and it is re-parented, though stdin stays open',
    GUARD,
    async (t) => {
      // stdin is a FIFO the test holds open, so only the parent's death can tell the server.
      const fifo = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'skillset-fifo-')), 'stdin');
      assert.equal(spawnSync('mkfifo', [fifo]).status, 0);
      const input = fs.openSync(fifo, fs.constants.O_RDWR);
      descriptors.push(input);
      // The parent starts the server on its own stdio and exits when told.
      const script = `
      const c = require('node:child_process').spawn(process.execPath, ${JSON.stringify([cliPath, 'serve', example])}, { stdio: 'inherit' });
      process.send(c.pid);
      process.on('message', () => process.exit(0));`;
      const parent = spawn(process.execPath, ['-e', script], {
        env,
        stdio: [input, 'pipe', 'pipe', 'ipc'],
      });
      spawned.push(parent);
      const pid = await new Promise<number>((r) => parent.once('message', (m) => r(Number(m))));
      orphans.push(pid);
      const err = stderrOf(parent);
      const stdout = parent.stdout as Readable;
      const next = lines(stdout);
      fs.writeSync(input, line(INIT));
      assert.equal((await next()).id, 1);
      // The server's stdout closes when it exits (the parent's copy is gone with the parent).
      const gone = new Promise<number>((r) => stdout.once('end', () => r(performance.now())));
      const from = performance.now();
      parent.send('exit');
      const at = await gone;
      t.diagnostic(`stopped ${(at - from).toFixed(0)} ms after its parent exited`);
      // Exited: gone, or a zombie its new parent has not reaped yet.
      const stat = fs.existsSync(`/proc/${pid}/stat`)
        ? fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
        : '';
      assert.ok(stat === '' || /^\d+ \(.*\) Z /.test(stat), stat);
      noStackTrace(err());
    },
  );

  it('stops on SIGINT sent while it starts on a cold salesforce library', GUARD, async () => {
    const child = spawn(process.execPath, [cliPath, 'serve', salesforce], {
      env: { ...env, SKILLSET_CACHE_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'skillset-cold-')) },
    });
    spawned.push(child);
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    await new Promise((r) => child.once('spawn', r));
    child.kill('SIGINT');
    const end = await exited(child);
    // Before its handler is installed Node's default ends it by the signal; after, it exits 0.
    assert.ok(end.code === 0 || end.signal === 'SIGINT', JSON.stringify(end));
    assert.equal(out, '');
  });
});

/** Start `serve --http`; resolves once it listens, with its URL and the lines of its stderr. */
async function serveHttp(args: string[]) {
  const child = spawn(process.execPath, [cliPath, 'serve', ...args, '--http', '--port', '0'], {
    env,
  });
  spawned.push(child);
  const err = stderrOf(child);
  const url = await new Promise<string>((resolve, reject) => {
    child.stderr.on('data', () => {
      const m = /listening on (\S+)/.exec(err());
      if (m) resolve(m[1] as string);
    });
    child.once('exit', (code) => reject(new Error(`exit ${code}: ${err()}`)));
  });
  /** Resolves once stderr holds `n` lines matching `re`. */
  const heard = (re: RegExp, n = 1) =>
    new Promise<void>((resolve) => {
      const check = () => {
        if ((err().match(new RegExp(re.source, 'g')) ?? []).length >= n) {
          child.stderr.off('data', check);
          resolve();
        }
      };
      child.stderr.on('data', check);
      check();
    });
  return { child, url, err, heard };
}

const JSON_AND_SSE = {
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
};

/** POST one message; the response, its body read. */
async function post(url: string, message: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { ...JSON_AND_SSE, ...headers },
    body: JSON.stringify(message),
  });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

/** A new session's id. */
async function initialize(url: string, headers: Record<string, string> = {}): Promise<string> {
  const r = await post(url, INIT, headers);
  assert.equal(r.status, 200, r.text);
  return r.headers.get('mcp-session-id') as string;
}

const ping = (url: string, session: string) =>
  post(url, { jsonrpc: '2.0', id: 9, method: 'ping' }, { 'mcp-session-id': session });

/** Resident memory of a process, in MiB (Linux). */
const rssOf = (pid: number): number =>
  Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024;

describe('HTTP: sessions that are never closed', () => {
  it(
    '150 initialize requests without a close grow the salesforce server by less than 100 MiB',
    GUARD,
    async (t) => {
      const { child, url } = await serveHttp([salesforce, '--no-watch']);
      await initialize(url);
      const before = rssOf(child.pid as number);
      for (let i = 0; i < 150; i++) await initialize(url);
      const grown = rssOf(child.pid as number) - before;
      t.diagnostic(
        `RSS ${before.toFixed(0)} MiB, then +${grown.toFixed(1)} MiB after 150 sessions`,
      );
      assert.ok(grown < 100, `grew ${grown.toFixed(0)} MiB`);
      child.kill('SIGTERM');
      assert.equal((await exited(child)).code, 0);
    },
  );

  /** The sessions that stderr says were closed by lines matching `re` (its group 1 is the id). */
  const closed = (err: () => string, re: RegExp) =>
    [...err().matchAll(new RegExp(re.source, 'g'))].map((m) => m[1]);

  it(
    'holds at most --max-sessions: the least recently used idle one makes room',
    GUARD,
    async () => {
      const { child, url, err, heard } = await serveHttp([example, '--max-sessions', '20']);
      const ids: string[] = [];
      for (let i = 0; i < 60; i++) ids.push(await initialize(url));
      await heard(/closed the least recently used/, 40);
      // The first 40, oldest first, made room for the last 20, which still answer.
      assert.deepEqual(closed(err, /closed the least recently used, (\S+)/), ids.slice(0, 40));
      for (const id of ids.slice(0, 40)) assert.equal((await ping(url, id)).status, 404);
      for (const id of ids.slice(40)) assert.equal((await ping(url, id)).status, 200);
      child.kill('SIGTERM');
      assert.equal((await exited(child)).code, 0);
    },
  );

  it('closes each session idle for --session-timeout, and names it', GUARD, async () => {
    const { child, url, err, heard } = await serveHttp([example, '--session-timeout', '1']);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push(await initialize(url));
    // A second without a request closes each of them: awaited on the line that says so.
    await heard(/idle for 1 s/, 3);
    assert.deepEqual(closed(err, /closed session (\S+), idle for 1 s/).sort(), [...ids].sort());
    for (const id of ids) assert.equal((await ping(url, id)).status, 404);
    child.kill('SIGTERM');
    assert.equal((await exited(child)).code, 0);
  });

  it('answers 503 when every session is busy, and a DELETE frees a place', GUARD, async () => {
    const { child, url } = await serveHttp([example, '--max-sessions', '3']);
    const streams: Array<{ id: string; abort: AbortController }> = [];
    for (let i = 0; i < 3; i++) {
      const id = await initialize(url);
      const abort = new AbortController();
      // A client that listens for notifications keeps a GET stream open: its session is busy.
      const res = await fetch(url, {
        headers: { accept: 'text/event-stream', 'mcp-session-id': id },
        signal: abort.signal,
      });
      assert.equal(res.status, 200);
      streams.push({ id, abort });
    }
    const full = await post(url, INIT);
    assert.equal(full.status, 503);
    assert.equal(full.headers.get('retry-after'), '5');
    const body = JSON.parse(full.text) as { error: { code: number; message: string } };
    assert.equal(body.error.code, -32000);
    assert.match(body.error.message, /all 3 sessions are in use/);
    const first = streams[0] as { id: string; abort: AbortController };
    const del = await fetch(url, { method: 'DELETE', headers: { 'mcp-session-id': first.id } });
    assert.equal(del.status, 200);
    assert.equal((await ping(url, first.id)).status, 404);
    await initialize(url);
    for (const s of streams) s.abort.abort();
    child.kill('SIGTERM');
    assert.equal((await exited(child)).code, 0);
  });
});

describe('HTTP: stopping with clients connected', () => {
  for (const signal of ['SIGTERM', 'SIGINT'] as const)
    it(`exits 0 on ${signal} with sessions and their GET streams open`, GUARD, async (t) => {
      const { child, url, err } = await serveHttp([example]);
      const aborts: AbortController[] = [];
      for (let i = 0; i < 5; i++) {
        const id = await initialize(url);
        const abort = new AbortController();
        await fetch(url, {
          headers: { accept: 'text/event-stream', 'mcp-session-id': id },
          signal: abort.signal,
        });
        aborts.push(abort);
      }
      const from = performance.now();
      child.kill(signal);
      const end = await exited(child, from);
      t.diagnostic(`stopped ${end.ms.toFixed(0)} ms after ${signal}`);
      for (const a of aborts) a.abort();
      assert.equal(end.code, 0, err());
      noStackTrace(err());
    });
});

describe('HTTP: connections that never finish a request', () => {
  it('are capped and cut, and a real client is served once they are', GUARD, async () => {
    const { child, url, err } = await serveHttp([example]);
    const { hostname, port } = new URL(url);
    // 300 connections that send half a request and wait (slowloris): past 256 they are refused,
    // and the rest are cut when their headers do not arrive in time.
    const closed: Array<Promise<void>> = [];
    for (let i = 0; i < 300; i++) {
      const socket = net.connect(Number(port), hostname);
      socket.on('error', () => undefined);
      socket.resume();
      socket.write(`GET /mcp HTTP/1.1\r\nHost: ${hostname}:${port}\r\n`);
      closed.push(new Promise((resolve) => socket.once('close', () => resolve())));
    }
    await Promise.all(closed);
    assert.ok(rssOf(child.pid as number) < 400, `${rssOf(child.pid as number)} MiB`);
    const id = await initialize(url);
    assert.equal((await ping(url, id)).status, 200, err());
    noStackTrace(err());
  });
});

describe('HTTP: Origin', () => {
  let server: Awaited<ReturnType<typeof serveHttp>>;
  before(async () => {
    server = await serveHttp([example, '--no-watch']);
  });
  after(() => {
    server.child.kill('SIGTERM');
  });

  it('refuses a foreign Origin with 403, whatever the Host says', GUARD, async () => {
    const port = new URL(server.url).port;
    for (const origin of [
      'http://evil.example',
      `http://evil.example:${port}`,
      'null',
      'file://',
      'chrome-extension://abcdefghijklmnop',
      'not a url',
    ]) {
      const r = await post(server.url, INIT, { origin });
      assert.equal(r.status, 403, origin);
      assert.match(r.text, /Invalid Origin header/, origin);
    }
  });

  it(
    'lets through no Origin, and a loopback one on any port, http or https, IPv4 or IPv6',
    GUARD,
    async () => {
      const port = new URL(server.url).port;
      await initialize(server.url);
      for (const origin of [
        `http://127.0.0.1:${port}`,
        'http://localhost:3000',
        `https://127.0.0.1:${port}`,
        `http://[::1]:${port}`,
        'http://127.0.0.2',
      ])
        await initialize(server.url, { origin });
    },
  );

  it('beyond loopback, accepts only its own origin and the ones allowed', GUARD, async () => {
    const wide = await serveHttp([
      example,
      '--no-watch',
      '--host',
      '0.0.0.0',
      '--token',
      'sesame',
      '--allow-origin',
      'https://skills.example.com',
    ]);
    const port = new URL(wide.url).port;
    const url = `http://127.0.0.1:${port}/mcp`;
    const auth = { authorization: 'Bearer sesame' };
    await initialize(url, { ...auth, origin: `http://127.0.0.1:${port}` });
    await initialize(url, { ...auth, origin: 'https://skills.example.com' });
    for (const origin of [`http://127.0.0.1:${Number(port) + 1}`, `http://localhost:${port}`])
      assert.equal((await post(url, INIT, { ...auth, origin })).status, 403, origin);
    wide.child.kill('SIGTERM');
    assert.equal((await exited(wide.child)).code, 0);
  });

  it(
    'refuses a DNS-rebinding Host before anything else, even with a loopback Origin',
    GUARD,
    async () => {
      // fetch will not send another Host: node:http will, as a rebinding page's browser does.
      const u = new URL(server.url);
      const { status, text } = await new Promise<{ status: number; text: string }>(
        (resolve, reject) => {
          const req = http.request(
            {
              host: u.hostname,
              port: u.port,
              path: u.pathname,
              method: 'POST',
              headers: {
                ...JSON_AND_SSE,
                host: `evil.example:${u.port}`,
                origin: 'http://localhost',
              },
            },
            (res) => {
              let body = '';
              res.on('data', (d) => {
                body += d;
              });
              res.on('end', () => resolve({ status: res.statusCode ?? 0, text: body }));
            },
          );
          req.on('error', reject);
          req.end(JSON.stringify(INIT));
        },
      );
      assert.equal(status, 403);
      assert.match(text, /Invalid Host header/);
    },
  );
});

describe('results that grow with the library or its files', () => {
  let lib: string;
  let c: Client;
  const anything = z.object({}).passthrough();
  const request = (method: string, params: Record<string, unknown> = {}) =>
    c.request({ method, params } as never, anything) as Promise<Record<string, unknown>>;
  /** Each result (what the message carries) stays under the 4 MiB bound. */
  const bounded = <T>(v: T): T => {
    assert.ok(Buffer.byteLength(JSON.stringify(v)) <= 4 * MiB, `${JSON.stringify(v).length} bytes`);
    return v;
  };

  before(async () => {
    lib = fs.mkdtempSync(path.join(os.tmpdir(), 'skillset-bulky-'));
    // 50 skills with ~100,000-character descriptions (front matter may hold 128 KiB), all found by
    // one query, and one skill bundling a 6 MiB text file.
    const filler = 'zebra crossing lorem ipsum dolor sit amet '.repeat(2400);
    for (let i = 0; i < 50; i++) {
      const name = `bulky-${String(i).padStart(2, '0')}`;
      fs.mkdirSync(path.join(lib, name));
      fs.writeFileSync(
        path.join(lib, name, 'SKILL.md'),
        `---\nname: ${name}\ndescription: Number ${i}. ${filler}\n---\nBody ${i}.\n`,
      );
    }
    fs.mkdirSync(path.join(lib, 'big-file', 'references'), { recursive: true });
    fs.writeFileSync(
      path.join(lib, 'big-file', 'SKILL.md'),
      '---\nname: big-file\ndescription: Bundles a very large reference.\n---\nSee references/huge.md.\n',
    );
    fs.writeFileSync(path.join(lib, 'big-file', 'references', 'huge.md'), 'z'.repeat(6 * MiB));
    c = new Client({ name: 'hostile', version: '1.0.0' });
    await c.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [cliPath, 'serve', lib, '--no-watch'],
        env,
        stderr: 'pipe',
      }),
    );
  });
  after(async () => {
    await c.close();
  });

  it(
    'refuses a search result over the bound with isError and what to ask instead',
    GUARD,
    async () => {
      const all = bounded(
        await c.callTool({
          name: 'search_skills',
          arguments: { query: 'zebra crossing', limit: 50 },
        }),
      );
      assert.equal(all.isError, true);
      assert.match(JSON.stringify(all.content), /over the 4\.0 MiB one MCP message may carry/);
      assert.match(JSON.stringify(all.content), /fewer results/);
      const few = bounded(
        await c.callTool({
          name: 'search_skills',
          arguments: { query: 'zebra crossing', limit: 5 },
        }),
      );
      assert.equal((few.structuredContent as { results: unknown[] }).results.length, 5);
    },
  );

  it('refuses to send a 6 MiB file whole, as a tool result and as a resource', GUARD, async () => {
    const read = bounded(
      await c.callTool({
        name: 'read_skill_file',
        arguments: { name: 'big-file', path: 'references/huge.md' },
      }),
    );
    assert.equal(read.isError, true);
    assert.match(JSON.stringify(read.content), /read_skill_file is 1\d\.\d MiB/);
    await assert.rejects(
      c.readResource({ uri: 'skill://big-file/references/huge.md' }),
      (e: { code?: number; message: string }) =>
        e.code === -32603 && /resources\/read is 6\.0 MiB/.test(e.message),
    );
    // The Skills extension does not offer a skill a host could not fetch file by file.
    await assert.rejects(request('skills/get', { uri: 'skill://big-file/SKILL.md' }));
  });

  it(
    'pages list_skills, prompts, resources and skills/list, each page under the bound',
    GUARD,
    async () => {
      const names = new Set<string>();
      let cursor: string | undefined;
      let pages = 0;
      do {
        const r = bounded(
          await c.callTool({ name: 'list_skills', arguments: cursor ? { cursor } : {} }),
        );
        const s = r.structuredContent as { skills: Array<{ name: string }>; nextCursor?: string };
        for (const k of s.skills) names.add(k.name);
        cursor = s.nextCursor;
        pages++;
      } while (cursor);
      assert.equal(names.size, 51);
      assert.ok(pages > 1, `${pages} pages`);
      for (const [method, key] of [
        ['prompts/list', 'prompts'],
        ['resources/list', 'resources'],
        ['skills/list', 'skills'],
      ] as const) {
        const seen: unknown[] = [];
        let next: string | undefined;
        let n = 0;
        do {
          const r = bounded(await request(method, next ? { cursor: next } : {}));
          seen.push(...(r[key] as unknown[]));
          next = r.nextCursor as string | undefined;
          n++;
        } while (next);
        assert.equal(seen.length, method === 'skills/list' ? 50 : 51, method);
        assert.ok(n > 1, `${method}: ${n} pages`);
      }
      // A cursor of one list is no cursor of another.
      const first = (await request('prompts/list')).nextCursor as string;
      await assert.rejects(request('resources/list', { cursor: first }), /Unknown cursor/);
    },
  );

  it('is still connected after all of it', GUARD, async () => {
    assert.deepEqual(await c.ping(), {});
  });
});
