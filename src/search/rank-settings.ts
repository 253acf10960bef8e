// The ranker's settings and defaults: small, so settings can be resolved without loading the ranker.

import type { MetaField } from './document.js';
import type { HttpModelOptions } from './http-model.js';
import type { NotForSettings } from './not-for.js';
import type { FeatureWeights } from './score.js';

/** A model the semantic pass can use. */
export type SemanticModelName = 'terms' | 'use' | 'http';

/** Weights and thresholds of the ranker. */
export interface RankSettings {
  /** BM25 column weights, in META_FIELDS order. */
  columns: Record<MetaField, number>;
  /** Score = Σ weight × feature (see features.ts for each feature). */
  weights: FeatureWeights;
  /** A skill whose `NOT for` topic the query matches is multiplied by `demote`; its redirect gains `redirect`. */
  notFor: NotForSettings;
  /** `coverage: ok` when one of the best `gateDepth` skills covers this share of the (IDF-weighted) query. */
  okCoverage: number;
  /** `coverage: none` when none covers this share; `weak` (results shown, flagged) between the two. */
  weakCoverage: number;
  /** `ok` also needs the skill to match this much of the query's weight, in rare words (gate.ts). */
  okEvidence: number;
  /** In the gate, a word no skill uses weighs this times its own IDF (the rarest there is). */
  unknownWeight: number;
  /** A word no skill uses is matched to an indexed term a typo away, its weight × this per edit (0: never). */
  typoWeight: number;
  /** How many of the best skills the gate looks at. */
  gateDepth: number;
  /** Candidates read from each table. */
  candidates: number;
  /** Terms found in more than this share of bodies are not asked of the body table (long lists, little weight). */
  bodyMaxShare: number;
  /** The postings a query may ask of each table (bounds the cost of common words in very large libraries). */
  postingBudget: number;
  /** A query term found only in the body counts this much toward coverage (1 in metadata). */
  bodyCoverage: number;
  /** How fast a body-only term's gate credit saturates with its count (0: presence is enough). */
  bodySaturation: number;
  /**
   * The semantic pass (docs/search.md): a term model learned from the library's own text, its vectors
   * kept in the index, fused with the lexical ranking. Off by default.
   */
  semantic: boolean;
  /**
   * The semantic pass's models, their cosines averaged: `terms` (learned from the library, always
   * there), `use` (the sentence encoder, when its optional packages are installed) and `http` (an
   * embeddings endpoint of the user's, `embeddingEndpoint`).
   */
  semanticModels: SemanticModelName[];
  /** The `http` model's endpoint (http-model.ts); `http` is off without one. */
  embeddingEndpoint?: HttpModelOptions;
  /**
   * With the semantic pass on, a skill's score is (1 − this) × its lexical score over the best one,
   * plus this × where its cosine with the query sits between the candidates' lowest and best (0–1).
   */
  semanticWeight: number;
}

/** The ranker's defaults, chosen leave-one-library-out over four libraries (docs/search.md). */
export const DEFAULT_RANK: RankSettings = {
  columns: { name: 6, description: 3, triggers: 3, tags: 2, headings: 1 },
  weights: {
    meta: 1,
    body: 2,
    coverage: 1.5,
    name: 1.5,
    phrase: 2,
    nameQuery: 0,
    trigger: 2,
    authority: 0.8,
    // More than every other weight together: a query that is a skill's name finds it first.
    exactName: 12,
  },
  notFor: { demote: 0.5, redirect: 0.3 },
  okCoverage: 0.87,
  weakCoverage: 0.12,
  okEvidence: 0.75,
  unknownWeight: 0.5,
  typoWeight: 0.7,
  gateDepth: 10,
  candidates: 50,
  bodyMaxShare: 0.5,
  postingBudget: 1500,
  bodyCoverage: 1,
  bodySaturation: 0.25,
  semantic: false,
  semanticModels: ['terms', 'use'],
  semanticWeight: 0.3,
};
