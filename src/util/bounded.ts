// Concurrency with a bound: at most a few calls pending at once, results in input order.

/**
 * Files read at once per root. Started all together, a 100,000-skill library held every file's bytes
 * before parsing any of them (half a gigabyte); a few dozen keep the disk busy and memory flat.
 */
export const READS_IN_FLIGHT = 32;

/** `Promise.all(items.map(f))` with at most `limit` calls of `f` pending; results in input order. */
export async function mapBounded<T, R>(
  items: readonly T[],
  limit: number,
  f: (item: T) => Promise<R>,
): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const i = next++;
      out[i] = await f(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}
