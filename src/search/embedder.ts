// Word meaning for the semantic pass: an Embedder turns texts into vectors of one size. The
// model-free one learns term associations from the library's own text (term-space.ts).

import { createHash } from 'node:crypto';
import type { SearchDocument } from './document.js';
import { embedTerms, learnTermSpace, type TermSpace, type TermSpaceOptions } from './term-space.js';
import { tokenize } from './tokenize.js';

/** Turns texts into vectors of one size, for the semantic pass. */
export interface Embedder {
  /**
   * Names the model and everything its vectors depend on: vectors are cached under it, and vectors
   * with different ids are never compared.
   */
  readonly id: string;
  /** The length of every vector. */
  readonly dimensions: number;
  /** One vector per text, in order, of unit length (all zeros for a text it can say nothing about). */
  embed(texts: readonly string[]): Promise<Float32Array[]>;
}

/**
 * The contexts terms are learned from, as the index tokenised them: each skill's metadata (name,
 * description, triggers and when_to_use) and each of its body sections.
 */
export function termContexts(docs: readonly SearchDocument[]): string[][] {
  return [...eachTermContext(docs)];
}

/** The contexts of termContexts, one at a time: learning reads them twice and never holds them all. */
function* eachTermContext(docs: readonly SearchDocument[]): Generator<string[]> {
  for (const d of docs) {
    yield [...d.fields.name, ...d.fields.description, ...d.fields.triggers];
    for (const line of d.body.split('\n')) if (line !== '') yield line.split(' ');
  }
}

/** A short fingerprint of a term space: two spaces with the same one give the same vectors. */
function fingerprint(space: TermSpace): string {
  const h = createHash('sha256');
  h.update(String(space.dimensions));
  for (const t of space.terms.keys()) h.update(`${t}\n`);
  h.update(Buffer.from(space.vectors.buffer, space.vectors.byteOffset, space.vectors.byteLength));
  h.update(Buffer.from(space.idf.buffer, space.idf.byteOffset, space.idf.byteLength));
  return h.digest('hex').slice(0, 16);
}

/**
 * The model-free embedder: term associations (PPMI, or TF-IDF, then a truncated SVD) learned from a
 * library's search documents. A text's vector is the IDF-weighted sum of its terms' vectors. The
 * same documents give the same vectors, byte for byte.
 */
export function learnTermEmbedder(
  docs: readonly SearchDocument[],
  options: TermSpaceOptions = {},
): Embedder {
  const weighting = options.weighting ?? 'ppmi';
  const space = learnTermSpace(() => eachTermContext(docs), { ...options, weighting });
  return {
    id: `terms-${weighting}-${space.dimensions}-${fingerprint(space)}`,
    dimensions: space.dimensions,
    embed: async (texts) => texts.map((t) => embedTerms(space, tokenize(t))),
  };
}
