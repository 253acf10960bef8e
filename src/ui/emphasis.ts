// Emphasis: CommonMark's delimiter-run algorithm ("process emphasis"), with the openers-bottom
// bound and a fuel budget so that any run of `*` and `_` takes linear time. Matching only writes
// tags onto the delimiter tokens; unmatched characters stay as literal text.

import type { Fuel } from './link.js';

/** A run of `*` or `_` in the token stream; renders as `close`, the unused characters, `open`. */
export interface DelimToken {
  k: 'delim';
  ch: string;
  n: number;
  open: string;
  close: string;
}

/** A delimiter run on the delimiter stack, in stack order (`pos` grows). */
export interface Delim {
  tok: DelimToken;
  pos: number;
  orig: number;
  canOpen: boolean;
  canClose: boolean;
  prev?: Delim | undefined;
  next?: Delim | undefined;
}

const unlink = (d: Delim): void => {
  if (d.prev) d.prev.next = d.next;
  if (d.next) d.next.prev = d.prev;
};

/** CommonMark's "multiple of 3" rule: a run that can both open and close pairs only so. */
const oddMatch = (o: Delim, c: Delim): boolean =>
  (o.canClose || c.canOpen) &&
  (o.orig + c.orig) % 3 === 0 &&
  (o.orig % 3 !== 0 || c.orig % 3 !== 0);

/** The nearest opener for `closer` above `floor` (a `pos`), or undefined. */
function findOpener(closer: Delim, floor: number, fuel: Fuel): Delim | undefined {
  for (let o = closer.prev; o && o.pos > floor; o = o.prev) {
    if (--fuel.left <= 0) return undefined;
    if (o.tok.ch === closer.tok.ch && o.canOpen && !oddMatch(o, closer)) return o;
  }
  return undefined;
}

/** Pairs `opener` and `closer`: one or two characters each become `<em>` or `<strong>`. */
function pair(opener: Delim, closer: Delim): void {
  const use = opener.tok.n >= 2 && closer.tok.n >= 2 ? 2 : 1;
  const tag = use === 2 ? 'strong' : 'em';
  opener.tok.open = `<${tag}>${opener.tok.open}`;
  closer.tok.close += `</${tag}>`;
  opener.tok.n -= use;
  closer.tok.n -= use;
  // The runs between can no longer pair: they stay literal.
  opener.next = closer;
  closer.prev = opener;
  if (opener.tok.n === 0) unlink(opener);
}

/** Matches the delimiters `stack[base…]` into emphasis, leaving the stack's length to the caller. */
export function processEmphasis(stack: readonly Delim[], base: number, fuel: Fuel): void {
  for (let k = base; k < stack.length; k++) {
    const d = stack[k] as Delim;
    d.prev = k > base ? stack[k - 1] : undefined;
    d.next = stack[k + 1];
  }
  // Per kind of closer, the `pos` below which no opener for it is left: the bound that keeps this linear.
  const floors = new Map<string, number>();
  let closer = stack[base];
  while (closer && fuel.left > 0) {
    if (!closer.canClose) {
      closer = closer.next;
      continue;
    }
    const key = `${closer.tok.ch}${closer.canOpen}${closer.orig % 3}`;
    const opener = findOpener(closer, floors.get(key) ?? -1, fuel);
    if (opener) {
      pair(opener, closer);
      if (closer.tok.n === 0) {
        unlink(closer);
        closer = closer.next;
      }
    } else {
      floors.set(key, closer.prev ? closer.prev.pos : -1);
      if (!closer.canOpen) unlink(closer);
      closer = closer.next;
    }
  }
}
