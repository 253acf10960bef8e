// The well-known source against a real HTTP server on 127.0.0.1: which URLs it takes, what of an
// index it uses, a zip named by its Content-Type, redirects, and the bounds (bytes, time, http).

import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { DISCOVERY_SCHEMA } from '../agents/well-known.js';
import { SkillsetError } from '../errors.js';
import { zip } from '../test-support/zip.js';
import { HTTP_LIMITS } from './http.js';
import { fetchWellKnown, parseIndex, WELL_KNOWN_LIMITS, wellKnownIndex } from './well-known.js';

const sha = (b: Buffer) => `sha256:${createHash('sha256').update(b).digest('hex')}`;
const SKILL = Buffer.from('---\nname: zipped\ndescription: From a zip.\n---\nBody\n');

/** path → what the server answers; a route of `undefined` never answers. */
const routes = new Map<
  string,
  { status?: number; type?: string; body?: Buffer; location?: string } | undefined
>();
let server: http.Server;
let base: string;

before(async () => {
  server = http.createServer((req, res) => {
    const r = routes.get(req.url ?? '');
    if (!routes.has(req.url ?? '')) return void res.writeHead(404).end();
    if (r === undefined) return; // silent: the client's time limit ends it
    res.writeHead(r.status ?? 200, {
      ...(r.type ? { 'content-type': r.type } : {}),
      ...(r.location ? { location: r.location } : {}),
    });
    res.end(r.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(() => {
  server.closeAllConnections();
  server.close();
});

const index = (skills: unknown[]) =>
  Buffer.from(JSON.stringify({ $schema: DISCOVERY_SCHEMA, skills }));
const code = (c: string) => (e: unknown) => e instanceof SkillsetError && e.code === c;

describe('wellKnownIndex', () => {
  it('takes a site root or an index URL, and leaves other URLs to git', () => {
    assert.equal(
      wellKnownIndex('https://example.com'),
      'https://example.com/.well-known/agent-skills/index.json',
    );
    assert.equal(
      wellKnownIndex('https://example.com/team/.well-known/agent-skills/'),
      'https://example.com/team/.well-known/agent-skills/index.json',
    );
    assert.equal(
      wellKnownIndex('http://127.0.0.1:8080/.well-known/agent-skills/index.json'),
      'http://127.0.0.1:8080/.well-known/agent-skills/index.json',
    );
    assert.equal(wellKnownIndex('https://github.com/o/r.git'), undefined);
    assert.equal(wellKnownIndex('ssh://example.com/'), undefined);
  });

  it('refuses plain http to another machine, and credentials', () => {
    assert.throws(() => wellKnownIndex('http://example.com/'), code('install/insecure-url'));
    assert.throws(() => wellKnownIndex('https://u:p@example.com/'), code('usage/invalid-source'));
  });
});

describe('parseIndex', () => {
  it('refuses another $schema, and skips entries it cannot use, naming each', () => {
    assert.throws(
      () => parseIndex(Buffer.from('{"version":"0.1.0","skills":[]}'), 'https://x/i.json'),
      code('install/bad-index'),
    );
    const digest = sha(Buffer.from('x'));
    const { skills, warnings } = parseIndex(
      index([
        { name: 'good', type: 'archive', url: 'good.tar.gz', digest, description: 'd' },
        { name: 'Bad Name', type: 'archive', url: 'b.tar.gz', digest },
        { name: 'odd', type: 'mcp-server', url: 'o', digest },
        { name: 'good', type: 'skill-md', url: 'g/SKILL.md', digest },
        { name: 'plain', type: 'skill-md', url: 'http://example.com/SKILL.md', digest },
        { name: 'nodigest', type: 'skill-md', url: 'n/SKILL.md', digest: 'md5:1' },
      ]),
      'https://example.com/.well-known/agent-skills/index.json',
    );
    assert.deepEqual([...skills.keys()], ['good']);
    assert.equal(
      skills.get('good')?.url,
      'https://example.com/.well-known/agent-skills/good.tar.gz',
    );
    assert.equal(warnings.length, 5);
    assert.match(warnings.join('\n'), /type `mcp-server`/);
    assert.match(warnings.join('\n'), /plain http/);
  });
});

describe('fetchWellKnown', () => {
  it('reads a zip by its Content-Type, after a redirect, with links left out and named', async () => {
    const bytes = zip([
      { name: 'SKILL.md', data: SKILL.toString() },
      { name: 'ref/a.md', data: 'A\n' },
      { name: 'out', data: '/etc/passwd', mode: 0o120777 },
    ]);
    routes.set('/old/.well-known/agent-skills/index.json', {
      status: 301,
      location: '/new/.well-known/agent-skills/index.json',
    });
    routes.set('/new/.well-known/agent-skills/index.json', {
      body: index([{ name: 'zipped', type: 'archive', url: 'get?id=1', digest: sha(bytes) }]),
    });
    routes.set('/new/.well-known/agent-skills/get?id=1', { type: 'application/zip', body: bytes });
    const t = await fetchWellKnown(`${base}/old/.well-known/agent-skills/index.json`);
    try {
      assert.ok(readFileSync(path.join(t.dir, 'zipped', 'SKILL.md')).equals(SKILL));
      assert.equal(readFileSync(path.join(t.dir, 'zipped', 'ref', 'a.md'), 'utf8'), 'A\n');
      assert.ok(!existsSync(path.join(t.dir, 'zipped', 'out')));
      assert.deepEqual(t.warnings, ['skipped zipped/out: a link or special file']);
      assert.deepEqual(t.artifacts, { zipped: sha(bytes) });
    } finally {
      await t.cleanup();
    }
  });

  it('refuses an archive without SKILL.md at its root, a redirect to plain http, and too many bytes', async () => {
    const nested = zip([{ name: 'wrap/SKILL.md', data: SKILL.toString() }]);
    routes.set('/a/.well-known/agent-skills/index.json', {
      body: index([{ name: 'wrapped', type: 'archive', url: 'w.zip', digest: sha(nested) }]),
    });
    routes.set('/a/.well-known/agent-skills/w.zip', { body: nested });
    await assert.rejects(
      fetchWellKnown(`${base}/a/.well-known/agent-skills/index.json`),
      code('install/bad-archive'),
    );
    routes.set('/b/.well-known/agent-skills/index.json', {
      status: 302,
      location: 'http://example.com/.well-known/agent-skills/index.json',
    });
    await assert.rejects(
      fetchWellKnown(`${base}/b/.well-known/agent-skills/index.json`),
      code('install/insecure-url'),
    );
    const cap = WELL_KNOWN_LIMITS.indexBytes;
    WELL_KNOWN_LIMITS.indexBytes = 10;
    try {
      await assert.rejects(
        fetchWellKnown(`${base}/a/.well-known/agent-skills/index.json`),
        (e: unknown) => code('install/fetch-failed')(e) && /over 10 bytes/.test(String(e)),
      );
    } finally {
      WELL_KNOWN_LIMITS.indexBytes = cap;
    }
  });

  it('gives up on a server that does not answer, within its time limit', async () => {
    routes.set('/silent/.well-known/agent-skills/index.json', undefined);
    const limit = HTTP_LIMITS.timeoutMs;
    HTTP_LIMITS.timeoutMs = 200;
    try {
      await assert.rejects(
        fetchWellKnown(`${base}/silent/.well-known/agent-skills/index.json`),
        (e: unknown) => code('install/fetch-failed')(e) && /no answer within/.test(String(e)),
      );
    } finally {
      HTTP_LIMITS.timeoutMs = limit;
    }
  });
});
