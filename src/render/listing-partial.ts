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

/** The partial listing being built: the entries taken so far, and what they cost. */
class PartialListing {
  readonly shown: Shown[];
  readonly chars: number[];
  readonly top: EntryView[] = [];
  readonly names: EntryView[] = [];
  readonly groups = new Map<string, GroupView>();
  readonly listed: Record<ChosenBy, number> = { pinned: 0, relevance: 0, usage: 0, spread: 0 };
  readonly reached = new Set<string>();
  used: number;
  blocks = 0;
  count = 0;
  described = 0;

  constructor(
    items: readonly Item[],
    private readonly spec: FormatSpec,
    private readonly budget: number,
    /** The closing line for `omitted` more skills, in full or brief. */
    private readonly closingLine: (omitted: number, brief: boolean) => string,
    /** The number of skills in each domain. */
    private readonly sizes: ReadonlyMap<string, number>,
    /** Is the closing line in its brief form (the count alone)? */
    readonly brief: boolean,
  ) {
    this.shown = items.map(() => 'omitted');
    this.chars = items.map(() => 0);
    this.used = spec.frame;
  }

  /** Separator characters before a new block. */
  sep(): number {
    return this.blocks > 0 ? this.spec.sep : 0;
  }

  /** Does a listing of `k` entries in `b` blocks, `total` characters, fit with its closing line? */
  fits(k: number, b: number, total: number): boolean {
    const n = this.shown.length;
    return k === n
      ? total <= this.budget
      : total + this.spec.closingCost(b, this.closingLine(n - k, this.brief), n - k) <= this.budget;
  }

  /** Count `i` as taken, shown as `s` in `c` characters. */
  take(i: Item, s: Shown, c: number): void {
    this.shown[i.index] = s;
    this.chars[i.index] = c;
    this.listed[i.chosen]++;
    if (!i.pinned) this.reached.add(i.domain);
    this.count++;
  }

  /** Take `i` in full, among the first entries, if its description fits its share; true when taken. */
  describe(i: Item): boolean {
    const { spec } = this;
    const sep = this.sep();
    const view = fullView(i, false);
    const whole = spec.cost(view);
    const extra = whole - spec.cost(nameView(i, false));
    if (
      !(
        this.described + extra <= this.budget * DESCRIBED_SHARE &&
        this.fits(this.count + 1, this.blocks + 1, this.used + sep + whole)
      )
    )
      return false;
    this.top.push(view);
    this.used += sep + whole;
    this.blocks++;
    this.described++;
    this.take(i, fullShown(i), whole);
    return true;
  }

  /** Take `i` by name, as an entry of its own, if it fits; true when taken. */
  name(i: Item): boolean {
    const sep = this.sep();
    const view = nameView(i, false);
    const c = this.spec.cost(view);
    if (!this.fits(this.count + 1, this.blocks + 1, this.used + sep + c)) return false;
    (i.pinned ? this.top : this.names).push(view);
    this.used += sep + c;
    this.blocks++;
    this.take(i, nameShown(i), c);
    return true;
  }

  /** Take `i` by name under its domain, if it fits; true when taken. */
  group(i: Item): boolean {
    const { spec, sizes } = this;
    const group = this.groups.get(i.domain);
    const c = group
      ? spec.nameCost(i.name, false)
      : this.sep() +
        spec.groupCost({ domain: i.domain, skills: sizes.get(i.domain) ?? 0, names: [i.name] });
    if (!this.fits(this.count + 1, group ? this.blocks : this.blocks + 1, this.used + c))
      return false;
    if (group) group.names.push(i.name);
    else {
      this.groups.set(i.domain, {
        domain: i.domain,
        skills: sizes.get(i.domain) ?? 0,
        names: [i.name],
      });
      this.blocks++;
    }
    this.used += c;
    this.take(i, nameShown(i), spec.nameCost(i.name, true));
    return true;
  }
}

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
  // The closing line in full when it fits at all, else its brief form (the count alone).
  const brief = spec.aloneCost(closingLine(n, false), n) > budget;
  const p = new PartialListing(items, spec, budget, closingLine, sizes, brief);
  for (const i of ranked) {
    if (
      mode === 'relevance' &&
      describable(i) &&
      i.relevance >= DESCRIBED_RELEVANCE &&
      p.describe(i)
    )
      continue;
    if (!(i.pinned || !grouped ? p.name(i) : p.group(i))) break;
  }
  return partialPlacement(p, spec, budget, mode, domains, closingLine);
}

/** The placement of a partial listing: its blocks, its closing line, and how the names were chosen. */
function partialPlacement(
  p: PartialListing,
  spec: FormatSpec,
  budget: number,
  mode: ListingMode,
  domains: ReadonlySet<string>,
  closingLine: (omitted: number, brief: boolean) => string,
): Placement {
  const n = p.shown.length;
  const omitted = n - p.count;
  const { listed, groups, reached } = p;
  const choice: PartialChoice = {
    by: mode === 'relevance' ? 'relevance' : listed.usage > 0 ? 'usage' : 'domains',
    listed,
    described: p.described,
    domains: domains.has('') ? domains.size - 1 : domains.size,
    reached: [...reached].filter((d) => d !== '' && domains.has(d)).length,
    named: groups.size,
  };
  const blocksOut: Block[] = [...p.top, ...p.names, ...groups.values()];
  const { chars, shown } = p;
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
    closing: { line: closingLine(omitted, p.brief), omitted },
    empty: p.count === 0 && spec.aloneCost(closingLine(n, p.brief), n) > budget,
    choice,
  };
}
