import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { SkillsetError } from '../errors.js';
import { makeDocument } from '../test-support/index-store-contract.js';
import { startTestCluster, type TestCluster } from '../test-support/postgres.js';
import type { IndexContents, SearchIndexStore } from './index-store.js';
import { PgIndexStore } from './pg-store.js';

const docs = ['pdf-forms', 'csv-cleanup', 'git-history'].map((name) =>
  makeDocument(name, {
    description: `About ${name.replace('-', ' ')}.`,
    body: `Use ${name} well.`,
  }),
);
const contents: IndexContents = new Map(
  docs.map((d) => [d.path, { hash: d.contentHash, id: d.id }]),
);
const find = async (p: string) => docs.find((d) => d.path === p);

describe('the PostgreSQL index store', () => {
  let cluster: TestCluster | undefined;
  let n = 0;
  const open = (schema = `store_${n++}`) => PgIndexStore.open(`${cluster?.url}?schema=${schema}`);
  before(async () => {
    cluster = await startTestCluster();
  });
  after(async () => {
    await cluster?.stop();
  });

  it('shows readers nothing of an update until it commits, then all of it', async () => {
    const schema = `store_${n++}`;
    const [writer, reader] = [await open(schema), await open(schema)];
    try {
      let release: () => void = () => undefined;
      const held = new Promise<void>((r) => {
        release = r;
      });
      let loading: () => void = () => undefined;
      const started = new Promise<void>((r) => {
        loading = r;
      });
      const update = writer.apply(contents, async (p) => {
        loading();
        await held;
        return find(p);
      });
      await started;
      await reader.sync();
      assert.equal(await reader.docCount(), 0);
      assert.equal(await reader.contentVersion(), '');
      release();
      assert.deepEqual(await update, { added: 3, changed: 0, removed: 0, unchanged: 0 });
      await reader.sync();
      assert.equal(await reader.docCount(), 3);
      assert.equal((await reader.documentsNamed('csv-cleanup'))[0]?.id, 'csv-cleanup');
    } finally {
      writer.close();
      reader.close();
    }
  });

  it('lets two processes update one index at once: the second finds the work done', async () => {
    const schema = `store_${n++}`;
    const stores: SearchIndexStore[] = [await open(schema), await open(schema)];
    try {
      const stats = await Promise.all(stores.map((s) => s.apply(contents, find)));
      assert.deepEqual(stats.map((s) => s.added).sort(), [0, 3]);
      for (const s of stores) assert.equal(await s.docCount(), 3);
    } finally {
      for (const s of stores) s.close();
    }
  });

  it('keeps indexes in separate schemas of one database apart', async () => {
    const [a, b] = [await open(), await open()];
    try {
      await a.apply(contents, find);
      assert.equal(await a.docCount(), 3);
      assert.equal(await b.docCount(), 0);
    } finally {
      a.close();
      b.close();
    }
  });

  it('leaves a schema holding tables that are not its own untouched', async () => {
    const client = new pg.Client({ connectionString: cluster?.url });
    await client.connect();
    try {
      await client.query('CREATE SCHEMA theirs; CREATE TABLE theirs.orders(id int)');
    } finally {
      await client.end();
    }
    await assert.rejects(
      open('theirs'),
      (e) => e instanceof SkillsetError && e.code === 'index/foreign',
    );
  });

  it('answers a server that went away with index/store-unavailable, in one line', async () => {
    const own = await startTestCluster();
    const store = await PgIndexStore.open(`${own.url}?schema=gone`);
    try {
      await store.apply(contents, find);
      await own.stop();
      await assert.rejects(
        store.candidates('meta', { terms: ['pdf'], prefixLast: false, limit: 5 }),
        (e) =>
          e instanceof SkillsetError &&
          e.code === 'index/store-unavailable' &&
          !e.message.includes('\n'),
      );
    } finally {
      store.close();
    }
  });

  it('refuses a schema name that is not a plain name, and any read once closed', async () => {
    await assert.rejects(open('x"; DROP'), (e) => e instanceof SkillsetError);
    const store = await open();
    store.close();
    await assert.rejects(store.docCount(), /closed/);
  });
});
