// `skillset publish` (#26 point 2) against a private PostgreSQL cluster: a real library published by
// content digest, unchanged skills costing a comparison only, changed files and deleted skills, and
// what a reader of another namespace, or of a publish still being written, can see (nothing).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import {
  appendFileSync,
  cpSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { createService } from '../src/core/service.js';
import { publishLibrary } from '../src/registry/publish.js';
import { openRegistry, registryService } from '../src/registry/reader.js';
import type { SearchDocument } from '../src/search/document.js';
import { PgIndexStore } from '../src/search/pg-store.js';
import { makeDocument } from '../src/test-support/index-store-contract.js';
import { cliPath, corporaDir } from '../src/test-support/paths.js';
import { startTestCluster, type TestCluster } from '../src/test-support/postgres.js';

const omnistudio = path.join(corporaDir, 'salesforce-skills', 'skills', 'omnistudio');

describe('publish', () => {
  let cluster: TestCluster | undefined;
  const work = mkdtempSync(path.join(os.tmpdir(), 'skillset-publish-'));
  const lib = path.join(work, 'lib');
  const url = (schema: string) => `${cluster?.url}?schema=${schema}`;
  const publish = async (schema: string, namespace: string, prune = false, root = lib) => {
    const service = await createService({ roots: [root], cache: false, userConfigFile: false });
    try {
      return await publishLibrary(service, { store: url(schema), namespace, prune });
    } finally {
      service.close();
    }
  };
  const sql = async (text: string, values: unknown[] = []) => {
    const client = new pg.Client({ connectionString: cluster?.url });
    await client.connect();
    try {
      return (await client.query(text, values)).rows;
    } finally {
      await client.end();
    }
  };
  before(async () => {
    cluster = await startTestCluster();
    cpSync(omnistudio, lib, { recursive: true });
  });
  after(async () => {
    await cluster?.stop();
    rmSync(work, { recursive: true, force: true });
  });

  it('publishes every skill with its files, then again at the cost of a comparison', async () => {
    const first = await publish('reg', 'sf');
    assert.equal(first.added, 34);
    assert.equal(first.skills, 34);
    const [{ n }] = await sql('SELECT count(*)::int AS n FROM reg.files');
    assert.equal(n, 34);
    const [row] = await sql(
      `SELECT bytes FROM reg.files WHERE folder = '/registry/sf/business-rules-engine' AND rel = 'SKILL.md'`,
    );
    assert.deepEqual(row.bytes, readFileSync(path.join(lib, 'business-rules-engine', 'SKILL.md')));
    const [{ gen }] = await sql(`SELECT gen FROM reg.spaces WHERE name = 'sf'`);
    const again = await publish('reg', 'sf');
    assert.deepEqual(
      { added: again.added, changed: again.changed, removed: again.removed },
      { added: 0, changed: 0, removed: 0 },
    );
    assert.equal(again.unchanged, 34);
    // Nothing was written: the namespace is still at the same generation.
    assert.deepEqual(await sql(`SELECT gen FROM reg.spaces WHERE name = 'sf'`), [{ gen }]);
  });

  it('republishes a skill when any of its files changes, and prunes only when asked', async () => {
    writeFileSync(path.join(lib, 'business-rules-engine', 'notes.md'), 'A new file.\n');
    const changed = await publish('reg', 'sf');
    assert.equal(changed.changed, 1);
    assert.equal(changed.unchanged, 33);
    const files = await sql(
      `SELECT rel FROM reg.files WHERE folder = '/registry/sf/business-rules-engine' ORDER BY rel`,
    );
    assert.deepEqual(
      files.map((f) => f.rel),
      ['SKILL.md', 'notes.md'],
    );
    rmSync(path.join(lib, 'dataraptor-patterns'), { recursive: true });
    const kept = await publish('reg', 'sf');
    assert.equal(kept.kept, 1);
    assert.equal(kept.skills, 34);
    const pruned = await publish('reg', 'sf', true);
    assert.equal(pruned.removed, 1);
    assert.equal(pruned.skills, 33);
    assert.deepEqual(
      await sql(
        `SELECT count(*)::int AS n FROM reg.files WHERE folder LIKE '%/dataraptor-patterns'`,
      ),
      [{ n: 0 }],
    );
  });

  it('shows a namespace only to a reader that sees it', async () => {
    await publish('vis', 'sf');
    const outsider = await PgIndexStore.open(url('vis'), { scope: ['other'], readOnly: true });
    const insider = await PgIndexStore.open(url('vis'), { scope: ['other', 'sf'], readOnly: true });
    try {
      const request = { terms: ['dataraptor'], prefixLast: false, limit: 10 };
      const hits = await insider.candidates('meta', request);
      assert.ok(hits.length > 0);
      assert.equal(await insider.docCount(), 33);
      assert.ok((await insider.document(hits[0]?.ref as number))?.id.startsWith('sf:'));
      assert.deepEqual(await outsider.candidates('meta', request), []);
      assert.equal(await outsider.document(hits[0]?.ref as number), undefined);
      assert.equal(await outsider.docCount(), 0);
      assert.equal(await outsider.documentFrequency('meta', 'dataraptor'), 0);
      assert.deepEqual(await outsider.documentsNamed('dataraptor-load-and-extract'), []);
      assert.deepEqual(await outsider.nearTerms('dataraptr', 2), []);
      assert.deepEqual(await outsider.semanticSources(false), []);
    } finally {
      outsider.close();
      insider.close();
    }
  });

  it('shows readers no batch of a publish until its last transaction makes it current', async () => {
    const docs = Array.from({ length: 300 }, (_, i) =>
      makeDocument(`skill-${String(i).padStart(3, '0')}`, {
        description: `Handles widget ${i}.`,
        body: `Widget ${i} in depth.`,
      }),
    );
    const contents = new Map(docs.map((d) => [d.path, { hash: d.contentHash, id: d.id }]));
    const writer = await PgIndexStore.open(url('half'), { space: 'w' });
    const reader = await PgIndexStore.open(url('half'), { scope: ['w'], readOnly: true });
    let release: () => void = () => undefined;
    const held = new Promise<void>((r) => {
      release = r;
    });
    let reached: () => void = () => undefined;
    const second = new Promise<void>((r) => {
      reached = r;
    });
    try {
      // The second batch is held in loading while the first one commits (its progress says so).
      const update = writer.apply(
        contents,
        async (p) => {
          if (p.endsWith('skill-299/SKILL.md')) await held;
          return docs.find((d) => d.path === p);
        },
        (done) => {
          if (done >= 256 && done < 300) reached();
        },
      );
      await second;
      const [{ n }] = await sql('SELECT count(*)::int AS n FROM half.docs');
      assert.ok(n >= 256, `a batch committed (${n} rows)`);
      await reader.sync();
      assert.equal(await reader.docCount(), 0);
      assert.deepEqual(
        await reader.candidates('meta', { terms: ['widget'], prefixLast: false, limit: 5 }),
        [],
      );
      release();
      assert.equal((await update).added, 300);
      await reader.sync();
      assert.equal(await reader.docCount(), 300);
    } finally {
      writer.close();
      reader.close();
    }
  });

  it('rebuilds a namespace that changed by half or more to what a first publish makes', async () => {
    const lib2 = path.join(work, 'lib2');
    cpSync(omnistudio, lib2, { recursive: true });
    await publish('rb', 'sf', true, lib2);
    // What a reader can tell of a namespace: its frequencies, statistics, partitions and answers.
    const state = async (schema: string) => {
      const registry = await openRegistry(url(schema));
      const reader = await registryService(registry, ['sf']);
      try {
        const answers = [];
        for (const q of [
          'dataraptor extract',
          'integration procedure',
          'flexcard',
          'cache strategies',
        ]) {
          const found = await reader.search(q);
          assert.ok(found.ok);
          answers.push(found.value.results.map((r) => [r.id, r.score]));
        }
        return {
          answers,
          df: await sql(`SELECT term, meta, body FROM ${schema}.df ORDER BY term COLLATE "C"`),
          stats: await sql(`SELECT tbl, rows, tokens FROM ${schema}.stats ORDER BY tbl`),
          tables: await sql(
            `SELECT c.relname AS name, EXISTS (SELECT 1 FROM pg_inherits WHERE inhrelid = c.oid) AS attached
            FROM pg_class AS c JOIN pg_namespace AS n ON n.oid = c.relnamespace
            WHERE n.nspname = $1 AND c.relkind = 'r' AND c.relname LIKE 'postings%'`,
            [schema],
          ),
        };
      } finally {
        reader.close();
        await registry.close();
      }
    };
    const oid = async () =>
      (await sql(`SELECT 'rb.postings_1'::regclass::oid::int AS oid`))[0]?.oid as number;
    const first = await oid();
    const skills = readdirSync(lib2, { withFileTypes: true }).filter((e) => e.isDirectory());
    for (const e of skills.slice(1))
      appendFileSync(path.join(lib2, e.name, 'SKILL.md'), '\nRevised for the rebuild.\n');
    rmSync(path.join(lib2, skills[0]?.name as string), { recursive: true });
    const rebuilt = await publish('rb', 'sf', true, lib2);
    assert.deepEqual([rebuilt.changed, rebuilt.removed], [33, 1]);
    await publish('fresh', 'sf', true, lib2);
    const fresh = await state('fresh');
    assert.ok(
      fresh.answers.every((a) => a.length > 0),
      JSON.stringify(fresh.answers),
    );
    assert.deepEqual(await state('rb'), fresh);
    assert.deepEqual(fresh.tables, [{ name: 'postings_1', attached: true }]);
    const second = await oid();
    assert.notEqual(second, first, 'the partition was rebuilt');
    // A small change goes row by row through the partition, to the same end.
    appendFileSync(path.join(lib2, skills[1]?.name as string, 'SKILL.md'), 'Once more.\n');
    assert.equal((await publish('rb', 'sf', true, lib2)).changed, 1);
    await publish('fresh2', 'sf', true, lib2);
    assert.deepEqual(await state('rb'), await state('fresh2'));
    assert.equal(await oid(), second);
    // And a second rebuild, where the first one's indexes are in the way of their names.
    for (const e of skills.slice(1))
      appendFileSync(path.join(lib2, e.name, 'SKILL.md'), 'And again.\n');
    assert.equal((await publish('rb', 'sf', true, lib2)).changed, 33);
    await publish('fresh3', 'sf', true, lib2);
    assert.deepEqual(await state('rb'), await state('fresh3'));
    assert.notEqual(await oid(), second);
  });

  it('leaves a namespace as it was when a rebuild dies; the next one clears what it left, readers reading on', async () => {
    const make = (tag: string) =>
      Array.from({ length: 300 }, (_, i) =>
        makeDocument(`skill-${String(i).padStart(3, '0')}`, {
          description: `Handles ${tag} widget ${i}.`,
          body: `Widget ${i} in depth, ${tag}.`,
          hash: `${tag}-${i}`,
        }),
      );
    const contents = (docs: SearchDocument[]) =>
      new Map(docs.map((d) => [d.path, { hash: d.contentHash, id: d.id }]));
    const [v1, v2] = [make('blue'), make('green')];
    const writer = await PgIndexStore.open(url('died'), { space: 'w' });
    const reader = await PgIndexStore.open(url('died'), { scope: ['w'], readOnly: true });
    const ask = async (term: string) =>
      (await reader.candidates('meta', { terms: [term], prefixLast: false, limit: 500 })).length;
    try {
      await writer.apply(contents(v1), async (p) => v1.find((d) => d.path === p));
      await assert.rejects(
        writer.apply(contents(v2), async (p) => {
          if (p.endsWith('skill-290/SKILL.md')) throw new Error('the disk went away');
          return v2.find((d) => d.path === p);
        }),
      );
      const left = await sql(`SELECT to_regclass('died.postings_1_next') IS NOT NULL AS left`);
      assert.deepEqual(left, [{ left: true }]);
      await reader.sync();
      assert.deepEqual([await ask('blue'), await ask('green')], [300, 0]);
      // Readers go on while the rebuild runs and its partition takes the old one's place: each read
      // sees one whole generation or the other.
      let done = false;
      const seen = new Set<string>();
      const reading = (async () => {
        while (!done) {
          await reader.sync();
          seen.add(`${await ask('blue')}/${await ask('green')}`);
        }
      })();
      await writer.apply(contents(v2), async (p) => v2.find((d) => d.path === p));
      done = true;
      await reading;
      assert.ok(seen.has('300/0'), [...seen].join(' '));
      for (const pair of seen) assert.ok(/^(300|0)\/(300|0)$/.test(pair), pair);
      await reader.sync();
      assert.deepEqual([await ask('blue'), await ask('green')], [0, 300]);
      assert.deepEqual(
        await sql(`SELECT to_regclass('died.postings_1_next') IS NOT NULL AS left`),
        [{ left: false }],
      );
    } finally {
      writer.close();
      reader.close();
    }
  });

  it('publishes from the command line, with --json', () => {
    const r = spawnSync(
      process.execPath,
      [
        cliPath,
        'publish',
        lib,
        '--store',
        url('cli'),
        '--namespace',
        'team-a',
        '--json',
        '--no-cache',
      ],
      { encoding: 'utf8' },
    );
    assert.equal(r.status, 0, r.stderr);
    const v = JSON.parse(r.stdout);
    assert.equal(v.namespace, 'team-a');
    assert.equal(v.added, v.skills);
    assert.ok(!r.stdout.includes('password'));
    const bad = spawnSync(
      process.execPath,
      [cliPath, 'publish', lib, '--store', url('cli'), '--namespace', 'Team A'],
      { encoding: 'utf8' },
    );
    assert.equal(bad.status, 2);
    assert.equal(bad.stderr.trim().split('\n').length <= 2, true, bad.stderr);
  });
});
