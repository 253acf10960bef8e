// Who the listing leaves out (hidden entries, with the reason) and who keeps the most when it must
// cut: pinned first, then by relevance score, then by local usage, then by a spread across domains
// (listing-spread.ts), never by name alone.

import {
  anyPattern,
  type HiddenReason,
  type InPlay,
  hiddenReason as policyReason,
  type Visibility,
} from '../catalog/visibility.js';

export { type HiddenReason, hiddenMessage } from '../catalog/visibility.js';

/** What an entry needs to be filtered: the catalog's visibility policy, as a listing entry spells it. */
export interface Filterable {
  name: string;
  disableModelInvocation?: boolean;
  paths?: readonly string[];
  visibility?: 'full' | 'name-only' | 'hidden';
  /** A permission rule denies it to the model (the client guide: hide it rather than refuse it). */
  denied?: boolean;
}

/** The entry fields that spell out `v` (core's listing entries, lint's), with the skill's `paths`. */
export function filterableFields(
  v: Visibility,
  paths: readonly string[] | undefined,
): Omit<Filterable, 'name'> {
  const r = v.refused?.reason;
  return {
    visibility: r === 'override' ? 'hidden' : v.shows,
    ...(r === 'denied' ? { denied: true } : {}),
    ...(r === 'disable-model-invocation' ? { disableModelInvocation: true } : {}),
    ...(paths && paths.length > 0 ? { paths } : {}),
  };
}

/** The policy an entry's fields spell. */
function visibilityOfEntry(e: Filterable): Visibility {
  const reason =
    e.visibility === 'hidden'
      ? 'override'
      : e.denied === true
        ? 'denied'
        : e.disableModelInvocation === true
          ? 'disable-model-invocation'
          : undefined;
  return {
    shows: e.visibility === 'name-only' ? 'name-only' : 'full',
    ...(reason ? { refused: { reason, detail: '' } } : {}),
    conditional: anyPattern(e.paths),
    invocable: true,
  };
}

/** Why `e` is hidden, or null when it is listed; `inPlay` holds the conditional skills activated. */
export function hiddenReason(e: Filterable, inPlay: InPlay): HiddenReason | null {
  return policyReason(visibilityOfEntry(e), e.name, inPlay);
}

/** What an entry needs to be ranked. */
export interface Rankable {
  /** The name usage and relevance are keyed by. */
  key: string;
  pinned: boolean;
  /** Its position in the output, the last tie-break. */
  index: number;
}

const score = (
  m: ReadonlyMap<string, number> | undefined,
  name: string,
  absent: number,
): number => {
  const v = m?.get(name);
  return v === undefined || Number.isNaN(v) ? absent : v;
};

/** Is `item` chosen before any spread: pinned, scored for relevance, or used? */
export function chosenFirst(
  item: Rankable,
  relevance?: ReadonlyMap<string, number>,
  usage?: ReadonlyMap<string, number>,
): boolean {
  return (
    item.pinned ||
    score(relevance, item.key, Number.NEGATIVE_INFINITY) > Number.NEGATIVE_INFINITY ||
    score(usage, item.key, 0) > 0
  );
}

/**
 * `items` from the one that keeps the most to the one that loses first: pinned, then highest
 * relevance (scored before unscored), then most used, then by `order` (each item's position by
 * index: the spread), then by name (code units), then position.
 */
export function rankItems<T extends Rankable>(
  items: readonly T[],
  relevance?: ReadonlyMap<string, number>,
  usage?: ReadonlyMap<string, number>,
  order?: ReadonlyMap<number, number>,
): T[] {
  const keyed = items.map((item) => ({
    item,
    rel: score(relevance, item.key, Number.NEGATIVE_INFINITY),
    use: score(usage, item.key, 0),
    at: order?.get(item.index) ?? 0,
  }));
  keyed.sort(
    (a, b) =>
      Number(b.item.pinned) - Number(a.item.pinned) ||
      compare(b.rel, a.rel) ||
      compare(b.use, a.use) ||
      a.at - b.at ||
      (a.item.key < b.item.key ? -1 : a.item.key > b.item.key ? 1 : 0) ||
      a.item.index - b.item.index,
  );
  return keyed.map((k) => k.item);
}

// Not `a - b`: two infinities of one sign subtract to NaN.
const compare = (a: number, b: number): number => (a < b ? -1 : a > b ? 1 : 0);
