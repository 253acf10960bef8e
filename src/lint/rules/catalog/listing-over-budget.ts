// catalog/listing-over-budget: the listing the model always sees (SPEC S8) does not fit its budget whole.

import { z } from 'zod';
import { NO_RULES, visibilityOf } from '../../../catalog/visibility.js';
import {
  DEFAULT_ENTRY_CAP,
  DEFAULT_LISTING_BUDGET,
  type ListingEntry,
  type ListingEntryResult,
  renderListing,
} from '../../../render/listing.js';
import { filterableFields } from '../../../render/listing-rank.js';
import { entryText } from '../../../render/listing-text.js';
import type { Skill } from '../../../skill/types.js';
import { defineRule, type SkillInput } from '../../define-rule.js';
import { fieldPosition } from '../fields.js';

/** How many of the largest entries a report names. */
const LARGEST = 5;

/**
 * The listing entry of a skill, as `listingEntries` builds it with no settings: the catalog's policy
 * under no rules (no pins, no overrides, no deny rules).
 */
export function skillEntry(skill: Skill): ListingEntry {
  const e: ListingEntry = {
    name: skill.id,
    ...filterableFields(visibilityOf(skill, NO_RULES), skill.frontmatter.paths),
    description: skill.description,
    location: skill.path,
  };
  if (skill.frontmatter.whenToUse) e.whenToUse = skill.frontmatter.whenToUse;
  return e;
}

/** Entries by size, largest first (ties by name), for the report's `largest`. */
function bySize(entries: readonly ListingEntryResult[]): ListingEntryResult[] {
  return [...entries].sort((a, b) => b.chars - a.chars || (a.name < b.name ? -1 : 1));
}

/** Report a library whose listing is cut to fit its budget, and each entry over the per-entry cap. */
export const listingOverBudget = defineRule({
  code: 'catalog/listing-over-budget',
  description: 'Report a library whose listing does not fit its budget whole.',
  scope: 'catalog',
  severity: { spec: 'off', recommended: 'warning', security: 'off' },
  options: z.object({
    budget: z.number().int().nonnegative().default(DEFAULT_LISTING_BUDGET),
    entryCap: z.number().int().nonnegative().default(DEFAULT_ENTRY_CAP),
    format: z.enum(['markdown', 'xml', 'json']).default('xml'),
  }),
  messages: {
    truncated:
      'The listing needs {full} characters, over its budget of {budget}: {count} of {skills} descriptions are cut; shorten the longest descriptions (this one takes {chars}) or raise the budget',
    names:
      'The listing needs {full} characters, over its budget of {budget}: {count} of {skills} skills are listed by name alone; shorten the longest descriptions (this one takes {chars}) or raise the budget',
    partial:
      'The listing needs {full} characters, over its budget of {budget}: {omitted} of {skills} skills are not listed at all, and the model reaches them only through search; raise the budget, or split the library',
    capped:
      'The description and `when_to_use` take {length} characters, over the cap of {cap} for one listing entry: the model always sees them cut; move the detail into the body',
  },
  check(ctx) {
    const { budget, entryCap, format } = ctx.options;
    // The listing holds each id once: shadowed copies (listed after the skills that win) are left out.
    const byId = new Map<string, SkillInput>();
    for (const input of ctx.skills) if (!byId.has(input.skill.id)) byId.set(input.skill.id, input);
    const entries = [...byId.values()].map(({ skill }) => skillEntry(skill));
    const full = renderListing(entries, { format, entryCap, budget: Number.MAX_SAFE_INTEGER });
    const visible = new Set(full.entries.map((e) => e.name));

    for (const e of entries) {
      if (!visible.has(e.name)) continue;
      const length = entryText(e.description, e.whenToUse).length;
      if (length <= entryCap) continue;
      const { skill } = byId.get(e.name) as SkillInput;
      ctx.report({
        messageId: 'capped',
        file: skill.path,
        start: fieldPosition(skill, 'description'),
        data: { length, cap: entryCap },
      });
    }

    const listing = renderListing(entries, { format, entryCap, budget });
    if (listing.level === 'full') return;
    const wasShown = new Map(full.entries.map((e) => [e.name, e.shown]));
    const truncated = listing.entries.filter((e) => e.shown === 'truncated').length;
    const names = listing.entries.filter(
      (e) => e.shown === 'name' && wasShown.get(e.name) !== 'name',
    ).length;
    const largest = bySize(full.entries).slice(0, LARGEST);
    const [top, ...others] = largest.map((e) => ({
      ...e,
      skill: (byId.get(e.name) as SkillInput).skill,
    }));
    if (!top) return;
    ctx.report({
      messageId: listing.level,
      file: top.skill.path,
      start: fieldPosition(top.skill, 'description'),
      data: {
        budget: listing.budget,
        full: full.chars,
        level: listing.level,
        format,
        skills: listing.entries.length,
        count: { truncated, names, partial: listing.omitted }[listing.level],
        truncated,
        names,
        omitted: listing.omitted,
        name: top.name,
        chars: top.chars,
        largest: largest.map((e) => `${e.name} (${e.chars})`).join(', '),
      },
      related: others.map((e) => ({
        file: e.skill.path,
        start: fieldPosition(e.skill, 'description'),
        message: `another of the largest entries (${e.chars} characters)`,
      })),
    });
  },
});
