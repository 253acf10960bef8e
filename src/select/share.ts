// Budget's sharing of a tier: when a tier's skills do not all fit whole, the room left is shared
// among them, best first, so that the second-best skill is not lost behind a first one that fills the
// budget alone. Each gets an equal share of the room, a skill smaller than its share passes what it
// leaves on to the others (water-filling), and a skill bigger than its share loads in part: its body
// cut there, with a note naming what was left out. A share under the smallest part worth loading ends
// the tier: that skill and the rest overflow, as a skill that does not fit did before.

/** The smallest part of a skill worth loading, in characters (a quarter of that in tokens). */
export const MIN_PART_CHARS = 3000;

/** A tier's skill as sharing sees it: its whole size, in the budget's unit. */
export interface ShareItem {
  size: number;
}

/** A skill whose share holds this much of it loads whole, when the others keep their smallest part. */
const NEARLY_WHOLE = 0.8;

/**
 * What each skill of these sizes gets of `room`, by water-filling: the smallest first, each at most an
 * equal share of what is left. A skill gets its whole size when that is within its share, or nearly
 * (its share holds 80% of it) and the others can still have `minPart` each: a part is never the whole
 * but a few lines.
 */
export function waterFill(sizes: readonly number[], room: number, minPart = 0): number[] {
  const order = sizes.map((size, i) => ({ size, i })).sort((a, b) => a.size - b.size || a.i - b.i);
  const out = sizes.map(() => 0);
  let left = room;
  order.forEach(({ size, i }, k) => {
    const others = order.length - k - 1;
    const share = Math.floor(left / (others + 1));
    const nearly = share >= NEARLY_WHOLE * size && left - size >= minPart * others;
    const given = nearly ? size : Math.min(size, share);
    out[i] = given;
    left -= given;
  });
  return out;
}

/**
 * How many of `items`, in order, share `room`, and what each gets: the longest run from the first
 * whose every part (a skill cut to its share) is at least `minPart`. Those after the run overflow.
 */
export function shareTier(
  items: readonly ShareItem[],
  room: number,
  minPart: number,
): { taken: number; given: number[] } {
  let best: number[] = [];
  for (let k = 1; k <= items.length; k++) {
    const sizes = items.slice(0, k).map((x) => x.size);
    const given = waterFill(sizes, room, minPart);
    if (given.some((g, i) => g < (sizes[i] as number) && g < minPart)) break;
    best = given;
  }
  return { taken: best.length, given: best };
}
