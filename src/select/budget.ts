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
  const critical = candidates.filter((c) => c.tier === 'critical');
  const required = critical.reduce((n, c) => n + size(c), 0);
  if (required > limit) return violation(candidates, critical, { limit, required, unit });
  const fit = fitTiers(candidates, limit, unit, size);
  const named = settings.suggestions
    ? suggest(settings.suggestions, fit, limit, unit)
    : { suggested: [], spent: 0, decisions: [] };
  return {
    candidates: fit.loaded,
    overflow: fit.overflow,
    suggested: named.suggested,
    budget: { limit, used: fit.used + named.spent, suggested: named.spent, unit },
    violation: null,
    decisions: [...fit.decisions, ...named.decisions],
  };
}

/** Critical skills that alone exceed the budget: nothing loads, and every candidate says why. */
function violation(
  candidates: readonly Candidate[],
  critical: readonly Candidate[],
  v: { limit: number; required: number; unit: BudgetUnit },
): BudgetOutput {
  const { limit, required, unit } = v;
  return {
    candidates: [],
    overflow: [],
    suggested: [],
    budget: { limit, used: 0, suggested: 0, unit },
    violation: { limit, required, unit, critical: critical.map((c) => c.id) },
    decisions: candidates.map((c) => ({
      stage: 'budget',
      ...decidedOn(c),
      outcome: 'dropped',
      reason: `budget violation: the critical skills need ${required} ${unit}, over the budget of ${limit}; nothing loads`,
    })),
  };
}

/** What the budget counts in. */
type BudgetUnit = NonNullable<BudgetSettings['unit']>;

/** What the tiers fit, in order: loaded, what overflowed, the amount used and every decision. */
interface Fit {
  loaded: Candidate[];
  overflow: Candidate[];
  used: number;
  decisions: StageDecision[];
}

/** Fill the budget tier by tier; the first skill of a tier that does not fit overflows the rest of it. */
function fitTiers(
  candidates: readonly Candidate[],
  limit: number,
  unit: BudgetUnit,
  size: (c: Candidate) => number,
): Fit {
  const fit: Fit = { loaded: [], overflow: [], used: 0, decisions: [] };
  for (const tier of TIERS) {
    let full = false;
    for (const c of candidates) {
      if (c.tier !== tier) continue;
      const n = size(c);
      if (!full && fit.used + n <= limit) {
        fit.loaded.push(c);
        fit.used += n;
        fit.decisions.push({
          stage: 'budget',
          ...decidedOn(c),
          outcome: 'kept',
          reason: `${n} ${unit}; ${fit.used} of ${limit} used`,
        });
        continue;
      }
      full = true;
      fit.overflow.push(c);
      fit.decisions.push({
        stage: 'budget',
        ...decidedOn(c),
        outcome: 'overflow',
        reason: `${n} ${unit} would not fit (${fit.used} of ${limit} used): ${tier} tier overflows from here`,
      });
    }
  }
  return fit;
}

/** Name the pool's skills, best first, in what the loads leave; the first line that does not fit ends it. */
function suggest(
  s: NonNullable<BudgetSettings['suggestions']>,
  fit: Fit,
  limit: number,
  unit: BudgetUnit,
): { suggested: Suggestion[]; spent: number; decisions: StageDecision[] } {
  const suggested: Suggestion[] = [];
  const decisions: StageDecision[] = [];
  let spent = 0;
  const taken = new Set(fit.loaded.map((c) => c.id));
  for (const x of s.pool) {
    if (suggested.length >= s.max) break;
    if (taken.has(x.id)) continue;
    taken.add(x.id);
    const n = unit === 'tokens' ? estimateTokens(x.chars) : x.chars;
    if (fit.used + spent + n > limit) break;
    suggested.push(x);
    spent += n;
    decisions.push({
      stage: 'budget',
      ...decidedOn(x),
      outcome: 'suggested',
      reason: `named, not loaded: ${n} ${unit}; ${fit.used + spent} of ${limit} used`,
    });
  }
  return { suggested, spent, decisions };
}

/** The line a suggestion takes: `- id: description`. */
export function suggestionLine(id: string, description: string): string {
  return `- ${id}: ${description}`;
}
