// After compaction, the invoked skills' content to attach again: the most recent first, each cut to
// its share (5,000 tokens by default) and all of them to a total (25,000), Claude Code's figures.
// Tokens are estimated at four characters each.

import { estimateTokens } from '../skill/parse.js';

/** What `reattach` gives back. */
export interface Reattachment {
  skills: Array<{ name: string; text: string; tokens: number; truncated: boolean }>;
  tokens: number;
  /** Skills that did not fit in the total, most recent first. */
  dropped: string[];
}

/** Default tokens per skill and in all. */
export const REATTACH_PER_SKILL_TOKENS = 5_000;
export const REATTACH_TOTAL_TOKENS = 25_000;

const tokensOf = (s: string): number => estimateTokens(s.length);

/** The content to re-attach from `invoked` (oldest first, as invoked), within the limits. */
export function reattachable(
  invoked: ReadonlyArray<{ id: string; text: string }>,
  o: { perSkillTokens?: number; totalTokens?: number },
): Reattachment {
  const per = o.perSkillTokens ?? REATTACH_PER_SKILL_TOKENS;
  let left = o.totalTokens ?? REATTACH_TOTAL_TOKENS;
  const out: Reattachment = { skills: [], tokens: 0, dropped: [] };
  for (const s of [...invoked].reverse()) {
    const room = Math.min(per, left);
    if (room <= 0) {
      out.dropped.push(s.id);
      continue;
    }
    const truncated = tokensOf(s.text) > room;
    const text = truncated
      ? `${s.text.slice(0, room * 4 - 60).replace(/\s+$/, '')}\n[… cut to ${room} tokens on re-attach]`
      : s.text;
    const tokens = tokensOf(text);
    out.skills.push({ name: s.id, text, tokens, truncated });
    out.tokens += tokens;
    left -= tokens;
  }
  return out;
}
