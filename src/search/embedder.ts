// Word meaning for the semantic pass: a SemanticModel gives skills and queries vectors of one size.
// The model-free one learns term associations from the library's own text (term-space.ts).

import { createHash } from 'node:crypto';
import type { SearchDocument } from './document.js';
import type { SemanticSource } from './index-store.js';
import {
  decodeTermSpace,
  embedTerms,
  encodeTermSpace,
  learnTermSpace,
  type TermSpace,
  type TermSpaceOptions,
} from './term-space.js';
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

/** What the semantic pass asks of a model: vectors for skills, as the index holds them, and for queries. */
export interface SemanticModel {
  /** As Embedder.id: vectors are kept under it. */
  readonly id: string;
  readonly dimensions: number;
  /** One unit vector per skill (zeros for one it can say nothing about). */
  embedSkills(sources: readonly SemanticSource[]): Promise<Float32Array[]>;
  /** A query's vector, from its text and its prepared (corrected, stemmed) terms. */
  embedQuery(text: string, terms: readonly string[]): Promise<Float32Array>;
}

/** A skill's search document as a semantic source (its metadata's terms and its body's). */
export const sourceOf = (d: SearchDocument, ref = 0): SemanticSource => ({
  ref,
  hash: d.contentHash,
  text: `${d.name}: ${d.description}`,
  meta: [...d.fields.name, ...d.fields.description, ...d.fields.triggers],
  body: d.body,
});

/** The contexts terms are learned from: each skill's metadata, and each of its body sections. */
export function termContexts(sources: readonly SemanticSource[]): string[][] {
  return [...eachTermContext(sources)];
}

/** The contexts of termContexts, one at a time: learning reads them twice and never holds them all. */
function* eachTermContext(sources: readonly SemanticSource[]): Generator<string[]> {
  for (const s of sources) {
    yield s.meta;
    for (const line of (s.body ?? '').split('\n')) if (line !== '') yield line.split(' ');
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

/** The model-free model: a learned term space; a text's vector is its terms' IDF-weighted sum. */
export interface TermModel extends SemanticModel, Embedder {
  /** The space, as bytes to keep with the index (decodeTermModel reads them back). */
  encode(): Uint8Array;
}

function termModel(space: TermSpace, weighting: string): TermModel {
  return {
    id: `terms-${weighting}-${space.dimensions}-${fingerprint(space)}`,
    dimensions: space.dimensions,
    embed: async (texts) => texts.map((t) => embedTerms(space, tokenize(t))),
    embedSkills: async (sources) => sources.map((s) => embedTerms(space, s.meta)),
    embedQuery: async (_text, terms) => embedTerms(space, terms),
    encode: () => encodeTermSpace(space),
  };
}

/**
 * Learn the model-free model from a library's sources (bodies included): PPMI (or TF-IDF) term ×
 * context weights, then a truncated SVD. The same sources give the same vectors, byte for byte.
 */
export function learnTermModel(
  sources: readonly SemanticSource[],
  options: TermSpaceOptions = {},
): TermModel {
  const weighting = options.weighting ?? 'ppmi';
  const space = learnTermSpace(() => eachTermContext(sources), { ...options, weighting });
  return termModel(space, weighting);
}

/** The model learnTermModel learned, from its encoded bytes (PPMI); undefined for bytes that are not one. */
export function decodeTermModel(bytes: Uint8Array): TermModel | undefined {
  const space = decodeTermSpace(bytes);
  return space && termModel(space, 'ppmi');
}

/** learnTermModel over search documents. */
export const learnTermEmbedder = (
  docs: readonly SearchDocument[],
  options: TermSpaceOptions = {},
): TermModel =>
  learnTermModel(
    docs.map((d) => sourceOf(d)),
    options,
  );
