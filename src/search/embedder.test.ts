import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { readSkillBody } from '../discover/body.js';
import { discoverSkills } from '../discover/discover.js';
import { corporaDir } from '../test-support/paths.js';
import { type SearchDocument, toDocument } from './document.js';
import { decodeTermModel, learnTermEmbedder, sourceOf, termContexts } from './embedder.js';
import { learnTermSpace } from './term-space.js';

const root = path.join(corporaDir, 'wshobson-agents');
const { skills } = await discoverSkills({
  roots: [{ path: root, scope: 'additional', recursive: true }],
});
const docs: SearchDocument[] = [];
for (const s of skills) docs.push(toDocument(s, (await readSkillBody(s)).body));
const embedder = learnTermEmbedder(docs, { dimensions: 64 });

const cosine = (a: Float32Array, b: Float32Array): number => {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += (a[i] as number) * (b[i] as number);
  return s;
};

describe('the model-free embedder', () => {
  it('learns from each skill’s metadata and each body section', () => {
    const sections = docs.reduce(
      (n, d) => n + d.body.split('\n').filter((l) => l !== '').length,
      0,
    );
    assert.equal(termContexts(docs.map((d) => sourceOf(d))).length, docs.length + sections);
  });

  it('learns the same space from the contexts as an array and as a function read twice', () => {
    const contexts = termContexts(docs.map((d) => sourceOf(d)));
    let reads = 0;
    const streamed = learnTermSpace(
      () => {
        reads++;
        return contexts;
      },
      { dimensions: 32 },
    );
    const held = learnTermSpace(contexts, { dimensions: 32 });
    assert.equal(reads, 2);
    assert.deepEqual([...streamed.terms], [...held.terms]);
    assert.deepEqual(Buffer.from(streamed.vectors.buffer), Buffer.from(held.vectors.buffer));
  });

  it('gives the same id and the same vectors, byte for byte, from the same documents', async () => {
    const again = learnTermEmbedder(docs, { dimensions: 64 });
    assert.equal(again.id, embedder.id);
    const texts = ['set up pytest fixtures for a database connection', 'kubernetes helm chart'];
    const [a, b] = [await embedder.embed(texts), await again.embed(texts)];
    for (let i = 0; i < texts.length; i++)
      assert.deepEqual(
        Buffer.from((a[i] as Float32Array).buffer),
        Buffer.from((b[i] as Float32Array).buffer),
      );
  });

  it('names its weighting and size in its id, and a different weighting gives a different id', () => {
    assert.match(embedder.id, /^terms-ppmi-64-[0-9a-f]{16}$/);
    assert.match(
      learnTermEmbedder(docs, { dimensions: 64, weighting: 'tfidf' }).id,
      /^terms-tfidf-64-/,
    );
  });

  it('reads back what it encodes, and reads no space from bytes cut short or holding a float that is not a number', async () => {
    const bytes = embedder.encode();
    assert.equal(decodeTermModel(bytes)?.id, embedder.id);
    assert.equal(decodeTermModel(bytes.subarray(0, bytes.length - 4)), undefined);
    const damaged = new Uint8Array(bytes);
    // The last float (an IDF) made NaN.
    new DataView(damaged.buffer).setFloat32(damaged.length - 4, Number.NaN, true);
    assert.equal(decodeTermModel(damaged), undefined);
  });

  it('gives unit vectors of its size, and zeros for a text it knows no word of', async () => {
    const [known, unknown] = await embedder.embed(['python tests', 'zzqx wvvq']);
    assert.equal(embedder.dimensions, 64);
    assert.equal(known?.length, 64);
    assert.ok(Math.abs(cosine(known as Float32Array, known as Float32Array) - 1) < 1e-5);
    assert.ok(unknown?.every((x) => x === 0));
  });

  it('puts the text of a skill’s own topic nearer to it than another topic', async () => {
    const [pytest, fixtures, helm] = await embedder.embed([
      'pytest',
      'fixture conftest',
      'helm chart',
    ]);
    assert.ok(
      cosine(pytest as Float32Array, fixtures as Float32Array) >
        cosine(pytest as Float32Array, helm as Float32Array),
    );
  });
});
