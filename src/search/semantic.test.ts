import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import BetterSqlite3 from 'better-sqlite3';
import { readSkillBody } from '../discover/body.js';
import { discoverSkills } from '../discover/discover.js';
import { corporaDir } from '../test-support/paths.js';
import { tempFolders } from '../test-support/temp.js';
import { cosineAt, type DenseVectors, nearest } from './dense.js';
import { type SearchDocument, toDocument } from './document.js';
import type { IndexContents } from './index-store.js';
import { DEFAULT_RANK } from './rank-settings.js';
import { openSkillIndex } from './search.js';
import { type ModelProvider, SemanticPass, termModelFor } from './semantic.js';
import { isUnreadable } from './sqlite-errors.js';
import { SqliteIndexStore } from './sqlite-store.js';
import { tokenize } from './tokenize.js';

const root = path.join(corporaDir, 'wshobson-agents');
const catalog = await discoverSkills({
  roots: [{ path: root, scope: 'additional', recursive: true }],
  cacheDir: false,
});
// Enough skills for a space worth the name; learning on all of them would only slow the tests down.
const docs: SearchDocument[] = [];
for (const s of catalog.skills.slice(0, 80))
  docs.push(toDocument(s, (await readSkillBody(s)).body));
const temp = tempFolders('skillset-semantic-');

const contents = (ds: readonly SearchDocument[]): IndexContents =>
  new Map(ds.map((d) => [d.path, { hash: d.contentHash, id: d.id }]));
const filled = async (file: string, ds = docs): Promise<SqliteIndexStore> => {
  const store = SqliteIndexStore.open(file);
  await store.apply(contents(ds), async (p) => ds.find((d) => d.path === p));
  return store;
};

/** termModelFor, telling how many skills each call embeds. */
function counting(embedded: number[]): ModelProvider {
  return async (store, sources, keep) => {
    const m = await termModelFor(store, sources, keep);
    const inner = m.model;
    return {
      ...m,
      model: {
        ...inner,
        embedSkills: async (s) => {
          embedded.push(s.length);
          return inner.embedSkills(s);
        },
      },
    };
  };
}

const sum = (ns: readonly number[]): number => ns.reduce((a, b) => a + b, 0);

/** `doc` with another description (and so another content hash). */
const edited = (doc: SearchDocument, n: number): SearchDocument => ({
  ...doc,
  contentHash: `${doc.contentHash}-edit-${n}`,
  fields: { ...doc.fields, description: tokenize(`rewritten description number ${n}`) },
});

describe('the semantic pass', () => {
  it('learns the term space once, keeps it and every skill’s vector in the index, and reads them back', async () => {
    const file = path.join(temp(), 'index.db');
    const first: number[] = [];
    const store = await filled(file);
    const made = await new SemanticPass({ providers: [counting(first)] }).ready(store);
    assert.equal(made.made?.learned, true);
    assert.equal(sum(first), docs.length);
    store.close();
    // Another process's connection: nothing learned, nothing embedded, the same bytes.
    const again: number[] = [];
    const other = SqliteIndexStore.open(file);
    const read = await new SemanticPass({ providers: [counting(again)] }).ready(other);
    assert.equal(read.made?.learned, false);
    assert.deepEqual(again, []);
    assert.deepEqual(read.made?.models, made.made?.models);
    assert.deepEqual(
      Buffer.from((read.sets[0] as DenseVectors).vectors.buffer),
      Buffer.from((made.sets[0] as DenseVectors).vectors.buffer),
    );
    other.close();
  });

  it('re-embeds only a changed skill and keeps the space; relearns once much of the library changed', async () => {
    const embedded: number[] = [];
    const pass = new SemanticPass({ providers: [counting(embedded)] });
    const store = await filled(':memory:');
    const before = await pass.ready(store);
    const one = docs.map((d, i) => (i === 0 ? edited(d, 1) : d));
    await store.apply(contents(one), async (p) => one.find((d) => d.path === p));
    assert.equal(sum(embedded), docs.length);
    embedded.length = 0;
    const after = await pass.ready(store);
    assert.deepEqual(embedded, [1]);
    assert.equal(after.made?.learned, false);
    assert.deepEqual(after.made?.models, before.made?.models);
    // Unchanged contents: ready as it was, nothing made.
    assert.equal((await pass.ready(store)).made, undefined);
    const many = docs.map((d, i) => (i % 4 === 0 ? edited(d, 2) : d));
    await store.apply(contents(many), async (p) => many.find((d) => d.path === p));
    const relearned = await pass.ready(store);
    assert.equal(relearned.made?.learned, true);
    assert.notDeepEqual(relearned.made?.models, before.made?.models);
    store.close();
  });

  it('embeds again a skill whose kept vector is damaged, and learns again over a damaged space', async () => {
    const embedded: number[] = [];
    const store = await filled(':memory:');
    const first = await new SemanticPass({ providers: [counting(embedded)] }).ready(store);
    store.db.exec(
      "UPDATE vectors SET vec = x'0102030405' WHERE hash = (SELECT min(hash) FROM vectors)",
    );
    // A vector of the right size whose numbers are not numbers.
    const nan = Buffer.from(
      new Float32Array(first.sets[0]?.model.dimensions ?? 0).fill(Number.NaN).buffer,
    );
    store.db
      .prepare('UPDATE vectors SET vec = ? WHERE hash = (SELECT max(hash) FROM vectors)')
      .run(nan);
    store.db.exec("UPDATE models SET data = x'00'");
    embedded.length = 0;
    const again = await new SemanticPass({ providers: [counting(embedded)] }).ready(store);
    assert.equal(again.made?.learned, true);
    assert.deepEqual(again.made?.models, first.made?.models);
    assert.equal(sum(embedded), 2);
    store.close();
  });

  it('finds a stored document that does not parse to be damage to the index, as a query does', async () => {
    const store = await filled(':memory:');
    store.db.exec("UPDATE docs SET fields = '{bad' WHERE rowid = (SELECT min(rowid) FROM docs)");
    await assert.rejects(new SemanticPass().ready(store), (e) => isUnreadable(e));
    store.close();
  });

  it('answers from memory with a warning when the index refuses writes', async () => {
    const store = await filled(':memory:');
    store.db.pragma('query_only = ON');
    const warnings: string[] = [];
    const dense = await new SemanticPass({ warn: (_code, m) => warnings.push(m) }).ready(store);
    assert.equal(dense.sets[0]?.refs.length, docs.length);
    assert.equal(warnings.length, 2);
    assert.match(warnings[0] as string, /term space could not be kept in the index/);
    assert.match(warnings[1] as string, /vectors could not be kept in the index/);
    store.close();
  });

  it('skips keeping what it made while another process holds the write lock', async () => {
    const file = path.join(temp(), 'index.db');
    (await filled(file)).close();
    const other = new BetterSqlite3(file);
    other.exec('BEGIN IMMEDIATE');
    const store = SqliteIndexStore.open(file);
    const warnings: string[] = [];
    const dense = await new SemanticPass({ warn: (_code, m) => warnings.push(m) }).ready(store);
    other.exec('COMMIT');
    other.close();
    assert.equal(dense.sets[0]?.refs.length, docs.length);
    assert.deepEqual(warnings, []);
    assert.equal((await store.storedVectors(dense.made?.models[0] as string)).size, 0);
    store.close();
  });
});

