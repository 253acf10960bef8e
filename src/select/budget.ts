// Stage 5, Budget: tiers in order (critical, standard, optional), each in CacheOrder's order, while
// they fit. A skill that does not fit goes to the overflow queue with the rest of its tier; critical
// skills never overflow: when they alone exceed the budget, the result is a violation and nothing
// loads. The budget is never exceeded.

import type { Tier } from '../skill/types.js';
import type { Candidate, StageDecision } from './types.js';

/** The default budget, in characters (seed 000). */
export const DEFAULT_BUDGET_CHARS = 15_500;

/** How the budget is counted. */
export interface BudgetSettings {
  /** The budget (default 15,500). */
  limit?: number;
  /** Characters (default) or estimated tokens. */
  unit?: 'chars' | 'tokens';
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
  budget: { limit: number; used: number; unit: 'chars' | 'tokens' };
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
        id: c.id,
        outcome: 'dropped',
        reason: `budget violation: the critical skills need ${required} ${unit}, over the budget of ${limit}; nothing loads`,
      });
    return {
      candidates: [],
      overflow: [],
      budget: { limit, used: 0, unit },
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
          id: c.id,
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
        id: c.id,
        outcome: 'overflow',
        reason: `${n} ${unit} would not fit (${used} of ${limit} used): ${tier} tier overflows from here`,
      });
    }
  }
  return {
    candidates: loaded,
    overflow,
    budget: { limit, used, unit },
    violation: null,
    decisions,
  };
}
