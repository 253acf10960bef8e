// The catalog listing, what the model always sees (SPEC S8): one entry per visible skill, as markdown
// lines, an `<available_skills>` block or a JSON array, degraded step by step to fit a budget of
// characters and never over it; when not even the names fit, the names kept are chosen by relevance
// to the turn, else usage, else spread across the library's domains, and one closing line says how
// to reach the rest. Hidden skills and anything left out are reported, never silent.

import { InternalError } from '../errors.js';
import { placeItems } from './listing-cascade.js';
import { formatSpec, type ListingFormat } from './listing-format.js';
import type { Item, ListingLevel, ListingMode, PartialChoice, Shown } from './listing-item.js';
import {
  chosenFirst,
  type HiddenReason,
  hiddenMessage,
  hiddenReason,
  rankItems,
} from './listing-rank.js';
import { spreadOrder } from './listing-spread.js';
import { clip, entryText, oneLine } from './listing-text.js';

export type { ListingFormat } from './listing-format.js';
export type {
  ListingLevel,
  ListingMode,
  PartialChoice,
  Shown,
} from './listing-item.js';
export type { HiddenReason } from './listing-rank.js';

/** The budget when nothing is known: 1% of a 200,000-token context at 4 characters a token. */
export const DEFAULT_LISTING_BUDGET = 8_000;
/** The share of the context window the listing may take (Claude Code's default; Codex uses 0.02). */
export const DEFAULT_LISTING_FRACTION = 0.01;
/** Characters per token when a budget comes from a context size. */
export const CHARS_PER_TOKEN = 4;
/** The most description plus when_to_use may take in one entry (Claude Code, newer versions). */
export const DEFAULT_ENTRY_CAP = 1_536;
/** The per-entry cap of older Claude Code versions. */
export const LEGACY_ENTRY_CAP = 250;
/** The search tool the closing line points to. */
export const DEFAULT_SEARCH_TOOL = 'search_skills';

/** One skill as the listing sees it. */
export interface ListingEntry {
  name: string;
  description: string;
  whenToUse?: string;
  /** Absolute path of the SKILL.md (shown in the XML and JSON forms while every entry fits whole). */
  location: string;
  /** Its domain (docs/tiers.md): names cut to fit are spread across domains, each named once. */
  domain?: string;
  /** Never truncated while anything of it can be shown. */
  pinned?: boolean;
  disableModelInvocation?: boolean;
  /** Conditional: hidden until its name is in `activated`. */
  paths?: readonly string[];
  /** An override: `name-only` shows the name alone, `hidden` leaves it out. */
  visibility?: 'full' | 'name-only' | 'hidden';
  /** A permission rule denies it to the model: left out. */
  denied?: boolean;
}

/** How the listing is built. */
export interface ListingOptions {
  /** Default `markdown`. */
  format?: ListingFormat;
  /** Characters the whole text may take (see `listingBudget`); default 8,000. */
  budget?: number;
  /** The most description plus when_to_use may take in one entry; default 1,536. */
  entryCap?: number;
  /** The conditional skills activated so far, by name. */
  activated?: ReadonlySet<string>;
  /** Local usage counts: with them (and no relevance), the least used lose descriptions first. */
  usage?: ReadonlyMap<string, number>;
  /** Relevance scores: with them, the highest scored keep their descriptions whole first. */
  relevance?: ReadonlyMap<string, number>;
  /** The tool the closing line names; default `search_skills`. */
  searchTool?: string;
  /** The closing line's whole "how to reach them" clause, replacing the one built from `searchTool`. */
  searchHint?: string;
}

/** One visible entry: how it was shown and the characters it takes (separators not counted). */
export interface ListingEntryResult {
  name: string;
  shown: Shown;
  chars: number;
}

/** A listing, and what was cut and why. */
export interface ListingResult {
  text: string;
  /** `text.length`. */
  chars: number;
  budget: number;
  level: ListingLevel;
  mode: ListingMode;
  /** Every visible entry, in input order. */
  entries: ListingEntryResult[];
  /** The entries carry their path: XML and JSON while every entry fits whole with it; never markdown. */
  paths: boolean;
  /** At the partial level: what chose the names kept, and how many domains they reach. */
  choice?: PartialChoice;
  /** Entries not listed at all, in input order. */
  hidden: Array<{ name: string; reason: HiddenReason; message: string }>;
  /** Visible entries left out for want of room (named by the closing line). */
  omitted: number;
  /** The closing line, when entries are left out and it is printed. */
  closing?: string;
}

const usable = (n: number | undefined, min: number): n is number =>
  n !== undefined && !Number.isNaN(n) && n >= min;

/**
 * The listing's budget in characters: `chars` when given, else `contextTokens × 4 × fraction`
 * (fraction default 0.01), else 8,000. Negative or NaN values, and a fraction outside (0, 1], are ignored.
 */
