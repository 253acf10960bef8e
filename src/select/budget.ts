// Stage 5, Budget: tiers in order (critical, standard, optional), each in CacheOrder's order, while
// they fit. When a tier's skills do not all fit whole, the room left is shared among them (share.ts):
// a skill bigger than its share loads in part, and the first whose part would be too small to be worth
// loading goes to the overflow queue with the rest of its tier. Critical skills are never cut and
// never overflow: when they alone exceed the budget, the result is a violation and nothing loads.
// What is left then holds suggestions, best first: a line naming a skill that may fit (one that
// overflowed, or a search candidate the gate was not sure of), never a body. The budget is never
// exceeded.

import { estimateTokens } from '../skill/parse.js';
import type { Scope, Tier } from '../skill/types.js';
import { MIN_PART_CHARS, shareTier } from './share.js';
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
  /**
   * Share a tier's room when its skills do not all fit whole, loading those bigger than their share
   * in part (default true); false: whole skills only, the first that does not fit overflowing the
   * rest of its tier.
   */
  parts?: boolean;
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
  const fit = fitTiers(candidates, {
    limit,
    unit,
    size,
    parts: settings.parts ?? true,
    reserve: (loaded) => suggestionRoom(settings.suggestions, loaded, unit),
  });
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

/** How a tier is fitted: the limit and unit, each skill's size in it, and whether parts may load. */
interface FitRules {
  limit: number;
  unit: BudgetUnit;
  size: (c: Candidate) => number;
  parts: boolean;
  /** What parts leave for the suggestions, given the skills loaded whole. */
  reserve: (loaded: ReadonlySet<string>) => number;
}

/**
 * The room the suggestions would take: the lines of the first `max` skills of the pool not loaded
 * whole. Parts share only what is left, so that a part never costs the model the names of the others.
 */
function suggestionRoom(
  s: BudgetSettings['suggestions'],
  loaded: ReadonlySet<string>,
  unit: BudgetUnit,
): number {
  if (!s) return 0;
  let room = 0;
  let named = 0;
  for (const x of s.pool) {
    if (named >= s.max) break;
    if (loaded.has(x.id)) continue;
    named++;
    room += unit === 'tokens' ? estimateTokens(x.chars) : x.chars;
  }
  return room;
}

/** Fill the budget tier by tier: whole skills while they fit, then (but for critical) shared parts. */
function fitTiers(candidates: readonly Candidate[], rules: FitRules): Fit {
  const fit: Fit = { loaded: [], overflow: [], used: 0, decisions: [] };
  for (const tier of TIERS) {
    const members = candidates.filter((c) => c.tier === tier);
    // Critical skills all fit whole (else the result is a violation): never cut.
    fitWhole(fit, members, { ...rules, parts: rules.parts && tier !== 'critical' });
  }
  return fit;
}

/**
 * Whole skills in order while they fit. From the first that does not: with parts, it and the rest of
 * the tier share the room left (share.ts), and those whose part would be too small overflow; without,
 * they all overflow.
 */
function fitWhole(fit: Fit, members: readonly Candidate[], rules: FitRules): void {
  const { limit, unit, size } = rules;
  let i = 0;
  for (; i < members.length; i++) {
    const c = members[i] as Candidate;
    const n = size(c);
    if (fit.used + n > limit) break;
    fit.loaded.push(c);
    fit.used += n;
    fit.decisions.push(kept(c, `${n} ${unit}; ${fit.used} of ${limit} used`));
  }
  const rest = members.slice(i);
  if (rules.parts) shareRoom(fit, rest, rules);
  else
    for (const c of rest)
      overflow(fit, c, `${size(c)} ${unit} would not fit (${fit.used} of ${limit} used)`);
}

/** The room left shared among `members` (share.ts): each within its share whole, the others in part. */
function shareRoom(fit: Fit, members: readonly Candidate[], rules: FitRules): void {
  const { limit, unit, size } = rules;
  const minPart = unit === 'tokens' ? Math.ceil(MIN_PART_CHARS / 4) : MIN_PART_CHARS;
  const reserve = rules.reserve(new Set(fit.loaded.map((c) => c.id)));
  const room = limit - fit.used - reserve;
  const { taken, given } = shareTier(
    members.map((c) => ({ size: size(c) })),
    room,
    minPart,
  );
  for (const [i, c] of members.entries()) {
    const n = size(c);
    const g = given[i];
    if (i >= taken || g === undefined) {
      overflow(
        fit,
        c,
        `${n} ${unit} would not fit, nor a part of at least ${minPart} (${fit.used} of ${limit} used)`,
      );
      continue;
    }
    fit.used += g;
    if (g >= n) {
      fit.loaded.push(c);
      fit.decisions.push(kept(c, `${n} ${unit}; ${fit.used} of ${limit} used`));
      continue;
    }
    fit.loaded.push(partOf(c, g, unit));
    const others = taken - 1;
    const shared =
      others > 0
        ? `, the ${room} left${reserve > 0 ? ` (after ${reserve} for suggestions)` : ''} shared with ${others} other skill${others === 1 ? '' : 's'}`
        : '';
    fit.decisions.push(
      kept(c, `in part: ${g} of its ${n} ${unit}${shared}; ${fit.used} of ${limit} used`),
    );
  }
}

/** `c` cut to `given` of `unit`: what Load holds it to, with its whole size kept. */
function partOf(c: Candidate, given: number, unit: BudgetUnit): Candidate {
  const chars = unit === 'tokens' ? given * 4 : given;
  const tokens = unit === 'tokens' ? given : estimateTokens(given);
  return { ...c, chars, tokens, whole: { chars: c.chars, tokens: c.tokens } };
}

const kept = (c: Candidate, reason: string): StageDecision => ({
  stage: 'budget',
  ...decidedOn(c),
  outcome: 'kept',
  reason,
});

function overflow(fit: Fit, c: Candidate, why: string): void {
  fit.overflow.push(c);
  fit.decisions.push({
    stage: 'budget',
    ...decidedOn(c),
    outcome: 'overflow',
    reason: `${why}: ${c.tier} tier overflows from here`,
  });
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
