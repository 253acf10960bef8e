// Small states kept between runs (usage counts, the selection's cache state, approvals), behind one
// async interface. Each kind says how to read its JSON, so the store itself knows no kind.

import type { Diagnostic } from '../diagnostics/diagnostic.js';

/** A kind of state: its name (the file's prefix), its empty value, and how to read and write it. */
export interface StateKind<T> {
  name: string;
  empty(): T;
  /** The state in parsed JSON, or undefined when the value is not this kind's (damaged, foreign). */
  parse(value: unknown): T | undefined;
  /** Records whose keys are written in order, so equal states are equal bytes. */
  sorted: readonly string[];
}

/** A state as read, and what reading it met (a damaged file: a warning, and the empty state). */
export interface StateRead<T> {
  state: T;
  diagnostics: Diagnostic[];
}

/** What an update did: written (false when the state could not be kept), and what it met. */
export interface StateWrite {
  written: boolean;
  diagnostics: Diagnostic[];
}

/**
 * Where states live. `update` is one read-change-write that no other writer interleaves with, in
 * this process or another: two processes counting at once both count.
 */
export interface StateStore {
  read<T>(kind: StateKind<T>): Promise<StateRead<T>>;
  update<T>(kind: StateKind<T>, change: (state: T) => T): Promise<StateWrite>;
}

/** A store that keeps nothing (no cache folder): reads are empty, updates are not kept. */
export const noStateStore: StateStore = {
  read: async (kind) => ({ state: kind.empty(), diagnostics: [] }),
  update: async () => ({ written: false, diagnostics: [] }),
};

/** A state of one map of entries, by key: `{ version: 1, [field]: { [key]: entry } }`. */
export type EntriesState<F extends string, E> = { version: 1 } & { [K in F]: Record<string, E> };

/**
 * The kind of a state that is one map of entries under `field`: a value without version 1 and that
 * map is not this kind's (damaged, foreign); entries `entry` does not take (undefined) are dropped.
 */
export function entriesKind<F extends string, E>(
  name: string,
  field: F,
  entry: (value: unknown) => E | undefined,
): StateKind<EntriesState<F, E>> {
  const state = (entries: Record<string, E>) =>
    ({ version: 1, [field]: entries }) as EntriesState<F, E>;
  return {
    name,
    empty: () => state({}),
    parse(value) {
      const data = value as Partial<Record<string, unknown>> | null;
      const map = data?.[field];
      if (data?.version !== 1 || typeof map !== 'object' || map === null) return undefined;
      const entries: Record<string, E> = {};
      for (const [key, v] of Object.entries(map)) {
        const e = entry(v);
        if (e !== undefined) entries[key] = e;
      }
      return state(entries);
    },
    sorted: [field],
  };
}
