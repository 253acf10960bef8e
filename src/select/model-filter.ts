// Stage 3, ModelFilter: the agent profile classifies each skill critical, standard or optional, and
// drops the skills that are not for it: those whose `profiles` leave it out, and those whose model
// guidance asks more capability than the profile's model has. Built-in profiles: executor, planner,
// researcher, verifier, interactive; a config can define more.

import type { ModelGuidance, Tier } from '../skill/types.js';
import { type Candidate, decidedOn, type StageDecision, type StageOutput } from './types.js';

/** A model's capability, lowest first. Model names map onto it: haiku, sonnet, opus. */
export type Capability = 'low' | 'medium' | 'high';
const CAPABILITY: Record<string, number> = {
  low: 0,
  haiku: 0,
  medium: 1,
  sonnet: 1,
  high: 2,
  opus: 2,
};

/**
 * An agent profile. Selectors name skills by id, or as `tag:x`, `category:x` or `domain:x`; the first
 * list that matches gives the tier, else `default`.
 */
export interface AgentProfile {
  name: string;
  /** The capability of the model this profile runs on (default high). */
  capability?: Capability;
  critical?: string[];
  standard?: string[];
  optional?: string[];
  /** The tier of a skill no selector names (default standard). */
  default?: Tier;
}

/** The built-in profiles (docs/selection.md). */
export const BUILTIN_PROFILES: Readonly<Record<string, AgentProfile>> = Object.freeze({
  interactive: { name: 'interactive', capability: 'high', default: 'standard' },
  executor: {
    name: 'executor',
    capability: 'medium',
    default: 'standard',
    optional: [
      'tag:planning',
      'tag:architecture',
      'category:planning',
      'category:architecture',
      'tag:research',
    ],
  },
  planner: {
    name: 'planner',
    capability: 'high',
    default: 'optional',
    standard: [
      'tag:planning',
      'tag:architecture',
      'category:planning',
      'category:architecture',
      'tag:design',
    ],
  },
  researcher: {
    name: 'researcher',
    capability: 'high',
    default: 'optional',
    standard: ['tag:research', 'tag:documentation', 'tag:docs', 'category:research'],
  },
  verifier: {
    name: 'verifier',
    capability: 'medium',
    default: 'optional',
    standard: ['tag:testing', 'tag:review', 'tag:security', 'tag:verification', 'category:testing'],
  },
});

/** What ModelFilter reads of a skill's front matter. */
export interface FilterFacts {
  /** Why the model may not load it at all (the catalog's policy), when it may not. */
  refused?: string;
  tier?: Tier | Record<string, Tier>;
  profiles?: string[];
  modelGuidance?: ModelGuidance;
  tags?: string[];
  category?: string;
  domain?: string;
}

function selected(
  selectors: readonly string[] | undefined,
  c: Candidate,
  f: FilterFacts,
): string | undefined {
  for (const s of selectors ?? []) {
    const [kind, value] = s.includes(':') ? (s.split(/:(.*)/s) as [string, string]) : ['id', s];
    const hit =
      kind === 'id'
        ? c.id === value || c.name === value
        : kind === 'tag'
          ? (f.tags ?? []).includes(value)
          : kind === 'category'
            ? f.category === value
            : kind === 'domain'
              ? f.domain === value
              : false;
    if (hit) return s;
  }
  return undefined;
}

/** Classify and filter `candidates` for `profile`; `facts` gives each skill's front matter facts by id. */
export function modelFilterStage(
  candidates: readonly Candidate[],
  profile: AgentProfile,
  facts: (id: string) => FilterFacts,
): StageOutput {
  const out: Candidate[] = [];
  const decisions: StageDecision[] = [];
  const capability = CAPABILITY[profile.capability ?? 'high'] ?? 2;
  for (const c of candidates) {
    const f = facts(c.id);
    const drop = (reason: string) =>
      decisions.push({ stage: 'model-filter', ...decidedOn(c), outcome: 'dropped', reason });
    if (f.refused !== undefined) {
      drop(f.refused);
      continue;
    }
    if (f.profiles && f.profiles.length > 0 && !f.profiles.includes(profile.name)) {
      drop(`for the profiles ${f.profiles.join(', ')}, not ${profile.name}`);
      continue;
    }
    const needs = f.modelGuidance?.minimumCapability;
    if (needs !== undefined && (CAPABILITY[needs.toLowerCase()] ?? 0) > capability) {
      drop(
        `needs a model of capability ${needs}; the ${profile.name} profile runs ${profile.capability ?? 'high'}`,
      );
      continue;
    }
    let tier: Tier;
    let why: string;
    const own = typeof f.tier === 'string' ? f.tier : (f.tier?.[profile.name] ?? f.tier?.default);
    if (own !== undefined) {
      tier = own;
      why = `its front matter says ${own}`;
    } else {
      const rule = (['critical', 'standard', 'optional'] as const)
        .map((t) => [t, selected(profile[t], c, f)] as const)
        .find(([, s]) => s !== undefined);
      tier = rule ? rule[0] : (profile.default ?? 'standard');
      why = rule
        ? `the ${profile.name} profile lists ${rule[1]} as ${tier}`
        : `the ${profile.name} profile's default`;
    }
    out.push(c.tier === tier ? c : { ...c, tier });
    decisions.push({
      stage: 'model-filter',
      ...decidedOn(c),
      outcome: 'kept',
      reason: `${tier}: ${why}`,
    });
  }
  return { candidates: out, decisions };
}
