// The catalog listing over a catalog and the settings (S8), and `doctor`'s account of it: the size
// against the budget, the largest entries, what was hidden or cut and why, and the shell and
// permission posture.

import { listingVisibility, unsafeProperties } from '../invoke/permissions.js';
import { findShellSites } from '../invoke/shell.js';
import {
  type ListingEntry,
  type ListingFormat,
  type ListingResult,
  listingBudget,
  renderListing,
} from '../render/listing.js';
import type { Skill } from '../skill/types.js';
import { isTrusted } from './invoke.js';
import type { Settings } from './settings.js';

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
}

/** Where the budget came from. */
export type BudgetSource = 'chars' | 'context' | 'default';

/** A listing with its budget's source. */
export interface ListingView extends ListingResult {
  format: ListingFormat;
  budgetSource: BudgetSource;
}

/** The listing's entries for `skills`: id as the name, pins and overrides from the settings. */
export function listingEntries(skills: readonly Skill[], settings: Settings): ListingEntry[] {
  const pinned = new Set(settings.listing.pinned);
  return skills.map((s) => {
    const f = s.frontmatter;
    const e: ListingEntry = {
      name: s.id,
      description: s.description,
      location: s.path,
      visibility: listingVisibility(s, settings.permissions.overrides),
    };
    if (f.whenToUse) e.whenToUse = f.whenToUse;
    if (pinned.has(s.id) || pinned.has(s.name)) e.pinned = true;
    if (f.disableModelInvocation) e.disableModelInvocation = true;
    if (f.paths && f.paths.length > 0) e.paths = f.paths;
    return e;
  });
}

/** Build the listing of `skills`, ranked by `relevance` when given, else by `usage`. */
export function buildListing(
  skills: readonly Skill[],
  settings: Settings,
  r: ListingRequest,
  rank: { usage?: ReadonlyMap<string, number>; relevance?: ReadonlyMap<string, number> },
): ListingView {
  const l = settings.listing;
  const chars = r.budget ?? (r.contextTokens === undefined ? l.budget : undefined);
  const contextTokens = r.contextTokens ?? l.contextTokens;
  const budget = listingBudget({
    ...(chars !== undefined ? { chars } : {}),
    ...(contextTokens !== undefined ? { contextTokens } : {}),
    ...((r.fraction ?? l.fraction) !== undefined ? { fraction: r.fraction ?? l.fraction } : {}),
  });
  const format = r.format ?? l.format;
  const result = renderListing(listingEntries(skills, settings), {
    format,
    budget,
    ...(l.entryCap !== undefined ? { entryCap: l.entryCap } : {}),
    ...(r.activated ? { activated: r.activated } : {}),
    ...(r.searchHint ? { searchHint: r.searchHint } : {}),
    ...(rank.relevance && rank.relevance.size > 0 ? { relevance: rank.relevance } : {}),
    ...(rank.usage && rank.usage.size > 0 ? { usage: rank.usage } : {}),
  });
  return {
    ...result,
    format,
    budgetSource:
      chars !== undefined ? 'chars' : contextTokens !== undefined ? 'context' : 'default',
  };
}

/** `skillset doctor`: the listing against its budget, what was cut, and the shell and permission posture. */
export interface DoctorReport {
  listing: {
    format: ListingFormat;
    chars: number;
    budget: number;
    budgetSource: BudgetSource;
    /** What the full listing would take with nothing cut. */
    fullChars: number;
    level: ListingResult['level'];
    mode: ListingResult['mode'];
    skills: number;
    shown: number;
    /** The entries that take the most, largest first (ten at most). */
    largest: Array<{ name: string; chars: number; shown: string }>;
    cut: Array<{ name: string; shown: string }>;
    omitted: number;
    hidden: ListingResult['hidden'];
  };
  shell: {
    policy: 'on' | 'off';
    trustProject: boolean;
    timeoutMs: number;
    /** Skills with shell sites, and whether they would run. */
    skills: Array<{ name: string; scope: string; sites: number; runs: boolean }>;
  };
  permissions: {
    allow: string[];
    deny: string[];
    overrides: Record<string, string>;
    /** Skills the model cannot invoke without asking: their properties outside the safe list. */
    ask: Array<{ name: string; unsafe: string[] }>;
  };
}

/** The doctor's report over `skills`, given their listing and each one's body (for shell sites). */
export function doctorReport(
  skills: readonly Skill[],
  settings: Settings,
  listing: ListingView,
  bodies: ReadonlyMap<string, string>,
): DoctorReport {
  const full = renderListing(listingEntries(skills, settings), {
    format: listing.format,
    budget: Number.MAX_SAFE_INTEGER,
    ...(settings.listing.entryCap !== undefined ? { entryCap: settings.listing.entryCap } : {}),
  });
  const cut = listing.entries.filter((e) => e.shown !== 'full');
  const { shell, trustProject, timeoutMs } = settings.invoke;
  const shellSkills: DoctorReport['shell']['skills'] = [];
  for (const s of skills) {
    const sites = findShellSites(bodies.get(s.id) ?? '').length;
    if (sites === 0) continue;
    const runs = shell === 'on' && isTrusted(s, { trustProject });
    shellSkills.push({ name: s.id, scope: s.source.scope, sites, runs });
  }
  const ask: DoctorReport['permissions']['ask'] = [];
  for (const s of skills) {
    const unsafe = unsafeProperties(s.raw);
    if (unsafe.length > 0) ask.push({ name: s.id, unsafe });
  }
  return {
    listing: {
      format: listing.format,
      chars: listing.chars,
      budget: listing.budget,
      budgetSource: listing.budgetSource,
      fullChars: full.chars,
      level: listing.level,
      mode: listing.mode,
      skills: skills.length,
      shown: listing.entries.filter((e) => e.shown !== 'omitted').length,
      largest: [...full.entries]
        .sort((a, b) => b.chars - a.chars || (a.name < b.name ? -1 : 1))
        .slice(0, 10)
        .map((e) => ({
          name: e.name,
          chars: e.chars,
          shown: listing.entries.find((x) => x.name === e.name)?.shown ?? 'omitted',
        })),
      cut: cut.map((e) => ({ name: e.name, shown: e.shown })),
      omitted: listing.omitted,
      hidden: listing.hidden,
    },
    shell: { policy: shell, trustProject, timeoutMs, skills: shellSkills },
    permissions: {
      allow: settings.permissions.allow,
      deny: settings.permissions.deny,
      overrides: settings.permissions.overrides,
      ask,
    },
  };
}
