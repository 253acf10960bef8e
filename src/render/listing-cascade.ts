// The degradation cascade: decide how each visible entry is shown so the listing fits its budget.
// Levels in order: full (with paths; then, in XML and JSON, without them) → truncated (equal share,
// or ranked by relevance or usage) → names → partial (listing-partial.ts: the names chosen by rank,
// grouped by domain, then one closing line). Every decision uses exact lengths.

import { type EntryView, type FormatSpec, listingCost } from './listing-format.js';
import {
  describable,
  fullShown,
  fullView,
  type Item,
  type ListingLevel,
  type ListingMode,
  nameShown,
  nameView,
  type Placement,
  type Shown,
} from './listing-item.js';
import { placePartial } from './listing-partial.js';
import { clip } from './listing-text.js';

/** Below this many characters for each description, the listing shows names instead (Claude Code). */
export const MIN_SHARE = 20;

/**
 * Place `items` (in output order; `rank()` gives the same items, first to keep first, and is called
 * only once something must give way) within `budget` characters of `spec`. `closingLine(n)` says
 * that n more skills exist and how to reach them.
 */
export function placeItems(
  items: readonly Item[],
  rank: () => readonly Item[],
  spec: FormatSpec,
  budget: number,
  mode: ListingMode,
  closingLine: (omitted: number, brief: boolean) => string,
): Placement {
  let paths = true;
  const views: EntryView[] = items.map((i) => fullView(i, paths));
  const shown: Shown[] = items.map(fullShown);
  const done = (level: ListingLevel): Placement => ({
    level,
    blocks: views,
    chars: views.map((v) => spec.cost(v)),
    shown,
    paths,
    closing: null,
    empty: false,
  });
  const cost = (i: Item): number => spec.cost(views[i.index] as EntryView);
  const total = (): number => listingCost(spec, views);
  const setName = (i: Item): void => {
    views[i.index] = nameView(i, paths);
    shown[i.index] = nameShown(i);
  };
  const setFull = (i: Item): void => {
    views[i.index] = fullView(i, paths);
    shown[i.index] = fullShown(i);
  };
  // Cut each of `group` to `share` characters of description; true when the share is worth it.
  const share = (group: readonly Item[], room: number): boolean => {
    const each = Math.floor(room / group.length);
    if (!(each >= MIN_SHARE)) return false;
    for (const i of group) {
      if (spec.measure(i.text) <= each) continue;
      views[i.index] = { name: i.name, location: null, text: clip(i.text, each, spec.measure) };
      shown[i.index] = 'truncated';
    }
    return true;
  };

  if (total() <= budget) return done('full');
  // No entry, and not even the empty block fits: nothing to cut and nothing to announce.
  if (items.length === 0) return { ...done('full'), empty: true };

  // The model loads by name: once anything must give way, the paths go first.
  paths = false;
  for (const i of items) setFull(i);
  if (total() <= budget) return done('full');

  // Level 2: the unpinned entries with something to say give way; the others stay as they are.
  const ranked = rank();
  const cut = ranked.filter((i) => !i.pinned && describable(i));
  if (cut.length > 0) {
    for (const i of cut) setName(i);
    const fixed = total() - cut.reduce((n, i) => n + cost(i), 0);
    const bases = (group: readonly Item[]): number =>
      group.reduce((n, i) => n + spec.base(i.name, null), 0);
    if (mode === 'equal-share') {
      for (const i of cut) setFull(i);
      if (share(cut, budget - fixed - bases(cut))) return done('truncated');
    } else if (total() <= budget) {
      // Keep the best-ranked whole, in rank order, until one does not fit.
      let used = total();
      let kept = 0;
      for (const i of cut) {
        const extra = spec.cost(fullView(i, paths)) - cost(i);
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
      const extra = spec.cost(fullView(i, paths)) - cost(i);
      if (used + extra > budget) break;
      setFull(i);
      used += extra;
    }
    return done('names');
  }

  // Level 4: not even every name fits.
  return placePartial(items, ranked, spec, budget, mode, closingLine);
}
