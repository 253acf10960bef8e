import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { makeDocument } from '../test-support/index-store-contract.js';
import { startTestCluster, type TestCluster } from '../test-support/postgres.js';
import type { IndexContents } from './index-store.js';
import { prefixEnd } from './pg-lists.js';
import { PgIndexStore } from './pg-store.js';

describe('posting lists of the PostgreSQL index', () => {
  it('bounds a prefix from above in byte order, past the last code point', () => {
    assert.equal(prefixEnd('wid'), 'wie');
    assert.equal(prefixEnd('caf\u00e9'), 'caf\u00ea');
    assert.equal(prefixEnd('a\u{10ffff}'), 'b');
    assert.equal(prefixEnd('\ud7ff'), '\ue000');
    for (const p of ['wid', 'caf\u00e9', 'a\u{10ffff}', '\u{1f600}x'])
      for (const term of [p, `${p}get`, `${p}\u{10ffff}`])
        assert.ok(Buffer.compare(Buffer.from(term), Buffer.from(prefixEnd(p))) < 0, term);
  });

  let cluster: TestCluster | undefined;
  before(async () => {
    cluster = await startTestCluster();
  });
  after(async () => {
    await cluster?.stop();
  });

  const library = (bodies: Record<string, string>) => {
    const docs = Object.entries(bodies).map(([name, body]) =>
      makeDocument(name, { description: `About ${name}.`, body, hash: `${name}:${body}` }),
    );
    const contents: IndexContents = new Map(
      docs.map((d) => [d.path, { hash: d.contentHash, id: d.id }]),
    );
    return { contents, load: async (p: string) => docs.find((d) => d.path === p) };
  };
  const body = { terms: ['widget'], prefixLast: false, limit: 10 };
  const prefix = { terms: ['widg'], prefixLast: true, limit: 10 };

  it('reads a new generation’s lists after a publish, never the ones kept before it', async () => {
    const url = `${cluster?.url}?schema=lists`;
    const writer = await PgIndexStore.open(url, { space: 'w' });
    const reader = await PgIndexStore.open(url, { scope: ['w'], readOnly: true });
    try {
      const first = library({
        alpha: 'A widget here.',
        beta: 'No such thing.',
        gamma: 'Widgetry.',
      });
      await writer.apply(first.contents, first.load);
      await reader.sync();
      const names = async (request: typeof body) =>
        Promise.all(
          (await reader.candidates('body', request)).map(
            async (h) => (await reader.document(h.ref))?.name,
          ),
        );
      assert.deepEqual(await names(body), ['alpha']);
      assert.deepEqual((await names(prefix)).sort(), ['alpha', 'gamma']);
      // A second generation: alpha loses the word, beta gains it, gamma goes.
      const second = library({ alpha: 'Nothing here.', beta: 'A widget now.' });
      await writer.apply(second.contents, second.load);
      await reader.sync();
      assert.deepEqual(await names(body), ['beta']);
      assert.deepEqual(await names(prefix), ['beta']);
      assert.equal(await reader.docCount(), 2);
    } finally {
      writer.close();
      reader.close();
    }
  });
});
