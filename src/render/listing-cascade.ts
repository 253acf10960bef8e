// The degradation cascade: decide how each visible entry is shown so the listing fits its budget.
// Levels in order: full → truncated (equal share, or ranked by relevance or usage) → names → partial
// (names by rank up to the budget, then one closing line). Every decision uses exact lengths.

import { type EntryView, type FormatSpec, listingCost } from './listing-format.js';
import { clip } from './listing-text.js';

/** Below this many characters for each description, the listing shows names instead (Claude Code). */
export const MIN_SHARE = 20;

/** How an entry appears: whole, cut by the per-entry cap, cut to fit, its name alone, or not at all. */
export type Shown = 'full' | 'capped' | 'truncated' | 'name' | 'omitted';

/** How far the listing degraded. */
export type ListingLevel = 'full' | 'truncated' | 'names' | 'partial';

/** Who loses first when the full listing does not fit. */
export type ListingMode = 'equal-share' | 'relevance' | 'usage';

/** A visible entry, ready to place. */
export interface Item {
  index: number;
  /** The name as given: what usage, relevance and results are keyed by. */
  key: string;
  /** The name as printed, on one line. */
  name: string;
  location: string;
  pinned: boolean;
  /** An override that shows the name alone. */
  nameOnly: boolean;
  /** Description and when_to_use on one line, after the per-entry cap; '' when there is none. */
  text: string;
  capped: boolean;
  /** Its relevance score (0 when there is none). */
  relevance: number;
}

/**
 * When even the names do not fit, a relevance-ranked listing still describes the skills scored at
 * least this (the selection pipeline's default threshold: the skills it would load), in rank order.
 */
export const DESCRIBED_RELEVANCE = 50;
/** …while their descriptions take at most this share of the budget: the rest lists names. */
export const DESCRIBED_SHARE = 0.5;

/** Where each item ended up (by `index`), and the closing line if any entry is left out. */
export interface Placement {
  level: ListingLevel;
  views: Array<EntryView | null>;
  shown: Shown[];
  closing: { line: string; omitted: number } | null;
  /** Even the closing line did not fit: the text is empty. */
  empty: boolean;
}

const describable = (i: Item): boolean => !i.nameOnly && i.text !== '';
const fullView = (i: Item): EntryView => ({
  name: i.name,
  location: i.location,
  text: describable(i) ? i.text : null,
});
const nameView = (i: Item): EntryView => ({
  name: i.name,
  location: i.location,
  text: null,
  ...(describable(i) || i.nameOnly ? { bare: true } : {}),
});
const fullShown = (i: Item): Shown => (i.nameOnly ? 'name' : i.capped ? 'capped' : 'full');
const nameShown = (i: Item): Shown => (describable(i) ? 'name' : fullShown(i));

/**
 * Place `items` (in output order; `ranked` is the same items, first to keep first) within `budget`
 * characters of `spec`. `closingLine(n)` says that n more skills exist and how to reach them.
 */
