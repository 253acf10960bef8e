// What the listing knows of a library's shape: the domain of each skill (to spread the names it keeps
// across domains and name each once), and the routers of a tier built with `skillset build`, which
// the listing keeps first and its closing line points to.

import { DEFAULT_SEARCH_TOOL } from '../render/listing.js';
import type { Skill } from '../skill/types.js';
import {
  domainOf,
  domainSlug,
  GENERAL_DOMAIN,
  relativeSkillPath,
  type TierSkill,
} from '../tier/domains.js';

/** Where a skill's domain comes from, as `skillset build --domains-from` says. */
export type ListingDomainsFrom = 'path' | 'field';

/**
 * Each skill's domain, by id. `field`: front matter `domain`, else `category` (as the tier builder).
 * `path`: the first folder below the root, as the tier builder takes it; but when every skill of a
 * root sits below the same folders (`plugins/<plugin>/skills/<skill>`), the first folder below those.
 * A skill with no such folder is in `general`.
 */
export function listingDomains(
  skills: readonly TierSkill[],
  from: ListingDomainsFrom = 'path',
): Map<string, string> {
  const out = new Map<string, string>();
  if (from === 'field') {
    for (const s of skills) out.set(s.id, domainOf(s, 'field'));
    return out;
  }
  // The folders between each skill's root and its own folder, and what a root's skills all share.
  const folders = new Map<string, string[]>();
  const shared = new Map<string, string[]>();
  for (const s of skills) {
    const parts = relativeSkillPath(s).split('/').slice(0, -2);
    const inside = parts[0] !== '..';
    folders.set(s.id, inside ? parts : []);
    const common = shared.get(s.source.root);
    if (common === undefined) shared.set(s.source.root, inside ? [...parts] : []);
    else {
      let k = 0;
      while (k < common.length && common[k] === parts[k]) k++;
      common.length = inside ? k : 0;
    }
  }
  for (const s of skills) {
    const skip = shared.get(s.source.root)?.length ?? 0;
    const folder = (folders.get(s.id) as string[])[skip];
    out.set(s.id, folder === undefined ? GENERAL_DOMAIN : domainSlug(folder));
  }
  return out;
}

/** A tier found among the skills: its entry router and the routers of its domains, by id. */
export interface FoundTier {
  entry: string;
  routers: string[];
}

const ENTRY = /^Entry point for the .+ library: [\d,]+ skills? across [\d,]+ domains? \(/u;
const ROUTER = /^Router for the (?:one|[\d,]+) `[^`]+` skills?\. /u;

/** The tiers `skillset build` wrote into the roots, found by their routers' generated descriptions. */
export function findTiers(skills: readonly Pick<Skill, 'id' | 'description'>[]): FoundTier[] {
  const tiers: FoundTier[] = [];
  for (const s of skills) {
    if (!ENTRY.test(s.description)) continue;
    const routers = skills
      .filter((r) => r.id.startsWith(`${s.id}-`) && ROUTER.test(r.description))
      .map((r) => r.id)
      .sort();
    tiers.push({ entry: s.id, routers });
  }
  return tiers.sort((a, b) => (a.entry < b.entry ? -1 : a.entry > b.entry ? 1 : 0));
}

/** The closing line's "how to reach them": a tier's routers when there is one, and the search tool. */
export function reachHint(tiers: readonly FoundTier[], searchTool = DEFAULT_SEARCH_TOOL): string {
  const search = `find them with the ${searchTool} tool (skillset search)`;
  if (tiers.length === 0) return search;
  const routers = tiers.map((t) => `${t.entry}-<domain>`).join(', ');
  const entries = tiers.map((t) => t.entry).join(', ');
  return `open the router of their domain (${routers}; ${entries} lists the domains), or ${search}`;
}
