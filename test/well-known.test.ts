// A library shared as static files: `export --target well-known` of a real corpus subset, served by
// a plain node:http file server on 127.0.0.1, then `add` from it through the built CLI, `verify`,
// `install --frozen`, `outdated` and `update`; a tampered archive stops `add` with nothing changed,
// and two exports give the same bytes.

import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { cliPath, corporaDir, repoRoot } from '../src/test-support/paths.js';

let tmp: string;
let lib: string;
let site: string;
let server: http.Server;
let base: string;
const requests: string[] = [];

/** The built CLI in `cwd`, run without blocking: the server answering it lives in this process. */
function cli(
  cwd: string,
  args: string[],
): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cliPath, ...args], {
      cwd,
      env: {
        ...process.env,
        HOME: path.join(tmp, 'home'),
        SKILLSET_CACHE_DIR: path.join(tmp, 'cache'),
      },
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
    });
    child.stderr.on('data', (d: Buffer) => {
      err += d.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, out, err }));
  });
}

/** A static file server over `root`, as any host would be: GET a file or 404. */
function serve(root: string): Promise<http.Server> {
  const s = http.createServer((req, res) => {
    const rel = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    requests.push(rel);
    const file = path.join(root, ...rel.split('/').filter((p) => p !== '' && p !== '..'));
    fs.readFile(file, (e, bytes) => {
      if (e) {
        res.writeHead(404).end();
        return;
      }
      const type = file.endsWith('.json')
        ? 'application/json'
        : file.endsWith('.tar.gz')
          ? 'application/gzip'
          : 'text/markdown';
      res.writeHead(200, { 'content-type': type }).end(bytes);
    });
  });
  return new Promise((resolve) => s.listen(0, '127.0.0.1', () => resolve(s)));
}

const wshobson = path.join(corporaDir, 'wshobson-agents', 'plugins');
const SUBSET = [
  'skill-forge-essentials/skills/ai-debt-detector',
  'accessibility-compliance/skills/wcag-audit-patterns',
  'llm-application-dev/skills/prompt-engineering-patterns',
];

const exportTo = (out: string) =>
  cli(tmp, ['export', lib, '--target', 'well-known', '--out', out, '--no-cache', '--json']);

/** Every file under `dir`, relative, with its bytes. */
function tree(dir: string): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  for (const rel of fs.readdirSync(dir, { recursive: true }) as string[]) {
    const p = path.join(dir, rel);
    if (fs.statSync(p).isFile()) out.set(rel, fs.readFileSync(p));
  }
  return out;
}

const project = (name: string) => {
  const dir = path.join(tmp, 'projects', name);
  fs.mkdirSync(dir, { recursive: true });
  return dir;
};
const wk = (rel: string) => path.join(site, '.well-known', 'agent-skills', rel);

