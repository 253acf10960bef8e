// A hang guard for what a test awaits: what never comes fails the test instead of stalling it.

/** `p`, or a failure naming `what` if it has not settled within `ms`: a hang guard, not a timing. */
export function within<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: nothing after ${ms} ms`)), ms);
  });
  return Promise.race([p, hang]).finally(() => clearTimeout(timer));
}
