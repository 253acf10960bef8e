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