before(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'skillset-well-known-'));
  lib = path.join(tmp, 'lib');
  for (const s of SUBSET)
    fs.cpSync(path.join(wshobson, s), path.join(lib, path.basename(s)), { recursive: true });
  site = path.join(tmp, 'site');
  const r = await exportTo(site);
  assert.equal(r.code, 0, r.err);
  server = await serve(site);
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(async () => {
  await new Promise((resolve) => server?.close(resolve));
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('export --target well-known', () => {
  it('writes the 0.2.0 index, a SKILL.md for a one-file skill and a .tar.gz for the others', () => {
    const index = JSON.parse(fs.readFileSync(wk('index.json'), 'utf8'));
    assert.equal(index.$schema, 'https://schemas.agentskills.io/discovery/0.2.0/schema.json');
    assert.deepEqual(
      index.skills.map((s: { name: string; type: string; url: string }) => [s.name, s.type, s.url]),
      [
        ['ai-debt-detector', 'skill-md', 'ai-debt-detector/SKILL.md'],
        ['prompt-engineering-patterns', 'archive', 'prompt-engineering-patterns.tar.gz'],
        ['wcag-audit-patterns', 'archive', 'wcag-audit-patterns.tar.gz'],
      ],
    );
    for (const s of index.skills) assert.match(s.digest, /^sha256:[0-9a-f]{64}$/);
  });

  it('gives the same bytes twice, and a second run writes nothing', async () => {
    const again = path.join(tmp, 'site-again');
    assert.equal((await exportTo(again)).code, 0);
    const a = tree(site);
    const b = tree(again);
    assert.deepEqual([...a.keys()].sort(), [...b.keys()].sort());
    for (const [rel, bytes] of a) assert.ok(bytes.equals(b.get(rel) as Buffer), rel);
    const second = await exportTo(site);
    assert.deepEqual(JSON.parse(second.out).written, []);
  });
});

describe('add from a well-known index', () => {
  it('installs every skill from the site root, locks it as well-known, and verify agrees', async () => {
    const dir = project('all');
    const r = await cli(dir, ['add', base, '--json']);
    assert.equal(r.code, 0, r.err);
    const lockText = fs.readFileSync(path.join(dir, 'skillset.lock.json'), 'utf8');
    const lock = JSON.parse(lockText);
    assert.deepEqual(Object.keys(lock.skills), SUBSET.map((s) => path.basename(s)).sort());
    const index = JSON.parse(fs.readFileSync(wk('index.json'), 'utf8'));
    for (const s of index.skills) {
      const e = lock.skills[s.name];
      assert.equal(e.sourceType, 'well-known');
      assert.equal(e.source, `${base}/.well-known/agent-skills/index.json`);
      assert.equal(e.path, s.name);
      assert.equal(e.artifact, s.digest);
    }
    // The installed files are the library's, byte for byte.
    for (const s of SUBSET) {
      const from = tree(path.join(lib, path.basename(s)));
      const to = tree(path.join(dir, '.agents', 'skills', path.basename(s)));
      assert.deepEqual([...to.keys()].sort(), [...from.keys()].sort());
      for (const [rel, bytes] of from) assert.ok(bytes.equals(to.get(rel) as Buffer), rel);
    }
    const schema = JSON.parse(
      fs.readFileSync(path.join(repoRoot, 'docs/skillset.lock.schema.json'), 'utf8'),
    );
    const validate = new Ajv2020({ strict: true }).compile(schema);
    assert.ok(validate(lock), JSON.stringify(validate.errors));
    assert.equal((await cli(dir, ['verify'])).code, 0);
  });

  it('takes the index URL itself and --skill, fetching only that artifact; install --frozen restores it', async () => {
    const dir = project('one');
    requests.length = 0;
    const r = await cli(dir, [
      'add',
      `${base}/.well-known/agent-skills/index.json`,
      '--skill',
      'wcag-audit-patterns',
    ]);
    assert.equal(r.code, 0, r.err);
    assert.deepEqual(requests, [
      '/.well-known/agent-skills/index.json',
      '/.well-known/agent-skills/wcag-audit-patterns.tar.gz',
    ]);
    fs.rmSync(path.join(dir, '.agents', 'skills', 'wcag-audit-patterns'), { recursive: true });
    const restored = await cli(dir, ['install', '--frozen']);
    assert.equal(restored.code, 0, restored.err);
    assert.match(restored.out, /restored\s+wcag-audit-patterns/);
    assert.equal((await cli(dir, ['verify'])).code, 0);
  });

  it('stops at a tampered archive before anything is written: one line, exit 2, nothing changed', async () => {
    const dir = project('tampered');
    assert.equal((await cli(dir, ['add', base, '--skill', 'ai-debt-detector'])).code, 0);
    const before = tree(dir);
    const file = wk('prompt-engineering-patterns.tar.gz');
    const good = fs.readFileSync(file);
    fs.writeFileSync(file, Buffer.concat([good, Buffer.from('x')]));
    try {
      const r = await cli(dir, ['add', base, '--skill', 'prompt-engineering-patterns']);
      assert.equal(r.code, 2);
      assert.match(
        r.err.split('\n')[0] ?? '',
        /prompt-engineering-patterns\.tar\.gz has sha256 .*the index says/,
      );
      const now = tree(dir);
      assert.deepEqual([...now.keys()].sort(), [...before.keys()].sort());
      for (const [rel, bytes] of before) assert.ok(bytes.equals(now.get(rel) as Buffer), rel);
    } finally {
      fs.writeFileSync(file, good);
    }
  });

  it('sees a new export as outdated, and update --yes takes it', async () => {
    const dir = project('update');
    assert.equal((await cli(dir, ['add', base, '--skill', 'ai-debt-detector'])).code, 0);
    const skillFile = path.join(lib, 'ai-debt-detector', 'SKILL.md');
    const original = fs.readFileSync(skillFile);
    fs.appendFileSync(skillFile, '\nOne more line.\n');
    try {
      assert.equal((await exportTo(site)).code, 0);
      const out = await cli(dir, ['outdated']);
      assert.equal(out.code, 0, out.err);
      assert.match(out.out, /outdated ai-debt-detector/);
      const up = await cli(dir, ['update', '--yes']);
      assert.equal(up.code, 0, up.err);
      assert.match(
        fs.readFileSync(path.join(dir, '.agents/skills/ai-debt-detector/SKILL.md'), 'utf8'),
        /One more line\./,
      );
      const index = JSON.parse(fs.readFileSync(wk('index.json'), 'utf8'));
      const lock = JSON.parse(fs.readFileSync(path.join(dir, 'skillset.lock.json'), 'utf8'));
      assert.equal(
        lock.skills['ai-debt-detector'].artifact,
        index.skills.find((s: { name: string }) => s.name === 'ai-debt-detector').digest,
      );
      assert.match((await cli(dir, ['outdated'])).out, /current\s+ai-debt-detector/);
    } finally {
      fs.writeFileSync(skillFile, original);
      assert.equal((await exportTo(site)).code, 0);
    }
  });

  it('refuses plain http to another machine before any request', async () => {
    const dir = project('insecure');
    const r = await cli(dir, ['add', 'http://example.com']);
    assert.equal(r.code, 2);
    assert.match(r.err, /plain http is taken from this machine only/);
    assert.ok(!fs.existsSync(path.join(dir, 'skillset.lock.json')));
  });
});
