// `skillset gloss-coverage TERM`: does a term reach the roster a model actually reads? Every skill
// lands in one bucket — routed (the gloss has it), clipped (its `Triggers:` clause has it, the budget
// cut it: the only defect), lead prose only, body only — or in none when it never mentions the term.

import { type DomainStrategy, domainOf, type TierSkill } from './domains.js';
import { buildGloss, GLOSS_BUDGET } from './gloss.js';
import { splitDescription } from './split.js';
import { cpLength } from './text.js';

/** One skill in a bucket. */
export interface CoverageRow {
  id: string;
  domain: string;
  /** The gloss's length against the budget. */
  glossChars: number;
}

/** Where a term lands, skill by skill. */
export interface GlossCoverage {
  term: string;
  domain?: string;
  /** The gloss carries the term: it reaches the roster. */
  routed: CoverageRow[];
  /** Declared in the `Triggers:` clause but cut by the budget: a defect (`gloss-coverage` exits 1). */
  clipped: CoverageRow[];
  /** In the lead prose only, which is paid last: usually fine, listed for review. */
  leadOnly: CoverageRow[];
  /** In the body only: normal, and not to be chased into descriptions. */
  bodyOnly: CoverageRow[];
}

/** How coverage is computed. */
export interface CoverageOptions {
  /** Only skills of this domain. */
  domain?: string;
  /** How skills are put in domains (default `path`). */
  domainOf?: DomainStrategy;
  /** A skill's body text (its SKILL.md body and reference files); without it nothing is body-only. */
  bodyOf?: (skill: TierSkill) => string | undefined;
  /** The gloss budget (default 220). */
  budget?: number;
}

/** Bucket every skill (of `options.domain`) by where `term` appears, case-insensitively. */
export function glossCoverage(
  skills: readonly TierSkill[],
  term: string,
  options: CoverageOptions = {},
): GlossCoverage {
  const needle = term.toLowerCase();
  const has = (s: string | undefined) => s?.toLowerCase().includes(needle) === true;
  const out: GlossCoverage = {
    term,
    ...(options.domain === undefined ? {} : { domain: options.domain }),
    routed: [],
    clipped: [],
    leadOnly: [],
    bodyOnly: [],
  };
  const sorted = [...skills].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  for (const skill of sorted) {
    const domain = domainOf(skill, options.domainOf ?? 'path');
    if (options.domain !== undefined && domain !== options.domain) continue;
    const gloss = buildGloss(skill.description, options.budget ?? GLOSS_BUDGET);
    const { lead, triggers } = splitDescription(skill.description);
    const row = { id: skill.id, domain, glossChars: cpLength(gloss) };
    if (has(gloss)) out.routed.push(row);
    else if (has(triggers)) out.clipped.push(row);
    else if (has(lead)) out.leadOnly.push(row);
    else if (has(options.bodyOf?.(skill))) out.bodyOnly.push(row);
  }
  return out;
}
