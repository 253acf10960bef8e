// Paths relative to a folder, for the places that need to know whether a path lies inside it.

import path from 'node:path';

/** `p` relative to `dir` when it is `dir` itself (`''`) or below it; undefined when it is elsewhere. */
export function relativeInside(dir: string, p: string): string | undefined {
  const rel = path.relative(dir, p);
  return rel.startsWith('..') || path.isAbsolute(rel) ? undefined : rel;
}

/** Is `p` one of `dirs`, or below one of them? */
export function insideAny(dirs: readonly string[], p: string): boolean {
  return dirs.some((d) => relativeInside(d, p) !== undefined);
}
