// `skillset build --measure`: what the tier costs at session start against listing every skill, in
// the token model of seed 002 — 0.25 × (qualified name + description) + 0.25 per component, summed,
// rounded once — and what each router and roster costs when it is opened.

import { planTier, type TierOptions } from './build.js';
import type { TierSkill } from './domains.js';
import { cpLength } from './text.js';

/** The token model, as `--measure` prints it with its numbers. */
export const TOKEN_MODEL =
  '0.25 * (len(qualified_name) + len(description)) + 0.25 per component, summed then rounded once';

/** What a set of always-on components costs. */
export interface StartCost {
  components: number;
  /** Characters of qualified names and descriptions. */
  chars: number;
  tokens: number;
}

/** What one domain costs: its router's description at start, its files when opened. */
export interface DomainCost {
  domain: string;
  skills: number;
  /** The router's name and description, paid at start. */
  startTokens: number;
  /** The router's whole SKILL.md, paid when it is opened (0.25 a character). */
  routerTokens: number;
  /** The roster, paid when it is read. */
  rosterTokens: number;
}

/** The tier's cost against a flat listing of every skill. */
export interface TierMeasure {
  model: string;
  /** The entry router and the domain routers: what the tier costs before the first question. */
  atStart: StartCost;
  /** Every skill's name and description: what listing them all would cost. */
  flat: StartCost;
  /** `atStart.tokens / flat.tokens`. */
  ratio: number;
  entryTokens: number;
  domains: DomainCost[];
}

/** Options for measuring; `qualifier` is the plugin name when the skills are billed as `plugin:name`. */
export interface MeasureOptions extends TierOptions {
  qualifier?: string;
}

/** One component's always-on charge, unrounded. */
export function componentTokens(qualifiedName: string, description: string): number {
  return 0.25 * (cpLength(qualifiedName) + cpLength(description)) + 0.25;
}

function startCost(parts: ReadonlyArray<readonly [string, string]>): StartCost {
  let chars = 0;
  let tokens = 0;
  for (const [name, description] of parts) {
    chars += cpLength(name) + cpLength(description);
    tokens += componentTokens(name, description);
  }
  return { components: parts.length, chars, tokens: Math.round(tokens) };
}

/** Measure the tier of `skills` against listing them all. */
export function measureTier(
  skills: readonly TierSkill[],
  options: MeasureOptions = {},
): TierMeasure {
  const plan = planTier(skills, options);
  const q = (name: string) => (options.qualifier ? `${options.qualifier}:${name}` : name);
  const opened = (text: string) => Math.round(0.25 * cpLength(text));
  const atStart = startCost([
    [q(plan.library), plan.entryDescription],
    ...plan.domains.map((d) => [q(d.domain), d.description] as const),
  ]);
  const flat = startCost(
    skills.map((s) => [options.qualifier ? q(s.name) : s.id, s.description] as const),
  );
  return {
    model: TOKEN_MODEL,
    atStart,
    flat,
    ratio: flat.tokens === 0 ? 0 : atStart.tokens / flat.tokens,
    entryTokens: opened(plan.entry),
    domains: plan.domains.map((d) => ({
      domain: d.domain,
      skills: d.skills.length,
      startTokens: Math.round(componentTokens(q(d.domain), d.description)),
      routerTokens: opened(d.router),
      rosterTokens: opened(d.roster),
    })),
  };
}
