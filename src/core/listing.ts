// The catalog listing over a catalog and the settings (S8): entries from the catalog's visibility
// policy, pins and tiers, within the budget the request and the config file set.

import { type Catalog, visibilityIn } from '../catalog/catalog.js';
import { SkillsetError } from '../errors.js';
import {
  type ListingEntry,
  type ListingFormat,
  type ListingResult,
  listingBudget,
  renderListing,
} from '../render/listing.js';
import { filterableFields } from '../render/listing-rank.js';
import {
  type FoundTier,
  findTiers,
  type ListingDomainsFrom,
  listingDomains,
  reachHint,
} from './listing-domains.js';
import type { Settings } from './settings.js';
import type { ListingSettings } from './settings-skills.js';

/** What a listing call may set; the rest comes from the config file's `listing` section. */
export interface ListingRequest {
  format?: ListingFormat;
  /** Characters (wins over `contextTokens`). */
  budget?: number;
  /** The model's context window in tokens: the budget is `contextTokens × 4 × fraction`. */
  contextTokens?: number;
  fraction?: number;
  /** Conditional skills activated so far, by id. */
  activated?: ReadonlySet<string>;
  /** What the closing line says about reaching the skills left out (default: the search tool). */
  searchHint?: string;
  /** The search tool the closing line names (default `search_skills`). */
  searchTool?: string;
  /** Where each skill's domain comes from (default `path`: its folder; see listingDomains). */
  domainsFrom?: ListingDomainsFrom;
}

/** Where the budget came from. */
export type BudgetSource = 'chars' | 'context' | 'default';

/** A listing with its budget's source, and the shape of the library it spread the names over. */
export interface ListingView extends ListingResult {
  format: ListingFormat;
  budgetSource: BudgetSource;
  domainsFrom: ListingDomainsFrom;
  /** The tiers built into the roots (`skillset build`): their routers are listed first. */
  tiers: FoundTier[];
}

/**
 * The listing's entries for `skills`: id as the name, pins and overrides from the settings, each
 * skill's domain, and a tier's routers pinned (they are built to be listed at session start).
 */
export function listingEntries(
  catalog: Catalog,
  settings: Settings,
  shape: { domains?: ReadonlyMap<string, string>; tiers?: readonly FoundTier[] } = {},
): ListingEntry[] {
  const pinned = new Set(settings.listing.pinned);
  for (const t of shape.tiers ?? []) for (const id of [t.entry, ...t.routers]) pinned.add(id);
  return catalog.skills.map((s) => {
    const e: ListingEntry = {
      name: s.id,
      ...filterableFields(visibilityIn(catalog, s.id), s.frontmatter.paths),
      description: s.description,
      location: s.path,
    };
    const domain = shape.domains?.get(s.id);
    if (domain !== undefined) e.domain = domain;
    if (s.frontmatter.whenToUse) e.whenToUse = s.frontmatter.whenToUse;
    if (pinned.has(s.id) || pinned.has(s.name)) e.pinned = true;
    return e;
  });
}

/** A budget the caller got wrong is a usage problem, never a silent default. */
function checkRequest(r: ListingRequest, settings: Settings): void {
  const bad = (message: string, hint: string) =>
    new SkillsetError('usage/invalid-option', message, { hint });
  if (r.budget !== undefined && r.contextTokens !== undefined)
    throw bad(
      'Pass a budget or a context size, not both',
      'The budget counts characters; a context size derives them (× 4 × fraction).',
    );
  if (r.budget !== undefined && !(Number.isInteger(r.budget) && r.budget >= 0))
    throw bad(
      `The listing budget is a whole number of characters from 0, got ${r.budget}`,
      'Pass --budget 8000, say.',
    );
  if (r.contextTokens !== undefined && !(Number.isInteger(r.contextTokens) && r.contextTokens >= 1))
    throw bad(
      `The context size is a whole number of tokens from 1, got ${r.contextTokens}`,
      'Pass --context-tokens 200000, say.',
    );
  if (r.fraction !== undefined) {
    if (!(r.fraction > 0 && r.fraction <= 1))
      throw bad(
        `The fraction is above 0 and at most 1, got ${r.fraction}`,
        'Claude Code uses 0.01, Codex 0.02.',
      );
    if (r.contextTokens === undefined && settings.listing.contextTokens === undefined)
      throw bad('A fraction needs a context size', 'Pass --context-tokens N with --fraction.');
  }
}

/**
 * The listing's budget in characters, and where it came from: the request's characters or context
 * size, else the settings' (the config's, the agent's fraction), else the default.
 */
export function budgetOf(
  l: ListingSettings,
  r: Pick<ListingRequest, 'budget' | 'contextTokens' | 'fraction'> = {},
): { budget: number; budgetSource: BudgetSource } {
  const chars = r.budget ?? (r.contextTokens === undefined ? l.budget : undefined);
  const contextTokens = r.contextTokens ?? l.contextTokens;
  const fraction = r.fraction ?? l.fraction;
  return {
    budget: listingBudget({
      ...(chars !== undefined ? { chars } : {}),
      ...(contextTokens !== undefined ? { contextTokens } : {}),
      ...(fraction !== undefined ? { fraction } : {}),
    }),
    budgetSource:
      chars !== undefined ? 'chars' : contextTokens !== undefined ? 'context' : 'default',
  };
}

/** Build the listing of the catalog, ranked by `relevance` when given, else by `usage`. */
export function buildListing(
  catalog: Catalog,
  settings: Settings,
  r: ListingRequest,
  rank: { usage?: ReadonlyMap<string, number>; relevance?: ReadonlyMap<string, number> },
): ListingView {
  checkRequest(r, settings);
  const l = settings.listing;
  const { budget, budgetSource } = budgetOf(l, r);
  const format = r.format ?? l.format;
  const domainsFrom = r.domainsFrom ?? 'path';
  const tiers = findTiers(catalog.skills);
  const entries = listingEntries(catalog, settings, {
    domains: listingDomains(catalog.skills, domainsFrom),
    tiers,
  });
  const result = renderListing(entries, {
    format,
    budget,
    ...(l.entryCap !== undefined ? { entryCap: l.entryCap } : {}),
    ...(r.activated ? { activated: r.activated } : {}),
    searchHint: r.searchHint || reachHint(tiers, r.searchTool || undefined),
    ...(rank.relevance && rank.relevance.size > 0 ? { relevance: rank.relevance } : {}),
    ...(rank.usage && rank.usage.size > 0 ? { usage: rank.usage } : {}),
  });
  return {
    ...result,
    format,
    budgetSource,
    domainsFrom,
    tiers,
  };
}