describe('the nearest skills', () => {
  it('are the best k of a full sort, ties by ref, over two models', async () => {
    const store = await filled(':memory:');
    const { sets } = await new SemanticPass().ready(store);
    const terms = sets[0] as DenseVectors;
    // A second "model": the same vectors reversed, so the mean differs from either.
    const reversed: DenseVectors = {
      ...terms,
      vectors: Float32Array.from(terms.vectors).reverse(),
    };
    const both = [terms, reversed];
    const qs = [
      terms.vectors.slice(0, terms.model.dimensions),
      reversed.vectors.slice(0, terms.model.dimensions),
    ];
    const all = [...terms.refs]
      .map((ref) => ({ ref, cosine: cosineAt(both, qs, ref) }))
      .filter((n) => n.cosine > 0)
      .sort((a, b) => b.cosine - a.cosine || a.ref - b.ref);
    for (const k of [1, 7, 50, 1000]) assert.deepEqual(nearest(both, qs, k), all.slice(0, k));
    store.close();
  });
});

describe('search with the semantic pass', async () => {
  // The learned term model over the whole library; the sentence encoder has a test of its own
  // below, on fewer skills (it takes about 20 ms a skill).
  const semantic = { ...DEFAULT_RANK, semantic: true, semanticModels: ['terms' as const] };
  const index = await openSkillIndex({ catalog, rank: semantic });

  it('gives the same answer, byte for byte, from a fresh index', async () => {
    const fresh = await openSkillIndex({ catalog, rank: semantic });
    for (const q of [
      'set up pytest fixtures',
      'my api is slow under load',
      'kubernetes helm chart',
    ])
      assert.equal(JSON.stringify(await fresh.search(q)), JSON.stringify(await index.search(q)));
    fresh.close();
  });

  it('explains each score by its lexical score and its cosine', async () => {
    const r = await index.search('my api is slow under load');
    assert.notEqual(r.coverage, 'none');
    for (const s of r.results) {
      assert.equal(typeof s.explain.semantic?.cosine, 'number');
      assert.ok(s.score <= 1 + 1e-9);
    }
  });

  it('still answers nonsense with none and no results', async () => {
    const r = await index.search('photosynthesis chlorophyll xylophone');
    assert.equal(r.coverage, 'none');
    assert.deepEqual(r.results, []);
  });

  it('still finds each skill first by its name', async () => {
    const names = [...new Set(catalog.skills.map((s) => s.name))];
    let first = 0;
    for (const n of names) if ((await index.search(n)).results[0]?.name === n) first++;
    assert.ok(first / names.length >= 0.99, `${first} of ${names.length}`);
  });
});

describe('search with the sentence encoder', () => {
  it('keeps its vectors, and answers the same, byte for byte, from another process’s file', async () => {
    const few = { skills: catalog.skills.slice(0, 30) };
    const file = path.join(temp(), 'index.db');
    const rank = {
      ...DEFAULT_RANK,
      semantic: true,
      semanticModels: ['terms' as const, 'use' as const],
    };
    const first = await openSkillIndex({ catalog: few, indexFile: file, rank });
    const second = await openSkillIndex({ catalog: few, indexFile: file, rank });
    assert.deepEqual(first.diagnostics, []);
    for (const q of ['write better tests', 'my api is slow under load'])
      assert.equal(JSON.stringify(await second.search(q)), JSON.stringify(await first.search(q)));
    first.close();
    second.close();
    const store = SqliteIndexStore.open(file);
    const models = [
      ...new Set(
        (store.db.prepare('SELECT model FROM vectors').all() as Array<{ model: string }>).map(
          (r) => r.model,
        ),
      ),
    ].sort();
    assert.equal(models.length, 2);
    assert.match(models[1] as string, /^use-lite-512-/);
    store.close();
  });
});
