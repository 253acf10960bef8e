import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { makeDocument } from '../test-support/index-store-contract.js';
import { type CandidateSource, gatherCandidates, lexicalSource } from './candidates.js';
import type { SearchDocument } from './document.js';
import { prepareQuery } from './query.js';
import { DEFAULT_RANK } from './rank-settings.js';
import { openIndexStore } from './store-factory.js';

const docs: SearchDocument[] = [
  makeDocument('pdf-forms', { description: 'Fill PDF forms.', body: 'Read each form field.' }),
  makeDocument('git-history', { description: 'Rewrite git history.', body: 'Rebase commits.' }),
];

describe('candidate sources', () => {
  it('gather the union of every source, in order: a second source is one more entry', async () => {
    const { store } = await openIndexStore(':memory:');
    try {
      await store.apply(
        new Map(docs.map((d) => [d.path, { hash: d.contentHash, id: d.id }])),
        async (p) => docs.find((d) => d.path === p),
      );
      const query = await prepareQuery('pdf forms', store, DEFAULT_RANK);
      const lexical = await gatherCandidates(store, query, DEFAULT_RANK);
      assert.deepEqual(
        lexical.map((c) => c.doc.name),
        ['pdf-forms'],
      );
      assert.ok((lexical[0]?.meta ?? 0) > 0);
      // A source of its own finds what the words do not (as dense vectors would).
      const everything: CandidateSource = {
        name: 'every-document',
        async gather(s, _q, _settings, pool) {
          for (const d of docs) {
            const [hit] = await s.candidates('meta', {
              terms: [d.fields.name[0] as string],
              prefixLast: false,
              limit: 1,
            });
            if (hit) await pool.add(hit.ref);
          }
        },
      };
      const both = await gatherCandidates(store, query, DEFAULT_RANK, [lexicalSource, everything]);
      assert.deepEqual(
        both.map((c) => [c.doc.name, c.meta > 0]),
        [
          ['pdf-forms', true],
          ['git-history', false],
        ],
      );
    } finally {
      store.close();
    }
  });
});
