// `skillset doctor`'s account of the listing: the size against the budget, the largest entries, what
// was hidden or cut and why, and the shell and permission posture.

import type { Catalog } from '../catalog/catalog.js';
import { skillsByName, walkExtends } from '../compose/extends.js';
import {
  decideSkillPermission,
  overrideProblems,
  unsafeProperties,
} from '../invoke/permissions.js';
import { findShellSites } from '../invoke/shell.js';
import {
  type ListingFormat,
  type ListingResult,
  type PartialChoice,
  renderListing,
} from '../render/listing.js';
import type { SemanticModelName } from '../search/rank-settings.js';
import { useMissing } from '../search/use-model.js';
import type { Skill } from '../skill/types.js';
import { type BudgetSource, type ListingView, listingEntries } from './listing.js';
import type { FoundTier, ListingDomainsFrom } from './listing-domains.js';
import type { Settings } from './settings.js';
import { composedTrust, trustParts } from './trust.js';

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
  /** The semantic pass: on or off, its share of a fused score, and which of its models can run here. */
  search: {
    semantic: boolean;
    semanticWeight: number;
    models: Array<{ name: SemanticModelName; available: boolean; why?: string }>;
  };
  /** Settings that do not do what they say: unreadable rules, unknown overrides, names of no skill. */
  problems: string[];
}

/** The semantic pass's settings, and whether each model it would use can run here. */
function searchAccount(settings: Settings): DoctorReport['search'] {
  const endpoint = settings.rank.embeddingEndpoint;
  const why: Record<SemanticModelName, () => string | undefined> = {
    terms: () => undefined,
    use: useMissing,
    http: () =>
      endpoint === undefined
        ? 'no search.embeddingEndpoint in the user config'
        : endpoint.apiKeyEnv !== undefined && !process.env[endpoint.apiKeyEnv]
          ? `the environment variable ${endpoint.apiKeyEnv} (its API key) is not set`
          : undefined,
  };
  return {
    semantic: settings.rank.semantic,
    semanticWeight: settings.rank.semanticWeight,
    models: settings.rank.semanticModels.map((name) => {
      const off = why[name]();
      return off === undefined ? { name, available: true } : { name, available: false, why: off };
    }),
  };
}

/** The listing's account: its size against the budget, the largest entries, what was cut or hidden. */
function listingAccount(
  catalog: Catalog,
  settings: Settings,
  listing: ListingView,
): DoctorReport['listing'] {
  const full = renderListing(listingEntries(catalog, settings), {
    format: listing.format,
    budget: Number.MAX_SAFE_INTEGER,
    ...(settings.listing.entryCap !== undefined ? { entryCap: settings.listing.entryCap } : {}),
  });
  const cut = listing.entries.filter((e) => e.shown !== 'full');
  return {
    format: listing.format,
    chars: listing.chars,
    budget: listing.budget,
    budgetSource: listing.budgetSource,
    fullChars: full.chars,
    level: listing.level,
    mode: listing.mode,
    skills: catalog.skills.length,
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
  };
}

/** The skills with shell sites (theirs and their parents'), whether they would run, and why not. */
function shellPosture(
  skills: readonly Skill[],
  settings: Settings,
  bodies: ReadonlyMap<string, string>,
): DoctorReport['shell'] {
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
  return {
    policy: shell,
    trustProject,
    ...(trustSource ? { trustSource } : {}),
    trustedFolders,
    timeoutMs,
    skills: shellSkills,
  };
}

/** How the permission rules decide for the model, and the settings that do not do what they say. */
function permissionPosture(
  skills: readonly Skill[],
  settings: Settings,
): Pick<DoctorReport, 'permissions' | 'problems'> {
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

/** The doctor's report over the catalog, given its listing and each skill's body (for shell sites). */
export function doctorReport(
  catalog: Catalog,
  settings: Settings,
  listing: ListingView,
  bodies: ReadonlyMap<string, string>,
): DoctorReport {
  const { permissions, problems } = permissionPosture(catalog.skills, settings);
  return {
    listing: listingAccount(catalog, settings, listing),
    shell: shellPosture(catalog.skills, settings, bodies),
    permissions,
    search: searchAccount(settings),
    problems,
  };
}
