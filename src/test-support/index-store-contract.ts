// The contract every SearchIndexStore must meet: one shared suite, run against each implementation.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { indexBody, type SearchDocument } from '../search/document.js';
import type { IndexContents, SearchIndexStore } from '../search/index-store.js';
import { tokenize } from '../search/tokenize.js';
import { semanticStorage } from './index-store-semantic.js';

/** A search document built from plain text, as toDocument would build it. */
export function makeDocument(
  name: string,
  text: { description: string; body: string; hash?: string; id?: string; mentions?: string[] },
): SearchDocument {
  return {
    id: text.id ?? name,
    name,
    path: `/lib/${text.id ?? name}/SKILL.md`,
    contentHash: text.hash ?? `hash-${name}`,
    description: text.description,
    fields: {
      name: tokenize(name.replace(/-/g, ' ')),
      description: tokenize(text.description),
      triggers: [],
      tags: [],
      headings: [],
    },
    ...indexBody([tokenize(text.body)]),
    notFor: [],
    triggerPhrases: [],
    mentions: text.mentions ?? [],
  };
}

const library: SearchDocument[] = [
  makeDocument('pdf-forms', {
    description: 'Fill PDF forms and extract their fields.',
    body: 'Open the PDF. Read each form field. PDF PDF.',
  }),
  makeDocument('csv-cleanup', {
    description: 'Clean messy CSV files.',
    body: 'Trim columns, fix quotes. See pdf-forms for PDFs.',
    mentions: ['pdf-forms'],
  }),
  makeDocument('git-history', {
    description: 'Rewrite git history safely.',
    body: 'Rebase, squash and reword commits. Mentions pdf-forms too.',
    mentions: ['pdf-forms'],
  }),
  makeDocument('csv-cleanup', {
    id: 'copies:csv-cleanup',
    description: 'Clean messy CSV files (a copy).',
    body: 'Another copy, which also points at pdf-forms.',
    mentions: ['pdf-forms'],
  }),
];

const contents = (docs: readonly SearchDocument[]): IndexContents =>
  new Map(docs.map((d) => [d.path, { hash: d.contentHash, id: d.id }]));

const loader = (docs: readonly SearchDocument[]) => async (p: string) =>
  docs.find((d) => d.path === p);

/** What each part of the contract is given: a fresh store, a filled one, and a skill's ref in it. */
interface Stores {
  open: () => SearchIndexStore | Promise<SearchIndexStore>;
  filled: () => Promise<SearchIndexStore>;
  refOf: (store: SearchIndexStore, id: string) => Promise<number>;
}

/** Run the contract against a fresh, empty store from `open`. */
export function indexStoreContract(
  name: string,
  open: () => SearchIndexStore | Promise<SearchIndexStore>,
): void {
  const filled = async (): Promise<SearchIndexStore> => {
    const store = await open();
    await store.apply(contents(library), loader(library));
    return store;
  };
  const refOf = async (store: SearchIndexStore, id: string): Promise<number> => {
    const hits = await store.candidates('meta', {
      terms: tokenize(id.replace(/.*:/, '').replace(/-/g, ' ')),
      prefixLast: false,
      limit: 50,
    });
    for (const h of hits) if ((await store.document(h.ref))?.id === id) return h.ref;
    assert.fail(id);
  };
  describe(`SearchIndexStore contract: ${name}`, () => {
    const stores = { open, filled, refOf };
    writes(stores);
    reads(stores);
    counts(stores);
    semanticStorage(filled, library, (store, docs) => store.apply(contents(docs), loader(docs)));
  });
}

/** The writes: documents added, kept, changed and removed by content hash. */
function writes({ open, filled, refOf }: Stores): void {
  it('adds, keeps, changes and removes documents by content hash', async () => {
    const store = await open();
    try {
      assert.deepEqual(await store.apply(contents(library), loader(library)), {
        added: 4,
        changed: 0,
        removed: 0,
        unchanged: 0,
      });
      assert.equal(await store.docCount(), 4);
      assert.deepEqual(await store.apply(contents(library), loader(library)), {
        added: 0,
        changed: 0,
        removed: 0,
        unchanged: 4,
      });
      const edited = [
        {
          ...(library[0] as SearchDocument),
          contentHash: 'new',
          description: 'Now about invoices.',
        },
        ...library.slice(1, 3),
      ];
      edited[0] = {
        ...(edited[0] as SearchDocument),
        fields: {
          ...(edited[0] as SearchDocument).fields,
          description: tokenize('Now about invoices.'),
        },
      };
      const stats = await store.apply(contents(edited), loader(edited));
      assert.deepEqual(stats, { added: 0, changed: 1, removed: 1, unchanged: 2 });
      assert.equal(await store.docCount(), 3);
      const doc = await store.document(await refOf(store, 'pdf-forms'));
      assert.equal(doc?.description, 'Now about invoices.');
    } finally {
      store.close();
    }
  });

  it('answers the same after a sync, and sees no change from outside its own writes', async () => {
    const store = await filled();
    try {
      const before = await store.candidates('meta', {
        terms: ['csv'],
        prefixLast: false,
        limit: 5,
      });
      await store.sync();
      assert.deepEqual(
        await store.candidates('meta', { terms: ['csv'], prefixLast: false, limit: 5 }),
        before,
      );
      assert.equal(await store.docCount(), library.length);
      assert.equal(store.changedOutside(), false);
    } finally {
      store.close();
    }
  });
}

