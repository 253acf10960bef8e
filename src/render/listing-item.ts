// What the cascade's levels share: a visible entry ready to place, how it can be shown (whole or by
// name, with its path or without), and what a placement decided.

import type { Block, EntryView } from './listing-format.js';

/** How an entry appears: whole, cut by the per-entry cap, cut to fit, its name alone, or not at all. */
export type Shown = 'full' | 'capped' | 'truncated' | 'name' | 'omitted';

/** How far the listing degraded. */
export type ListingLevel = 'full' | 'truncated' | 'names' | 'partial';

/** Who loses first when the full listing does not fit. */
export type ListingMode = 'equal-share' | 'relevance' | 'usage';

/** What put an entry ahead in the rank: pinned, relevance to the turn, usage, or the spread across domains. */
export type ChosenBy = 'pinned' | 'relevance' | 'usage' | 'spread';

/** A visible entry, ready to place. */
export interface Item {
  index: number;
  /** The name as given: what usage, relevance and results are keyed by. */
  key: string;
  /** The name as printed, on one line. */
  name: string;
  location: string;
  /** Its domain on one line, '' when it has none. */
  domain: string;
  pinned: boolean;
  /** An override that shows the name alone. */
  nameOnly: boolean;
  /** Description and when_to_use on one line, after the per-entry cap; '' when there is none. */
  text: string;
  capped: boolean;
  /** Its relevance score (0 when there is none). */
  relevance: number;
  chosen: ChosenBy;
}

/** What chose the names a partial listing keeps, and how far they reach across the domains. */
export interface PartialChoice {
  /** Relevance to the turn when known, else usage when counted, else the spread across domains. */
  by: 'relevance' | 'usage' | 'domains';
  /** Listed entries by what put them ahead. */
  listed: Record<ChosenBy, number>;
  /** Listed with their description (relevant to the turn). */
  described: number;
  /** The domains of the visible skills (pinned ones aside: they are listed on their own). */
  domains: number;
  /** Those of them at least one listed skill belongs to. */
  reached: number;
  /** The domains printed once each with their names under them (0 when the names are not grouped). */
  named: number;
}

/** Where each item ended up (by `index`), and the closing line if any entry is left out. */
export interface Placement {
  level: ListingLevel;
  /** What the text prints, in order. */
  blocks: Block[];
  /** Each item's characters in the text (separators not counted; 0 when left out). */
  chars: number[];
  shown: Shown[];
  /** The entries carry their path (XML and JSON; dropped as soon as anything must give way). */
  paths: boolean;
  closing: { line: string; omitted: number } | null;
  /** Even the closing line did not fit: the text is empty. */
  empty: boolean;
  /** At the partial level: what chose the names kept. */
  choice?: PartialChoice;
}

/** Can the entry show a description? */
export const describable = (i: Item): boolean => !i.nameOnly && i.text !== '';
/** The entry whole, with its path or without. */
export const fullView = (i: Item, paths: boolean): EntryView => ({
  name: i.name,
  location: paths ? i.location : null,
  text: describable(i) ? i.text : null,
});
/** The entry by name alone. */
export const nameView = (i: Item, paths: boolean): EntryView => ({
  name: i.name,
  location: paths ? i.location : null,
  text: null,
  ...(describable(i) || i.nameOnly ? { bare: true } : {}),
});
/** How an entry shown whole is reported. */
export const fullShown = (i: Item): Shown => (i.nameOnly ? 'name' : i.capped ? 'capped' : 'full');
/** How an entry shown by name is reported. */
export const nameShown = (i: Item): Shown => (describable(i) ? 'name' : fullShown(i));