export function placeItems(
  items: readonly Item[],
  ranked: readonly Item[],
  spec: FormatSpec,
  budget: number,
  mode: ListingMode,
  closingLine: (omitted: number, brief: boolean) => string,
): Placement {
  const views: Array<EntryView | null> = items.map(fullView);
  const shown: Shown[] = items.map(fullShown);
  const done = (level: ListingLevel): Placement => ({
    level,
    views,
    shown,
    closing: null,
    empty: false,
  });
  const cost = (i: Item): number => spec.cost(views[i.index] as EntryView);
  const total = (): number => listingCost(spec, views as EntryView[]);
  const setName = (i: Item): void => {
    views[i.index] = nameView(i);
    shown[i.index] = nameShown(i);
  };
  const setFull = (i: Item): void => {
    views[i.index] = fullView(i);
    shown[i.index] = fullShown(i);
  };
  // Cut each of `group` to `share` characters of description; true when the share is worth it.
  const share = (group: readonly Item[], room: number): boolean => {
    const each = Math.floor(room / group.length);
    if (!(each >= MIN_SHARE)) return false;
    for (const i of group) {
      if (spec.measure(i.text) <= each) continue;
      views[i.index] = {
        name: i.name,
        location: i.location,
        text: clip(i.text, each, spec.measure),
      };
      shown[i.index] = 'truncated';
    }
    return true;
  };

  if (total() <= budget) return done('full');
  // No entry, and not even the empty block fits: nothing to cut and nothing to announce.
  if (items.length === 0) return { ...done('full'), empty: true };

  // Level 2: the unpinned entries with something to say give way; the others stay as they are.
  const cut = ranked.filter((i) => !i.pinned && describable(i));
  if (cut.length > 0) {
    for (const i of cut) setName(i);
    const fixed = total() - cut.reduce((n, i) => n + cost(i), 0);
    const bases = (group: readonly Item[]): number =>
      group.reduce((n, i) => n + spec.base(i.name, i.location), 0);
    if (mode === 'equal-share') {
      for (const i of cut) setFull(i);
      if (share(cut, budget - fixed - bases(cut))) return done('truncated');
    } else if (total() <= budget) {
      // Keep the best-ranked whole, in rank order, until one does not fit.
      let used = total();
      let kept = 0;
      for (const i of cut) {
        const extra = spec.cost(fullView(i)) - cost(i);
        if (used + extra > budget) break;
        setFull(i);
        used += extra;
        kept++;
      }
      const rest = cut.slice(kept);
      let spread = false;
      if (mode === 'relevance' && rest.length > 0) {
        const room = budget - (used - rest.reduce((n, i) => n + cost(i), 0)) - bases(rest);
        for (const i of rest) setFull(i);
        spread = share(rest, room);
        if (!spread) for (const i of rest) setName(i);
      }
      return done(kept > 0 || spread ? 'truncated' : 'names');
    }
  }

  // Level 3: every name; pinned entries keep their text while it fits, in rank order.
  for (const i of items) setName(i);
  if (total() <= budget) {
    let used = total();
    for (const i of ranked) {
      if (!i.pinned || !describable(i)) continue;
      const extra = spec.cost(fullView(i)) - cost(i);
      if (used + extra > budget) break;
      setFull(i);
      used += extra;
    }
    return done('names');
  }

  // Level 4: names in rank order while they fit with the closing line, which is never left out. In
  // relevance mode the skills scored as relevant keep their text first, within a share of the budget.
  const n = items.length;
  let used = spec.frame;
  let listed = 0;
  let described = 0;
  // The closing line in full when it fits at all, else its brief form (the count alone).
  let brief = false;
  const fits = (k: number, withEntry: number): boolean => {
    const line = closingLine(n - k, brief);
    return withEntry + spec.closingCost(k, line, n - k) <= budget;
  };
  // With no name beside it, the line stands alone (no empty block around it).
  if (spec.aloneCost(closingLine(n, false), n) > budget) brief = true;
  for (const i of ranked) {
    const sep = listed > 0 ? spec.sep : 0;
    if (mode === 'relevance' && describable(i) && i.relevance >= DESCRIBED_RELEVANCE) {
      const whole = spec.cost(fullView(i));
      const extra = whole - cost(i);
      if (described + extra <= budget * DESCRIBED_SHARE && fits(listed + 1, used + whole + sep)) {
        setFull(i);
        described += extra;
      }
    }
    const next = used + cost(i) + sep;
    if (!fits(listed + 1, next)) {
      setName(i);
      break;
    }
    used = next;
    listed++;
  }
  const keep = new Set(ranked.slice(0, listed).map((i) => i.index));
  for (const i of items) {
    if (keep.has(i.index)) continue;
    views[i.index] = null;
    shown[i.index] = 'omitted';
  }
  const omitted = n - listed;
  return {
    level: 'partial',
    views,
    shown,
    closing: { line: closingLine(omitted, brief), omitted },
    empty: listed === 0 && spec.aloneCost(closingLine(n, brief), n) > budget,
  };
}
