// The size, mtime and kind of a path, for the caches' checks of a warm start: two thousand of them for
// a library of a thousand skills. Node 20's fs.statSync makes a Stats object with four Dates for each
// (Node 22 makes the Dates on demand), and those objects, with the collections of the garbage they
// make, were about a fifth of a warm `skillset search`. Node's own binding fills one shared array
// instead; it is used only where it answers as fs.statSync does, and fs.statSync everywhere else.

import nodeFs from 'node:fs';

/** What the caches compare: links followed. */
export interface PathState {
  size: number;
  mtimeMs: number;
  kind: 'file' | 'dir' | 'other';
}

/** Node's `stat` binding: what fs.statSync calls, returning [dev, mode, …, size, …, mtime s, ns, …]. */
interface StatBinding {
  stat(
    path: string,
    bigint: false,
    req: undefined,
    throwIfNoEntry: false,
  ): Float64Array | undefined;
}

const S_IFMT = 0o170000;
const S_IFREG = 0o100000;
const S_IFDIR = 0o040000;

const kindOf = (mode: number): PathState['kind'] =>
  (mode & S_IFMT) === S_IFREG ? 'file' : (mode & S_IFMT) === S_IFDIR ? 'dir' : 'other';

/** As fs.statSync computes `mtimeMs`, to the last bit: the caches compare it for equality. */
const fromBinding = (a: Float64Array): PathState => ({
  size: a[8] as number,
  mtimeMs: (a[12] as number) * 1e3 + (a[13] as number) / 1e6,
  kind: kindOf(a[1] as number),
});

function fromNode(p: string): PathState | undefined {
  const s = nodeFs.statSync(p, { throwIfNoEntry: false });
  return s && { size: s.size, mtimeMs: s.mtimeMs, kind: kindOf(s.mode) };
}

/** Node's binding, if it answers for `probe` as fs.statSync did (`expected`); else null. */
function trusted(probe: string, expected: PathState): StatBinding | null {
  // Windows paths want Node's own conversion; `--pending-deprecation` would print a warning.
  if (process.platform === 'win32' || pendingDeprecation()) return null;
  try {
    const binding = (process as unknown as { binding(name: string): unknown }).binding(
      'fs',
    ) as StatBinding;
    const a = binding.stat(probe, false, undefined, false);
    const got = a === undefined ? undefined : fromBinding(a);
    return got?.size === expected.size &&
      got.mtimeMs === expected.mtimeMs &&
      got.kind === expected.kind
      ? binding
      : null;
  } catch {
    return null;
  }
}

function pendingDeprecation(): boolean {
  return (
    process.execArgv.includes('--pending-deprecation') ||
    process.env.NODE_PENDING_DEPRECATION === '1' ||
    (process.env.NODE_OPTIONS ?? '').includes('--pending-deprecation')
  );
}

/** Undecided until a path that exists has been asked for; null: fs.statSync only. */
let binding: StatBinding | null | undefined;

/**
 * `p`'s size, mtime and kind, or undefined when it does not exist; throws for any other failure (a
 * file on its way, say), as fs.statSync does.
 */
export function statPath(p: string): PathState | undefined {
  // A NUL would end the path early in the binding, and anything but a string would abort the process
  // (a cache file's damaged value): fs.statSync refuses both.
  const plain = typeof p === 'string' && !p.includes('\0');
  if (binding && plain) {
    const a = binding.stat(p, false, undefined, false);
    return a === undefined ? undefined : fromBinding(a);
  }
  const state = fromNode(p);
  if (binding === undefined && plain && state !== undefined) binding = trusted(p, state);
  return state;
}

/**
 * Is `p` still of this kind, size (any, when -1) and mtime? What statPath would answer, compared
 * without making an object: a warm start asks it of two thousand paths. A path that is gone, or
 * that cannot be read, is not.
 */
export function statMatches(
  p: string,
  kind: PathState['kind'],
  size: number,
  mtimeMs: number,
): boolean {
  try {
    if (binding && typeof p === 'string' && !p.includes('\0')) {
      const a = binding.stat(p, false, undefined, false);
      return (
        a !== undefined &&
        kindOf(a[1] as number) === kind &&
        (size < 0 || a[8] === size) &&
        (a[12] as number) * 1e3 + (a[13] as number) / 1e6 === mtimeMs
      );
    }
    const st = statPath(p);
    return st?.kind === kind && st.mtimeMs === mtimeMs && (size < 0 || st.size === size);
  } catch {
    return false;
  }
}
