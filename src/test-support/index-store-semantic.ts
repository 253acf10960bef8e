// The SearchIndexStore contract's part for the semantic pass (index-store-contract.ts runs it).

import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { SearchDocument } from '../search/document.js';
import type { SearchIndexStore } from '../search/index-store.js';

/** What the semantic pass keeps: vectors by model and content hash, a learned model, the content version. */
export function semanticStorage(
  filled: () => Promise<SearchIndexStore>,
  library: readonly SearchDocument[],
  apply: (store: SearchIndexStore, docs: readonly SearchDocument[]) => Promise<unknown>,
): void {
  it('gives every skill’s semantic source, with bodies only when asked', async () => {
    const store = await filled();
    try {
      const lean = await store.semanticSources(false);
      const full = await store.semanticSources(true);
      assert.equal(lean.length, 4);
      assert.deepEqual(lean.map((s) => s.hash).sort(), library.map((d) => d.contentHash).sort());
      assert.ok(lean.every((s) => s.body === undefined && s.meta.length > 0));
      const pdf = full.find((s) => s.hash === 'hash-pdf-forms');
      assert.ok(pdf?.body?.includes('pdf'));
      assert.deepEqual(pdf?.meta.slice(0, 2), ['pdf', 'form']);
    } finally {
      store.close();
    }
  });

  it('keeps vectors by model and content hash, and drops those of gone contents and of an older model of the family', async () => {
    const store = await filled();
    try {
      const v = Float32Array.from([0.6, 0.8]);
      assert.equal(await store.saveVectors('terms-a', new Map([['hash-pdf-forms', v]])), true);
      assert.deepEqual(
        [...((await store.storedVectors('terms-a')).get('hash-pdf-forms') ?? [])],
        [...v],
      );
      await store.saveVectors(
        'use-1',
        new Map([
          ['hash-git-history', v],
          ['gone', v],
        ]),
      );
      // Another family's vectors stay (another process may use that model).
      assert.equal((await store.storedVectors('terms-a')).size, 1);
      assert.deepEqual([...(await store.storedVectors('use-1')).keys()], ['hash-git-history']);
      // A newer model of a family replaces the older one's vectors.
      await store.saveVectors('terms-b', new Map([['hash-csv-cleanup', v]]));
      assert.equal((await store.storedVectors('terms-a')).size, 0);
      assert.equal((await store.storedVectors('use-1')).size, 1);
    } finally {
      store.close();
    }
  });

  it('keeps a learned model, and names its contents by a version that changes with them', async () => {
    const store = await filled();
    try {
      assert.equal(await store.learnedModel('terms'), undefined);
      const data = Uint8Array.from([1, 2, 3]);
      await store.saveLearnedModel('terms', { from: ['a', 'b'], data });
      const kept = await store.learnedModel('terms');
      assert.deepEqual(kept?.from, ['a', 'b']);
      assert.deepEqual([...(kept?.data ?? [])], [1, 2, 3]);
      const before = await store.contentVersion();
      assert.notEqual(before, '');
      const fewer = library.slice(1);
      await apply(store, fewer);
      assert.notEqual(await store.contentVersion(), before);
    } finally {
      store.close();
    }
  });
}
