// How every state store writes and reads a state: one line of JSON whose records are sorted (equal
// states are equal bytes, wherever they are kept), read back through the kind, which refuses values
// that are not its own.

import type { StateKind } from './state-store.js';

/** `value` as one line of JSON, the records named in `sorted` with their keys in order. */
export function serialiseState(value: unknown, sorted: readonly string[]): string {
  const out: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  for (const k of sorted) {
    const r = out[k];
    if (r && typeof r === 'object')
      out[k] = Object.fromEntries(
        Object.entries(r).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
      );
  }
  return `${JSON.stringify(out)}\n`;
}

/** The state of `kind` in `text`, or why it is not one (for the `state/damaged` warning). */
export function parseState<T>(
  text: string,
  kind: StateKind<T>,
): { ok: true; state: T } | { ok: false; why: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, why: 'is not JSON' };
  }
  const state = kind.parse(value);
  return state === undefined
    ? { ok: false, why: 'is not one skillset writes' }
    : { ok: true, state };
}
