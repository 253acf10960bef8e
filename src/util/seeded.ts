// A seeded generator of numbers in [0, 1): the same numbers for the same seed on every platform.

const STEP = 0x6d2b79f5;

/** mulberry32's output for the state `a`. */
function mix(a: number): number {
  let t = a;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

/** mulberry32, a small generator: good enough for sampling, never for secrets. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + STEP) >>> 0;
    return mix(a);
  };
}

/**
 * The `i`-th number (from 0) `seeded(seed)` gives, without the ones before it: its state moves by a
 * fixed step, so any position is one multiplication away.
 */
export function seededAt(seed: number, i: number): number {
  return mix(((seed >>> 0) + Math.imul(i + 1, STEP)) >>> 0);
}
