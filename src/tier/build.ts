// The tiered catalog of a large library (SPEC S10): an entry router, one router skill per domain, and
// one roster per domain with a gloss per skill, as files. Pure: the same skills give the same bytes.

import { type DomainOverrides, deriveRouters } from './derive.js';
import { type DomainStrategy, domainOf, relativeSkillPath, type TierSkill } from './domains.js';
import { buildGloss, clipWords, GLOSS_BUDGET } from './gloss.js';
import {
  type DomainView,
  entryDescription,
  renderDomainRouter,
  renderEntryRouter,
  renderRoster,
  routerDescription,
} from './render.js';
import { splitDescription } from './split.js';

/** How a tier is built; every field is optional. */
export interface TierOptions {
  /** How skills are put in domains (default `path`: the first folder below the root). */
  domainOf?: DomainStrategy;
  /** The library's name: the entry router's name, so the tier's folder should be named so (default `skills`). */
  library?: string;
  /** Put before every roster path (default ''): the library root as seen from a router's folder, e.g. `../../skills/`. */
  pathPrefix?: string;
  /**
   * The path a router and its roster print for a skill: relative to the router's folder (`folder`,
   * `<library>-<domain>`, below the tier's folder), as a model reads paths in a skill (default:
   * `pathPrefix` + its SKILL.md below its root).
   */
  pathOf?: (skill: TierSkill, folder: string) => string;
  /** The gloss budget in characters (default 220). */
  budget?: number;
  /** Hand-written router parts by domain, replacing what is derived. */
  domains?: Readonly<Record<string, DomainOverrides>>;
}

/** One file of a tier: its path below the tier's folder (`/`-separated) and its text. */
export interface TierFile {
  path: string;
  text: string;
}

/** One domain of a planned tier. */
export interface PlannedDomain {
  domain: string;
  /** The router's front matter description (what is paid at session start). */
  description: string;
  router: string;
  roster: string;
  skills: TierSkill[];
}

/** A tier before it is files: the entry router and the domains, sorted by name. */
export interface TierPlan {
  library: string;
  entryDescription: string;
  entry: string;
  domains: PlannedDomain[];
}

/** How far the files on disk are from a fresh build. */
export interface TierDrift {
  /** Expected, absent on disk. */
  missing: string[];
  /** On disk with other bytes. */
  changed: string[];
  /** On disk, not part of the tier. */
  extra: string[];
}

const byText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Featured entry points say what a skill is for in at most this many characters. */
const FEATURED_CHARS = 100;

/** Plan the tier of `skills`: group by domain, derive each router, gloss each skill. */
export function planTier(skills: readonly TierSkill[], options: TierOptions = {}): TierPlan {
  const strategy = options.domainOf ?? 'path';
  const library = options.library ?? 'skills';
  const pathOf =
    options.pathOf ?? ((s: TierSkill) => `${options.pathPrefix ?? ''}${relativeSkillPath(s)}`);
  const byDomain = new Map<string, TierSkill[]>();
  for (const s of [...skills].sort((a, b) => byText(a.id, b.id))) {
    const d = domainOf(s, strategy);
    const list = byDomain.get(d);
    if (list) list.push(s);
    else byDomain.set(d, [s]);
  }
  const names = [...byDomain.keys()].sort(byText);
  const sorted = new Map(names.map((d) => [d, byDomain.get(d) as TierSkill[]]));
  const parts = deriveRouters(sorted, options.domains);
  const byId = new Map(skills.map((s) => [s.id, s]));

  const views: DomainView[] = [];
  const domains: PlannedDomain[] = [];
  for (const [domain, members] of sorted) {
    const p = parts.get(domain);
    if (!p) continue;
    const description = routerDescription(domain, members.length, p.scope, p.vocabulary, p.notFor);
    const folder = `${library}-${domain}`;
    const entries = members
      .map((s) => ({
        path: pathOf(s, folder),
        gloss: buildGloss(s.description, options.budget ?? GLOSS_BUDGET),
      }))
      .sort((a, b) => byText(a.path, b.path));
    const featured = p.featured.flatMap((id) => {
      const s = byId.get(id);
      return s
        ? [
            {
              path: pathOf(s, folder),
              what: clipWords(splitDescription(s.description).lead, FEATURED_CHARS),
            },
          ]
        : [];
    });
    const view: DomainView = {
      domain,
      folder,
      description,
      scope: p.scope,
      featured,
      entries,
    };
    views.push(view);
    domains.push({
      domain,
      description,
      router: renderDomainRouter(view),
      roster: renderRoster(view),
      skills: members,
    });
  }
  const topics = [...parts.values()]
    .flatMap((p) => p.scopeWords.slice(0, 2))
    .filter((t, i, all) => all.indexOf(t) === i);
  const description = entryDescription(library, views, topics);
  return {
    library,
    entryDescription: description,
    entry: renderEntryRouter(library, description, views),
    domains,
  };
}

/**
 * The files of a tier, sorted by path: the entry router `<library>/SKILL.md`, and beside it each
 * domain's router `<library>-<domain>/SKILL.md` with its roster (sibling skills, as agents load them).
 */
export function buildTier(skills: readonly TierSkill[], options: TierOptions = {}): TierFile[] {
  return tierFiles(planTier(skills, options));
}

/** The files of a planned tier, sorted by path. */
export function tierFiles(plan: TierPlan): TierFile[] {
  const files: TierFile[] = [{ path: `${plan.library}/SKILL.md`, text: plan.entry }];
  for (const d of plan.domains) {
    const folder = `${plan.library}-${d.domain}`;
    files.push({ path: `${folder}/SKILL.md`, text: d.router });
    files.push({ path: `${folder}/references/skill-index.md`, text: d.roster });
  }
  return files.sort((a, b) => byText(a.path, b.path));
}