export function listingBudget(o: {
  chars?: number;
  contextTokens?: number;
  fraction?: number;
}): number {
  if (usable(o.chars, 0)) return Math.floor(o.chars);
  if (usable(o.contextTokens, 0) && Number.isFinite(o.contextTokens)) {
    const f =
      usable(o.fraction, 0) && o.fraction > 0 && o.fraction <= 1
        ? o.fraction
        : DEFAULT_LISTING_FRACTION;
    return Math.floor(o.contextTokens * CHARS_PER_TOKEN * f);
  }
  return DEFAULT_LISTING_BUDGET;
}

/** The closing line for `omitted` skills left out; `brief` (when the full one cannot fit), the count alone. */
export function closingLine(omitted: number, hint: string, brief = false): string {
  const more = `${omitted} more skill${omitted === 1 ? '' : 's'}`;
  return brief ? `… ${more} not listed.` : `… and ${more}, not listed: ${hint}.`;
}

/** Render `entries` as a listing within the budget: pure, deterministic, never over budget. */
export function renderListing(
  entries: readonly ListingEntry[],
  options: ListingOptions = {},
): ListingResult {
  const spec = formatSpec(options.format ?? 'markdown');
  const budget = listingBudget(options.budget === undefined ? {} : { chars: options.budget });
  const cap = usable(options.entryCap, 0) ? Math.floor(options.entryCap) : DEFAULT_ENTRY_CAP;
  const hint = oneLine(
    options.searchHint ??
      `find them with the ${options.searchTool ?? DEFAULT_SEARCH_TOOL} tool (skillset search)`,
  );
  const mode: ListingMode = options.relevance
    ? 'relevance'
    : options.usage
      ? 'usage'
      : 'equal-share';

  const hidden: ListingResult['hidden'] = [];
  const items = visibleItems(entries, options, cap, hidden);
  const placed = placeItems(items, ranker(items, options, mode), spec, budget, mode, (n, brief) =>
    closingLine(n, hint, brief),
  );
  const text = placed.empty
    ? ''
    : placed.blocks.length === 0 && placed.closing
      ? spec.alone(placed.closing.line, placed.closing.omitted)
      : spec.render(placed.blocks, placed.closing);
  if (text.length > budget) {
    throw new InternalError(`listing of ${text.length} characters over its budget of ${budget}`);
  }
  return {
    text,
    chars: text.length,
    budget,
    level: placed.level,
    mode,
    entries: items.map((i) => ({
      name: i.key,
      shown: placed.shown[i.index] ?? 'omitted',
      chars: placed.chars[i.index] ?? 0,
    })),
    paths: placed.paths && (options.format ?? 'markdown') !== 'markdown',
    ...(placed.choice ? { choice: placed.choice } : {}),
    hidden,
    omitted: placed.closing?.omitted ?? 0,
    ...(placed.closing && !placed.empty ? { closing: placed.closing.line } : {}),
  };
}

/** The visible entries as items to place, in input order; the hidden ones go to `hidden`, with why. */
function visibleItems(
  entries: readonly ListingEntry[],
  options: ListingOptions,
  cap: number,
  hidden: ListingResult['hidden'],
): Item[] {
  const activated = options.activated ?? new Set<string>();
  const items: Item[] = [];
  for (const e of entries) {
    const reason = hiddenReason(e, activated);
    if (reason !== null) {
      hidden.push({ name: e.name, reason, message: hiddenMessage(reason) });
      continue;
    }
    const raw = entryText(e.description, e.whenToUse);
    const text = clip(raw, cap);
    const item: Item = {
      index: items.length,
      key: e.name,
      name: oneLine(e.name),
      location: e.location,
      domain: oneLine(e.domain ?? ''),
      pinned: e.pinned === true,
      nameOnly: e.visibility === 'name-only',
      text,
      capped: text !== raw,
      relevance: options.relevance?.get(e.name) ?? 0,
      chosen: 'spread',
    };
    if (item.pinned) item.chosen = 'pinned';
    else if (chosenFirst(item, options.relevance)) item.chosen = 'relevance';
    else if (chosenFirst(item, undefined, options.usage)) item.chosen = 'usage';
    items.push(item);
  }
  return items;
}

/**
 * The rank of `items`, worked out only once something must give way. The spread leans toward the
 * domains of what chose the head: the turn's, else the most used.
 */
function ranker(items: readonly Item[], options: ListingOptions, mode: ListingMode): () => Item[] {
  const weight = (i: Item): number =>
    i.chosen === 'relevance'
      ? i.relevance
      : i.chosen === 'usage' && mode === 'usage'
        ? (options.usage?.get(i.key) ?? 0)
        : 0;
  return () => {
    const spread = spreadOrder(
      items.map((i) => ({
        index: i.index,
        key: i.key,
        domain: i.domain,
        text: i.text,
        weight: weight(i),
      })),
      (i) => (items[i.index] as Item).chosen !== 'spread',
    );
    return rankItems(items, options.relevance, options.usage, spread);
  };
}
