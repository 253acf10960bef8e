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

/** The views being placed, entry by entry, and the steps that change how one is shown. */
class Placing {
  /** Are paths printed? They go first once anything must give way. */
  paths = true;
  readonly views: EntryView[];
  readonly shown: Shown[];

  constructor(
    items: readonly Item[],
    private readonly spec: FormatSpec,
  ) {
    this.views = items.map((i) => fullView(i, this.paths));
    this.shown = items.map(fullShown);
  }

  /** The placement as it stands, at `level`. */
  done(level: ListingLevel): Placement {
    const { views, spec } = this;
    return {
      level,
      blocks: views,
      chars: views.map((v) => spec.cost(v)),
      shown: this.shown,
      paths: this.paths,
      closing: null,
      empty: false,
    };
  }

  /** Characters `i` takes as shown now. */
  cost(i: Item): number {
    return this.spec.cost(this.views[i.index] as EntryView);
  }

  /** Characters the whole listing takes as shown now. */
  total(): number {
    return listingCost(this.spec, this.views);
  }

  /** Characters the given entries take as names alone. */
  bases(group: readonly Item[]): number {
    return group.reduce((n, i) => n + this.spec.base(i.name, null), 0);
  }

  /** Characters `i` would add if shown in full. */
  extraFull(i: Item): number {
    return this.spec.cost(fullView(i, this.paths)) - this.cost(i);
  }

  /** Show `i` by name alone. */
  setName(i: Item): void {
    this.views[i.index] = nameView(i, this.paths);
    this.shown[i.index] = nameShown(i);
  }

  /** Show `i` in full. */
  setFull(i: Item): void {
    this.views[i.index] = fullView(i, this.paths);
    this.shown[i.index] = fullShown(i);
  }

  /** Cut each of `group` to an equal share of `room` characters of description; true when the share is worth it. */
  share(group: readonly Item[], room: number): boolean {
    const each = Math.floor(room / group.length);
    if (!(each >= MIN_SHARE)) return false;
    const { spec } = this;
    for (const i of group) {
      if (spec.measure(i.text) <= each) continue;
      this.views[i.index] = {
        name: i.name,
        location: null,
        text: clip(i.text, each, spec.measure),
      };
      this.shown[i.index] = 'truncated';
    }
    return true;
  }
}

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
  const p = new Placing(items, spec);
  if (p.total() <= budget) return p.done('full');
  // No entry, and not even the empty block fits: nothing to cut and nothing to announce.
  if (items.length === 0) return { ...p.done('full'), empty: true };

  // The model loads by name: once anything must give way, the paths go first.
  p.paths = false;
  for (const i of items) p.setFull(i);
  if (p.total() <= budget) return p.done('full');

  // Level 2: the unpinned entries with something to say give way; the others stay as they are.
  const ranked = rank();
  const cut = ranked.filter((i) => !i.pinned && describable(i));
  if (cut.length > 0) {
    const placed = cutDescriptions(p, cut, budget, mode);
    if (placed) return placed;
  }

  // Level 3: every name; pinned entries keep their text while it fits, in rank order.
  for (const i of items) p.setName(i);
  if (p.total() <= budget) {
    let used = p.total();
    for (const i of ranked) {
      if (!i.pinned || !describable(i)) continue;
      const extra = p.extraFull(i);
      if (used + extra > budget) break;
      p.setFull(i);
      used += extra;
    }
    return p.done('names');
  }

  // Level 4: not even every name fits.
  return placePartial(items, ranked, spec, budget, mode, closingLine);
}

/**
 * Level 2: the descriptions of `cut` (ranked) give way, by an equal share or, by rank, whole until
 * one does not fit; undefined when even that does not fit (the next level decides).
 */
function cutDescriptions(
  p: Placing,
  cut: readonly Item[],
  budget: number,
  mode: ListingMode,
): Placement | undefined {
  for (const i of cut) p.setName(i);
  const fixed = p.total() - cut.reduce((n, i) => n + p.cost(i), 0);
  if (mode === 'equal-share') {
    for (const i of cut) p.setFull(i);
    return p.share(cut, budget - fixed - p.bases(cut)) ? p.done('truncated') : undefined;
  }
  if (p.total() > budget) return undefined;
  // Keep the best-ranked whole, in rank order, until one does not fit.
  let used = p.total();
  let kept = 0;
  for (const i of cut) {
    const extra = p.extraFull(i);
    if (used + extra > budget) break;
    p.setFull(i);
    used += extra;
    kept++;
  }
  const rest = cut.slice(kept);
  let spread = false;
  if (mode === 'relevance' && rest.length > 0) {
    const room = budget - (used - rest.reduce((n, i) => n + p.cost(i), 0)) - p.bases(rest);
    for (const i of rest) p.setFull(i);
    spread = p.share(rest, room);
    if (!spread) for (const i of rest) p.setName(i);
  }
  return p.done(kept > 0 || spread ? 'truncated' : 'names');
}
