// The index interface ranking reads through: candidates, term statistics, documents, and applying a change.

import type { NotFor } from './clauses.js';
import type { MetaField, SearchDocument } from './document.js';
import type { NearTerm } from './fuzzy.js';

/** A stored document's metadata, as ranking reads it back. */
export interface StoredDoc {
  /** The store's key for the document (stable until the document changes). */
  ref: number;
  id: string;
  name: string;
  path: string;
  /** The description as written (one line), for results. */
  description: string;
  fields: Record<MetaField, string[]>;
  /** `NOT for` clauses with their topics as terms. */
  notFor: Array<NotFor & { topicTerms: string[] }>;
  /** Each trigger phrase as terms. */
  triggerPhrases: string[][];
  /** How many other indexed skills (by distinct name) mention this skill's name. */
  inbound: number;
  /** Its name's key (`nameKey` in document.ts): a query with this key names the skill. */
  nameKey: string;
}

/** What an update changed. */
export interface UpdateStats {
  added: number;
  changed: number;
  removed: number;
  unchanged: number;
}

/** The skills an index should hold: path → content hash and id. */
export type IndexContents = ReadonlyMap<string, { hash: string; id: string }>;

/** Builds the search document of a path that needs (re)indexing; undefined skips it. */
export type DocumentLoader = (path: string) => Promise<SearchDocument | undefined>;

/**
 * Told how many of the documents to (re)index are done, as they are; `what` names other work on the
 * skills (the semantic pass's), absent for indexing.
 */
export type Progress = (done: number, total: number, what?: string) => void;

/** A BM25 request: terms ORed, the last one optionally a prefix. */
export interface CandidateRequest {
  terms: readonly string[];
  prefixLast: boolean;
  limit: number;
}

/** A candidate: a document and its BM25 score (higher is better). */
export interface Hit {
  ref: number;
  score: number;
}

/** Term counts in one body, and the body's length in terms. */
export interface BodyCounts {
  counts: ReadonlyMap<string, number>;
  length: number;
}

/** What the semantic pass reads of a stored skill: its content hash, its metadata's terms, and for learning its body's terms (a line per section). */
export interface SemanticSource {
  ref: number;
  hash: string;
  /** Its name and description as written (what a text model embeds). */
  text: string;
  /** The terms of its name, description and triggers. */
  meta: string[];
  body?: string;
}

/** A model learned from the library's own text (a term space), and the content hashes it was learned from. */
export interface LearnedModel {
  from: string[];
  data: Uint8Array;
}

/** The two searchable tables: metadata fields and the whole body. */
export type IndexTable = 'meta' | 'body';

/**
 * What ranking needs from an index, behind promises so that a store may live in another process
 * (PostgreSQL) or answer from a second source; SQLite answers synchronously underneath. Every
 * implementation passes the shared contract suite in `test-support/index-store-contract.ts`.
 */
export interface SearchIndexStore {
  /** Bring the index in line with `contents`, loading the documents of added and changed paths. */
  apply(contents: IndexContents, load: DocumentLoader, progress?: Progress): Promise<UpdateStats>;
  /** Drop what was read before another writer (another process on the same file) committed. */
  sync(): Promise<void>;
  /** The number of indexed skills. */
  docCount(): Promise<number>;
  /** How many skills hold `term` in the table. */
  documentFrequency(table: IndexTable, term: string): Promise<number>;
  /** BM25 candidates from metadata (weighted by `columns`, in META_FIELDS order) or from bodies. */
  candidates(
    table: IndexTable,
    request: CandidateRequest,
    columns?: Readonly<Record<MetaField, number>>,
  ): Promise<Hit[]>;
  /** A stored document. */
  document(ref: number): Promise<StoredDoc | undefined>;
  /** Every stored document with exactly this name, ordered by id: copies of one skill. */
  documentsNamed(name: string): Promise<StoredDoc[]>;
  /** Every stored document whose name key (`nameKey` in document.ts) is `key`, ordered by id. */
  documentsWithNameKey(key: string): Promise<StoredDoc[]>;
  /**
   * Indexed terms within `max` edits of `term` (see fuzzy.ts), or whose spellings are one edit from
   * `word` (the word as typed), nearest first: the terms of skills' metadata and the terms at least
   * two bodies use (a term one body uses is often a typo itself).
   */
  nearTerms(term: string, max: number, word?: string): Promise<NearTerm[]>;
  /** How often the document's body holds each of `terms` (absent ones left out), and its length in terms. */
  bodyCounts(ref: number, terms: readonly string[]): Promise<BodyCounts>;
  /** The mean body length in terms. */
  averageBodyLength(): Promise<number>;
  /** Names what the store holds: it changes whenever a skill is added, changed or removed. */
  contentVersion(): Promise<string>;
  /** Every stored skill's semantic source, by ref; with bodies when `bodies`. */
  semanticSources(bodies: boolean): Promise<SemanticSource[]>;
  /** The vectors kept for `model`, by content hash. */
  storedVectors(model: string): Promise<Map<string, Float32Array>>;
  /**
   * Keep vectors for `model` by content hash. The vectors of contents no longer held, and of the
   * same family's other models (an id that differs only after its last `-`: an older term space)
   * are dropped; other families' are kept. False when they were not kept: another process was
   * writing.
   */
  saveVectors(model: string, vectors: ReadonlyMap<string, Float32Array>): Promise<boolean>;
  /** The model of `kind` learned from the library, if one is kept. */
  learnedModel(kind: string): Promise<LearnedModel | undefined>;
  /** Keep a learned model of `kind`. False when it was not kept: another process was writing. */
  saveLearnedModel(kind: string, model: LearnedModel): Promise<boolean>;
  /**
   * Has anything but skillset changed, replaced or removed the store's data since it was opened?
   * (Always false for a store nothing else can reach.)
   */
  changedOutside(): boolean;
  /** Release the store; any later read fails. */
  close(): void;
}
