// The selection pipeline's shared shapes (SPEC S7, seed 000): a candidate skill as the stages pass it
// on, and the decisions each stage records so that `--explain` can say why a skill stopped where it did.

import type { Scope, Tier } from '../skill/types.js';

/** The six stages, in order. */
export type StageName = 'score' | 'resolve' | 'model-filter' | 'cache-order' | 'budget' | 'load';

/** A skill on its way through the pipeline. Stages never change one: they pass on new ones. */
export interface Candidate {
  id: string;
  name: string;
  /** Its SKILL.md. */
  path: string;
  scope: Scope;
  /** Relevance, 0–100 (Score). */
  score: number;
  /** critical, standard or optional (ModelFilter). */
  tier: Tier;
  /** The body's size in characters, and as estimated tokens (bytes / 4). */
  chars: number;
  tokens: number;
  /**
   * Set by Budget when only a part of the skill loads: its whole size. `chars` and `tokens` are then
   * the part's, and Load cuts the body there (at a heading or paragraph when it can) with a note.
   */
  whole?: { chars: number; tokens: number };
  /** The content hash it was scored with (Load checks it again). */
  contentHash: string;
  /**
   * For a skill that `extends` others: the files composed, the skill first, then each parent (set by
   * Resolve; `chars` and `tokens` then count them all, so the budget holds whatever the merge keeps).
   */
  chain?: readonly string[];
}

/** One thing a stage decided about one skill: which copy, by its SKILL.md and scope (two copies share an id). */
export interface StageDecision {
  stage: StageName;
  id: string;
  /** The SKILL.md of the copy decided on. */
  path: string;
  scope: Scope;
  outcome: 'kept' | 'dropped' | 'overflow' | 'ordered' | 'suggested';
  reason: string;
}

/** What a pure stage gives back: the candidates it passes on, in order, and its decisions. */
export interface StageOutput {
  candidates: readonly Candidate[];
  decisions: StageDecision[];
}

/** The skill a decision is about: its id, and the copy's SKILL.md and scope. */
export function decidedOn(c: Pick<Candidate, 'id' | 'path' | 'scope'>): {
  id: string;
  path: string;
  scope: Scope;
} {
  return { id: c.id, path: c.path, scope: c.scope };
}
