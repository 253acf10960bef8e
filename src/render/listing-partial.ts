// The last level of the cascade, when not even every name fits: the names are taken in rank order
// (pinned, relevant to the turn, used, then spread across domains) while they fit with one closing
// line that says how many more exist and how to reach them. Names are grouped under their domain,
// each domain named once with its number of skills; pinned entries and the skills described for the
// turn come first, as entries of their own. No path is printed: the model loads by name.

import type { Block, EntryView, FormatSpec, GroupView } from './listing-format.js';
import {
  type ChosenBy,
  describable,
  fullShown,
  fullView,
  type Item,
  type ListingMode,
  nameShown,
  nameView,
  type PartialChoice,
  type Placement,
  type Shown,
} from './listing-item.js';

/**
 * When even the names do not fit, a relevance-ranked listing still describes the skills scored at
 * least this (the selection pipeline's default threshold: the skills it would load), in rank order.
 */
export const DESCRIBED_RELEVANCE = 50;
/** …while their descriptions take at most this share of the budget: the rest lists names. */
export const DESCRIBED_SHARE = 0.5;

/** Place items when not even every name fits (see the module comment). */
export function placePartial(
  items: readonly Item[],
  ranked: readonly Item[],
  spec: FormatSpec,
  budget: number,
  mode: ListingMode,
  closingLine: (omitted: number, brief: boolean) => string,
): Placement {
  const n = items.length;
  const sizes = new Map<string, number>();
  for (const i of items) sizes.set(i.domain, (sizes.get(i.domain) ?? 0) + 1);
  // Pinned entries are listed on their own: the domains are those of the others. The names are
  // grouped when each of those has a domain and there are two or more (one group is a header of noise).
  const domains = new Set(items.filter((i) => !i.pinned).map((i) => i.domain));
  const grouped = domains.size >= 2 && !domains.has('');
  const shown: Shown[] = items.map(() => 'omitted');
  const chars: number[] = items.map(() => 0);
  const top: EntryView[] = [];
  const names: EntryView[] = [];
  const groups = new Map<string, GroupView>();
  const listed: Record<ChosenBy, number> = { pinned: 0, relevance: 0, usage: 0, spread: 0 };
  const reached = new Set<string>();
  let used = spec.frame;
  let blocks = 0;
  let count = 0;
  let described = 0;
  // The closing line in full when it fits at all, else its brief form (the count alone).
  const brief = spec.aloneCost(closingLine(n, false), n) > budget;
  // Does a listing of `k` entries in `b` blocks, `total` characters, fit with its closing line?
  const fits = (k: number, b: number, total: number): boolean =>
    k === n
      ? total <= budget
      : total + spec.closingCost(b, closingLine(n - k, brief), n - k) <= budget;
  const take = (i: Item, s: Shown, c: number): void => {
    shown[i.index] = s;
    chars[i.index] = c;
    listed[i.chosen]++;
    if (!i.pinned) reached.add(i.domain);
    count++;
  };

  for (const i of ranked) {
    const sep = blocks > 0 ? spec.sep : 0;
    if (mode === 'relevance' && describable(i) && i.relevance >= DESCRIBED_RELEVANCE) {
      const view = fullView(i, false);
      const whole = spec.cost(view);
      const extra = whole - spec.cost(nameView(i, false));
      if (
        described + extra <= budget * DESCRIBED_SHARE &&
        fits(count + 1, blocks + 1, used + sep + whole)
      ) {
        top.push(view);
        used += sep + whole;
        blocks++;
        described++;
        take(i, fullShown(i), whole);
        continue;
      }
    }
    if (i.pinned || !grouped) {
      const view = nameView(i, false);
      const c = spec.cost(view);
      if (!fits(count + 1, blocks + 1, used + sep + c)) break;
      (i.pinned ? top : names).push(view);
      used += sep + c;
      blocks++;
      take(i, nameShown(i), c);
      continue;
    }
    const group = groups.get(i.domain);
    const c = group
      ? spec.nameCost(i.name, false)
      : sep +
        spec.groupCost({ domain: i.domain, skills: sizes.get(i.domain) ?? 0, names: [i.name] });
    if (!fits(count + 1, group ? blocks : blocks + 1, used + c)) break;
    if (group) group.names.push(i.name);
    else {
      groups.set(i.domain, { domain: i.domain, skills: sizes.get(i.domain) ?? 0, names: [i.name] });
      blocks++;
    }
    used += c;
    take(i, nameShown(i), spec.nameCost(i.name, true));
  }

  const omitted = n - count;
  const choice: PartialChoice = {
    by: mode === 'relevance' ? 'relevance' : listed.usage > 0 ? 'usage' : 'domains',
    listed,
    described,
    domains: domains.has('') ? domains.size - 1 : domains.size,
    reached: [...reached].filter((d) => d !== '' && domains.has(d)).length,
    named: groups.size,
  };
  const blocksOut: Block[] = [...top, ...names, ...groups.values()];
  if (omitted === 0)
    return {
      level: 'names',
      blocks: blocksOut,
      chars,
      shown,
      paths: false,
      closing: null,
      empty: false,
      choice,
    };
  return {
    level: 'partial',
    blocks: blocksOut,
    chars,
    shown,
    paths: false,
    closing: { line: closingLine(omitted, brief), omitted },
    empty: count === 0 && spec.aloneCost(closingLine(n, brief), n) > budget,
    choice,
  };
}
