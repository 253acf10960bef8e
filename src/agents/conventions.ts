// What most agents share: the clash orders and today's listing defaults, and the own-path check of a
// target that writes under one folder.

import {
  DEFAULT_ENTRY_CAP,
  DEFAULT_LISTING_BUDGET,
  DEFAULT_LISTING_FRACTION,
} from '../render/listing.js';
import type { ExportEntry, ExportTargetModule, ListingDefaults, Precedence } from './types.js';

/** The default order: project skills shadow user skills. */
export const DEFAULT_PRECEDENCE: Precedence = Object.freeze([
  'managed',
  'nested',
  'project',
  'user',
  'additional',
  'legacy',
  'plugin',
]);

/** Claude Code's order: user skills shadow project skills. */
export const CLAUDE_CODE_PRECEDENCE: Precedence = Object.freeze([
  'managed',
  'user',
  'nested',
  'project',
  'additional',
  'legacy',
  'plugin',
]);

/** Claude Code's listing: 1% of the context, 8,000 characters when it is unknown, 1,536 an entry. */
export const CLAUDE_CODE_LISTING: ListingDefaults = Object.freeze({
  fraction: DEFAULT_LISTING_FRACTION,
  budget: DEFAULT_LISTING_BUDGET,
  entryCap: DEFAULT_ENTRY_CAP,
});

/** True for a `/`-separated relative path inside `base`: no `..`, no empty or dot segments. */
export function underBase(base: string, p: string): boolean {
  const parts = p.split('/');
  const head = base === '' ? [] : base.split('/');
  return (
    !p.includes('\\') &&
    !p.includes('\0') &&
    parts.length > head.length &&
    head.every((b, i) => parts[i] === b) &&
    parts.every((s) => s !== '' && s !== '.' && s !== '..')
  );
}

/**
 * A `per-file` target: one file a skill under `base`, at `pathOf(entry)`, with `render`'s text;
 * nothing refused, nothing kept.
 */
export function perFileTarget<T extends string>(
  name: T,
  base: string,
  pathOf: (e: ExportEntry) => string,
  render: (e: ExportEntry, o: { alwaysApply: boolean }) => string,
): ExportTargetModule<T> {
  return {
    name,
    base,
    shape: 'per-file',
    isOwnPath: (p) => underBase(base, p),
    async render(entries, ctx) {
      const alwaysApply = ctx.alwaysApply;
      return {
        desired: entries.map((e) => ({
          path: pathOf(e),
          bytes: Buffer.from(render(e, { alwaysApply })),
        })),
        refused: [],
        keep: [],
      };
    },
  };
}
