// Stage 5, Budget: tiers in order (critical, standard, optional), each in CacheOrder's order, while
// they fit. A skill that does not fit goes to the overflow queue with the rest of its tier; critical
// skills never overflow: when they alone exceed the budget, the result is a violation and nothing
// loads. What is left then holds suggestions, best first: a line naming a skill that may fit (one
// that overflowed, or a search candidate the gate was not sure of), never a body. The budget is
// never exceeded.

import { estimateTokens } from '../skill/parse.js';
import type { Scope, Tier } from '../skill/types.js';
import { type Candidate, decidedOn, type StageDecision } from './types.js';

/** The default budget, in characters (seed 000). */
export const DEFAULT_BUDGET_CHARS = 15_500;

/** How the budget is counted. */
export interface BudgetSettings {
  /** The budget (default 15,500). */
  limit?: number;
  /** Characters (default) or estimated tokens. */
  unit?: 'chars' | 'tokens';
  /** Skills that may be suggested, best first (those loaded are passed over), and how many at most. */
  suggestions?: { pool: readonly Suggestion[]; max: number };
}

/** A skill named, not loaded: the model reads the line and loads it if it fits the task. */
export interface Suggestion {
  id: string;
  /** The SKILL.md of the copy named (the shown one), and its scope. */
  path: string;
  scope: Scope;
  /** One line of its description. */
  description: string;
  /** The line's length (`- id: description`), counted against the budget. */
  chars: number;
}

/** Critical skills that need more than the whole budget. */
export interface BudgetViolation {
  limit: number;
  /** What the critical skills need together. */
  required: number;
  unit: 'chars' | 'tokens';
  /** The critical skills, in order. */
  critical: string[];
}

/** What Budget gives back. */
export interface BudgetOutput {
  /** The skills that fit, in load order. */
  candidates: readonly Candidate[];
  /** Those that did not, in the order they would have loaded. */
  overflow: readonly Candidate[];
  /** Skills suggested in what the loads left of the budget, best first. */
  suggested: readonly Suggestion[];
  /** `used` counts the loads and the suggestions; `suggested` the suggestions alone. */
  budget: { limit: number; used: number; suggested: number; unit: 'chars' | 'tokens' };
  violation: BudgetViolation | null;
  decisions: StageDecision[];
}

const TIERS: readonly Tier[] = ['critical', 'standard', 'optional'];

/** Fit `candidates` (in CacheOrder's order) into the budget. */
export function budgetStage(
  candidates: readonly Candidate[],
  settings: BudgetSettings = {},
): BudgetOutput {
  const limit = settings.limit ?? DEFAULT_BUDGET_CHARS;
  const unit = settings.unit ?? 'chars';
  const size = (c: Candidate): number => (unit === 'tokens' ? c.tokens : c.chars);
  const decisions: StageDecision[] = [];
  const critical = candidates.filter((c) => c.tier === 'critical');
  const required = critical.reduce((n, c) => n + size(c), 0);
  if (required > limit) {
    for (const c of candidates)
      decisions.push({
        stage: 'budget',
        ...decidedOn(c),
        outcome: 'dropped',
        reason: `budget violation: the critical skills need ${required} ${unit}, over the budget of ${limit}; nothing loads`,
      });
    return {
      candidates: [],
      overflow: [],
      suggested: [],
      budget: { limit, used: 0, suggested: 0, unit },
      violation: { limit, required, unit, critical: critical.map((c) => c.id) },
      decisions,
    };
  }
  const loaded: Candidate[] = [];
  const overflow: Candidate[] = [];
  let used = 0;
  for (const tier of TIERS) {
    let full = false;
    for (const c of candidates) {
      if (c.tier !== tier) continue;
      const n = size(c);
      if (!full && used + n <= limit) {
        loaded.push(c);
        used += n;
        decisions.push({
          stage: 'budget',
          ...decidedOn(c),
          outcome: 'kept',
          reason: `${n} ${unit}; ${used} of ${limit} used`,
        });
        continue;
      }
      // The first skill of a tier that does not fit sends the rest of that tier to overflow.
      full = true;
      overflow.push(c);
      decisions.push({
        stage: 'budget',
        ...decidedOn(c),
        outcome: 'overflow',
        reason: `${n} ${unit} would not fit (${used} of ${limit} used): ${tier} tier overflows from here`,
      });
    }
  }
  const suggested: Suggestion[] = [];
  let spent = 0;
  if (settings.suggestions) {
    const { pool, max } = settings.suggestions;
    const taken = new Set(loaded.map((c) => c.id));
    for (const s of pool) {
      if (suggested.length >= max) break;
      if (taken.has(s.id)) continue;
      taken.add(s.id);
      const n = unit === 'tokens' ? estimateTokens(s.chars) : s.chars;
      // Best first: the first line that does not fit ends the suggestions.
      if (used + spent + n > limit) break;
      suggested.push(s);
      spent += n;
      decisions.push({
        stage: 'budget',
        ...decidedOn(s),
        outcome: 'suggested',
        reason: `named, not loaded: ${n} ${unit}; ${used + spent} of ${limit} used`,
      });
    }
  }
  return {
    candidates: loaded,
    overflow,
    suggested,
    budget: { limit, used: used + spent, suggested: spent, unit },
    violation: null,
    decisions,
  };
}

/** The line a suggestion takes: `- id: description`. */
export function suggestionLine(id: string, description: string): string {
  return `- ${id}: ${description}`;
}
