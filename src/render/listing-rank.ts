// Who the listing leaves out (hidden entries, with the reason) and who keeps the most when it must
// cut: pinned first, then by relevance score, then by local usage, then by a spread across domains
// (listing-spread.ts), never by name alone.

/** Why an entry is not in the listing at all. */
export type HiddenReason = 'override' | 'denied' | 'disable-model-invocation' | 'inactive-paths';

/** What an entry needs to be filtered. */
export interface Filterable {
  name: string;
  disableModelInvocation?: boolean;
  paths?: readonly string[];
  visibility?: 'full' | 'name-only' | 'hidden';
  /** A permission rule denies it to the model (the client guide: hide it rather than refuse it). */
  denied?: boolean;
}

const MESSAGES: Record<HiddenReason, string> = {
  override: 'hidden by its override',
  denied: 'denied to the model by a permission rule',
  'disable-model-invocation':
    'has `disable-model-invocation: true`: only the user invokes it, so the model is not told of it',
  'inactive-paths': 'is conditional (`paths`) and no touched file has activated it yet',
};

/** The sentence a reason prints as, after the skill's name. */
export function hiddenMessage(reason: HiddenReason): string {
  return MESSAGES[reason];
}

/** Why `e` is hidden, or null when it is listed; `activated` holds the conditional skills in play. */
export function hiddenReason(e: Filterable, activated: ReadonlySet<string>): HiddenReason | null {
  if (e.visibility === 'hidden') return 'override';
  if (e.denied === true) return 'denied';
  if (e.disableModelInvocation === true) return 'disable-model-invocation';
  // Blank patterns match nothing, as in session/activation.ts: such a skill is not conditional.
  const conditional = (e.paths ?? []).some((p) => p.trim() !== '');
  if (conditional && !activated.has(e.name)) return 'inactive-paths';
  return null;
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
