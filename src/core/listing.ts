// The catalog listing over a catalog and the settings (S8), and `doctor`'s account of it: the size
// against the budget, the largest entries, what was hidden or cut and why, and the shell and
// permission posture.

import { skillsByName, walkExtends } from '../compose/extends.js';
import { SkillsetError } from '../errors.js';
import {
  decideSkillPermission,
  overrideProblems,
  unsafeProperties,
} from '../invoke/permissions.js';
import { findShellSites } from '../invoke/shell.js';
import {
  type ListingEntry,
  type ListingFormat,
  type ListingResult,
  listingBudget,
  type PartialChoice,
  renderListing,
} from '../render/listing.js';
import type { Skill } from '../skill/types.js';
import {
  type FoundTier,
  findTiers,
  type ListingDomainsFrom,
  listingDomains,
  reachHint,
} from './listing-domains.js';
import { modelAccess } from './model-access.js';
import type { Settings } from './settings.js';
import { composedTrust, trustParts } from './trust.js';

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
  skills: readonly Skill[],
  settings: Settings,
  shape: { domains?: ReadonlyMap<string, string>; tiers?: readonly FoundTier[] } = {},
): ListingEntry[] {
  const pinned = new Set(settings.listing.pinned);
  for (const t of shape.tiers ?? []) for (const id of [t.entry, ...t.routers]) pinned.add(id);
  return skills.map((s) => {
    const e: ListingEntry = {
      ...modelAccess(s, settings),
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

/** Build the listing of `skills`, ranked by `relevance` when given, else by `usage`. */
export function buildListing(
  skills: readonly Skill[],
  settings: Settings,
  r: ListingRequest,
  rank: { usage?: ReadonlyMap<string, number>; relevance?: ReadonlyMap<string, number> },
): ListingView {
  checkRequest(r, settings);
  const l = settings.listing;
  const chars = r.budget ?? (r.contextTokens === undefined ? l.budget : undefined);
  const contextTokens = r.contextTokens ?? l.contextTokens;
  const budget = listingBudget({
    ...(chars !== undefined ? { chars } : {}),
    ...(contextTokens !== undefined ? { contextTokens } : {}),
    ...((r.fraction ?? l.fraction) !== undefined ? { fraction: r.fraction ?? l.fraction } : {}),
  });
  const format = r.format ?? l.format;
  const domainsFrom = r.domainsFrom ?? 'path';
  const tiers = findTiers(skills);
  const entries = listingEntries(skills, settings, {
    domains: listingDomains(skills, domainsFrom),
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
    budgetSource:
      chars !== undefined ? 'chars' : contextTokens !== undefined ? 'context' : 'default',
    domainsFrom,
    tiers,
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
    /** The entries carry their path (only while every entry fits whole with it, in XML and JSON). */
    paths: boolean;
    /** At the partial level: what chose the names kept, and how many domains they reach. */
    choice?: PartialChoice;
    domainsFrom: ListingDomainsFrom;
    /** The tiers built into the roots: their routers are pinned, and the closing line points to them. */
    tiers: FoundTier[];
    /** The closing line, when skills are left out. */
    closing?: string;
  };
  shell: {
    policy: 'on' | 'off';
    trustProject: boolean;
    timeoutMs: number;
    /** Where the project's trust comes from, when it is trusted. */
    trustSource?: string;
    /** Folders whose skills are trusted (the user config's `invoke.trustedProjects`). */
    trustedFolders: string[];
    /** Skills with shell sites (theirs and their parents'), whether they would run, and why not. */
    skills: Array<{
      name: string;
      scope: string;
      sites: number;
      runs: boolean;
      untrusted?: string;
    }>;
  };
  permissions: {
    allow: string[];
    deny: string[];
    overrides: Record<string, string>;
    /** What the model's call to each skill would get, under the rules and overrides. */
    model: { allow: number; ask: number; deny: number };
    /** Skills the model cannot invoke without asking: their properties outside the safe list. */
    ask: Array<{ name: string; unsafe: string[] }>;
    /** Skills denied to the model, and by what. */
    denied: Array<{ name: string; step: string; reason: string }>;
  };
  /** Settings that do not do what they say: unreadable rules, unknown overrides, names of no skill. */
  problems: string[];
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
  const { shell, trustProject, trustSource, trustedFolders, timeoutMs } = settings.invoke;
  const grant = { trustProject, trustedFolders };
  const byName = skillsByName(skills, (s) => s);
  const shellSkills: DoctorReport['shell']['skills'] = [];
  for (const s of skills) {
    // Shell in a parent runs in the child's expansion: a chain is trusted as its least trusted skill.
    const { chain } = walkExtends(
      s,
      (k) => ({ name: k.id, path: k.path, extends: k.frontmatter.extends }),
      (n) => byName.get(n),
    );
    const sites = chain.reduce((n, k) => n + findShellSites(bodies.get(k.id) ?? '').length, 0);
    if (sites === 0) continue;
    // Trusted as invoking it would decide (its imports are known only once it is read).
    const parts = trustParts(
      chain.map((skill) => ({ skill, contentHash: skill.contentHash })),
      [],
      grant,
    );
    const trust = composedTrust(parts);
    shellSkills.push({
      name: s.id,
      scope: s.source.scope,
      sites,
      runs: shell === 'on' && trust.trusted,
      ...(trust.because ? { untrusted: trust.because } : {}),
    });
  }
  const ask: DoctorReport['permissions']['ask'] = [];
  const denied: DoctorReport['permissions']['denied'] = [];
  const model = { allow: 0, ask: 0, deny: 0 };
  const problems = new Set<string>();
  for (const s of skills) {
    const d = decideSkillPermission(s, { by: 'model' }, settings.permissions);
    model[d.decision]++;
    for (const p of d.problems ?? []) problems.add(`permissions: ${p.message}`);
    if (d.decision === 'deny') denied.push({ name: s.id, step: d.step, reason: d.reason });
    if (d.decision === 'ask') ask.push({ name: s.id, unsafe: d.unsafe ?? unsafeProperties(s.raw) });
  }
  for (const p of overrideProblems(settings.permissions.overrides))
    problems.add(`permissions.overrides: ${p}`);
  const known = new Set(skills.flatMap((s) => [s.id, s.name]));
  for (const name of Object.keys(settings.permissions.overrides))
    if (!known.has(name))
      problems.add(`permissions.overrides names \`${name}\`, which is no skill here`);
  for (const name of settings.listing.pinned)
    if (!known.has(name)) problems.add(`listing.pinned names \`${name}\`, which is no skill here`);
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
      paths: listing.paths,
      ...(listing.choice ? { choice: listing.choice } : {}),
      domainsFrom: listing.domainsFrom,
      tiers: listing.tiers,
      ...(listing.closing !== undefined ? { closing: listing.closing } : {}),
    },
    shell: {
      policy: shell,
      trustProject,
      ...(trustSource ? { trustSource } : {}),
      trustedFolders,
      timeoutMs,
      skills: shellSkills,
    },
    permissions: {
      allow: settings.permissions.allow,
      deny: settings.permissions.deny,
      overrides: settings.permissions.overrides,
      model,
      ask,
      denied,
    },
    problems: [...problems],
  };
}