/** The reads: candidates, documents, copies by name. */
function reads({ filled, refOf }: Stores): void {
  it('returns BM25 candidates best first, within the limit, for any term text', async () => {
    const store = await filled();
    try {
      const hits = await store.candidates('body', {
        terms: ['pdf'],
        prefixLast: false,
        limit: 10,
      });
      assert.ok(hits.length >= 2);
      for (let i = 1; i < hits.length; i++)
        assert.ok((hits[i - 1] as { score: number }).score >= (hits[i] as { score: number }).score);
      assert.equal((await store.document((hits[0] as { ref: number }).ref))?.name, 'pdf-forms');
      assert.equal(
        (await store.candidates('meta', { terms: ['csv', 'git'], prefixLast: false, limit: 1 }))
          .length,
        1,
      );
      assert.deepEqual(
        await store.candidates('meta', { terms: [], prefixLast: true, limit: 5 }),
        [],
      );
      for (const t of ['"', 'OR', 'a*', 'NEAR(x', 'col:x', '🙂', '*'])
        assert.ok(
          Array.isArray(await store.candidates('meta', { terms: [t], prefixLast: true, limit: 5 })),
          t,
        );
      const prefix = await store.candidates('meta', {
        terms: ['histor'],
        prefixLast: true,
        limit: 5,
      });
      assert.equal((await store.document((prefix[0] as { ref: number }).ref))?.name, 'git-history');
    } finally {
      store.close();
    }
  });

  it('reads documents back whole, and answers undefined for an unknown key', async () => {
    const store = await filled();
    try {
      const doc = await store.document(await refOf(store, 'csv-cleanup'));
      assert.equal(doc?.path, '/lib/csv-cleanup/SKILL.md');
      assert.deepEqual(doc?.fields.description, tokenize('Clean messy CSV files.'));
      assert.equal(await store.document(987_654), undefined);
    } finally {
      store.close();
    }
  });

  it('finds every copy of a name, ordered by id', async () => {
    const store = await filled();
    try {
      assert.deepEqual(
        (await store.documentsNamed('csv-cleanup')).map((d) => d.id),
        ['copies:csv-cleanup', 'csv-cleanup'],
      );
      assert.deepEqual(await store.documentsNamed('CSV-Cleanup'), []);
      assert.deepEqual(await store.documentsNamed('no-such-skill'), []);
    } finally {
      store.close();
    }
  });
}

/** The counts: document frequency, body terms and lengths, inbound mentions. */
function counts({ filled, refOf }: Stores): void {
  it('counts document frequency per table', async () => {
    const store = await filled();
    try {
      assert.equal(await store.documentFrequency('meta', 'csv'), 2);
      assert.equal(await store.documentFrequency('body', 'rebas'), 1);
      assert.equal(await store.documentFrequency('meta', 'nosuchterm'), 0);
    } finally {
      store.close();
    }
  });

  it('counts body terms and knows body lengths', async () => {
    const store = await filled();
    try {
      const ref = await refOf(store, 'pdf-forms');
      const { counts, length } = await store.bodyCounts(ref, ['pdf', 'form', 'absent']);
      assert.equal(counts.get('pdf'), 3);
      assert.equal(counts.get('form'), 1);
      assert.equal(counts.has('absent'), false);
      assert.equal(length, library[0]?.bodyLength);
      assert.equal(length, 7);
      assert.ok((await store.averageBodyLength()) > 0);
    } finally {
      store.close();
    }
  });

  it('counts inbound mentions by distinct name: copies of a skill count once', async () => {
    const store = await filled();
    try {
      assert.equal((await store.document(await refOf(store, 'pdf-forms')))?.inbound, 2);
      assert.equal((await store.document(await refOf(store, 'git-history')))?.inbound, 0);
    } finally {
      store.close();
    }
  });
}
