// Loaded skills as Messages API content blocks: one text block per skill and one per `@import`, each
// marked `cache_control` so a prefix of skills is cached across turns (seed 001). The API accepts at
// most four cache breakpoints in a request; past `maxBreakpoints`, only the last blocks keep theirs
// (a breakpoint caches everything before it, so the last ones cover the rest).

import { renderImport } from './load-result.js';

/** A Messages API text block. */
export interface TextBlock {
  type: 'text';
  text: string;
  cache_control?: { type: 'ephemeral' };
}

/** What one skill contributes: its wrapped text and its imports' texts. */
export interface SkillBlockSource {
  name: string;
  /** The skill's text (a load result, or its body). */
  text: string;
  imports?: ReadonlyArray<{ spec: string; text: string }>;
}

/** The API's limit on cache breakpoints per request. */
export const MAX_CACHE_BREAKPOINTS = 4;

/** Content blocks for `skills`, in order: each skill, then each of its imports. */
export function skillBlocks(
  skills: readonly SkillBlockSource[],
  o: { maxBreakpoints?: number } = {},
): TextBlock[] {
  const blocks: TextBlock[] = [];
  for (const s of skills) {
    blocks.push({ type: 'text', text: s.text });
    for (const i of s.imports ?? []) blocks.push({ type: 'text', text: renderImport(i, s.name) });
  }
  const max = Math.max(0, o.maxBreakpoints ?? MAX_CACHE_BREAKPOINTS);
  return blocks.map((b, i) =>
    i >= blocks.length - max ? { ...b, cache_control: { type: 'ephemeral' } } : b,
  );
}
