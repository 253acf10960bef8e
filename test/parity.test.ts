// Every command's `--json` is the service's value for the same input: the CLI only formats. The
// operations with more than one face are compared through each on every library in
// test/operations.test.ts.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { createService, evalManifest, type SettingsInput } from '../src/index.js';
import { cliPath, corporaDir, repoRoot } from '../src/test-support/paths.js';

const cache = mkdtempSync(path.join(os.tmpdir(), 'skillset-parity-'));
const home = mkdtempSync(path.join(os.tmpdir(), 'skillset-parity-home-'));
const lib = path.join(corporaDir, 'wshobson-agents');
const queries = path.join(repoRoot, 'bench', 'queries', 'wshobson-asked.jsonl');

function cli(args: string[]): unknown {
  // The flags right after the command: whatever follows `--` is an invocation's arguments.
  const [command = '', ...rest] = args;
  const r = spawnSync(process.execPath, [cliPath, command, '--json', '-q', ...rest], {
    cwd: repoRoot,
    env: { ...process.env, SKILLSET_CACHE_DIR: cache, HOME: home },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  assert.ok(r.status === 0 || r.status === 1, r.stderr);
  return JSON.parse(r.stdout);
}

/** The service's value, through JSON as the CLI prints it. */
async function service<T>(
  input: SettingsInput,
  call: (s: Awaited<ReturnType<typeof createService>>) => Promise<{ ok: boolean; value?: T }>,
): Promise<unknown> {
  const s = await createService({ cwd: repoRoot, cacheDir: cache, ...input });
  try {
    const out = await call(s);
    assert.ok(out.ok);
    return JSON.parse(JSON.stringify(out.value));
  } finally {
    s.close();
  }
}

/** Timings differ run to run; everything else must not. */
function untimed(x: unknown): unknown {
  return JSON.parse(JSON.stringify(x), (k, v) =>
    k === 'ms' || k === 'p50Ms' || k === 'p95Ms' || k === 'file' ? 0 : v,
  );
}

const index = (name: string) => path.join(cache, `${name}.sqlite`);

describe('--json equals the service', () => {
  it('show, with the body', async () => {
    assert.deepEqual(
      cli(['show', 'bash-defensive-patterns', lib, '--body']),
      await service({ roots: [lib] }, (s) => s.show('bash-defensive-patterns', { body: true })),
    );
  });

  it('index', async () => {
    assert.deepEqual(
      untimed(cli(['index', lib, '--index', index('i1')])),
      untimed(await service({ roots: [lib], indexFile: index('i2') }, (s) => s.index())),
    );
  });

  // Without --explain, test/operations.test.ts compares search through every face.
  it('search --explain', async () => {
    const q = 'make my bash script fail safely';
    assert.deepEqual(
      cli(['search', q, lib, '--limit', '5', '--explain']),
      await service({ roots: [lib] }, (s) => s.search(q, { limit: 5, explain: true })),
    );
  });

  it('doctor', async () => {
    assert.deepEqual(
      cli(['doctor', lib, '--budget', '3000']),
      await service({ roots: [lib] }, (s) => s.doctor({ budget: 3000 })),
    );
  });

  it('lint', async () => {
    assert.deepEqual(
      cli(['lint', lib, '--profile', 'spec']),
      await service({ roots: [lib], profile: 'spec' }, (s) => s.lint()),
    );
  });

  it('eval --no-baseline', async () => {
    // Plain BM25 beside search is compared in the manifest's sets below.
    assert.deepEqual(
      untimed(cli(['eval', queries, lib, '--no-baseline'])),
      untimed(await service({ roots: [lib] }, (s) => s.eval(queries, { baseline: false }))),
    );
  });

  it('eval --manifest', async () => {
    // Two sets over two libraries, a slice of each tuning set: the same code as the whole manifest.
    const dir = mkdtempSync(path.join(os.tmpdir(), 'skillset-parity-manifest-'));
    const slice = (name: string) => {
      const lines = readFileSync(path.join(repoRoot, 'bench', 'queries', name), 'utf8').split('\n');
      writeFileSync(path.join(dir, name), `${lines.slice(0, 15).join('\n')}\n`);
      return name;
    };
    const manifest = path.join(dir, 'manifest.json');
    writeFileSync(
      manifest,
      JSON.stringify({
        sets: [
          { name: 'wshobson', queries: slice('wshobson-asked.jsonl'), roots: [lib] },
          {
            name: 'claude-skills',
            queries: slice('claude-asked.jsonl'),
            roots: [path.join(corporaDir, 'claude-skills')],
          },
        ],
      }),
    );
    const out = await evalManifest(manifest, { cwd: repoRoot, cacheDir: cache });
    assert.ok(out.ok);
    assert.deepEqual(
      out.value.sets.map((x) => [x.name, x.queries.length]),
      [
        ['wshobson', 15],
        ['claude-skills', 15],
      ],
    );
    assert.deepEqual(untimed(cli(['eval', '--manifest', manifest])), untimed(out.value));
  });
});

describe('the prompt and the invocation', () => {
  it('MCP prompts/get gives the text `skillset invoke` prints, imports and all', async () => {
    const { Client } = await import('@modelcontextprotocol/sdk/client/index.js');
    const { StdioClientTransport } = await import('@modelcontextprotocol/sdk/client/stdio.js');
    const examples = path.join(repoRoot, 'examples', 'skills');
    const env = { ...process.env, SKILLSET_CACHE_DIR: cache, HOME: home } as Record<string, string>;
    const client = new Client({ name: 'skillset-test', version: '1.0.0' });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [cliPath, 'serve', examples],
        cwd: repoRoot,
        env,
        stderr: 'pipe',
      }),
    );
    try {
      const got = await client.getPrompt({
        name: 'review-pr',
        arguments: { pr: '42', focus: 'tests' },
      });
      const prompt = (got.messages[0]?.content as { text?: string } | undefined)?.text ?? '';
      const r = spawnSync(
        process.execPath,
        [cliPath, 'invoke', 'review-pr', examples, '--no-cache', '-q', '--', '42', 'tests'],
        { cwd: repoRoot, env, encoding: 'utf8' },
      );
      assert.equal(r.status, 0, r.stderr);
      assert.match(prompt, /<skill_import path="references\/checklist\.md">/);
      assert.equal(prompt, r.stdout.replace(/\n$/, ''));
    } finally {
      await client.close();
    }
  });
});
