// catalog/near-duplicate-description: two skills whose descriptions say nearly the same thing compete for every request.

import path from 'node:path';
import { z } from 'zod';
import { defineRule, type SkillInput } from '../../define-rule.js';
import { fieldPosition } from '../fields.js';

/** Shingles in more skills than this are boilerplate: they find no candidates, though they still count. */
const MAX_SHINGLE_SKILLS = 50;

/** Word 3-gram shingles of a text (lowercased, punctuation dropped), or `undefined` under `minWords` words. */
export function shingles(text: string, minWords: number): Set<string> | undefined {
  const words = text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  if (words.length < minWords) return undefined;
  const out = new Set<string>();
  for (let i = 0; i + 3 <= words.length; i++)
    out.add(`${words[i]} ${words[i + 1]} ${words[i + 2]}`);
  return out;
}

/** Jaccard similarity of two sorted arrays of distinct codes. */
function jaccard(a: Float64Array, b: Float64Array): number {
  let shared = 0;
  for (let i = 0, j = 0; i < a.length && j < b.length; ) {
    if (a[i] === b[j]) {
      shared++;
      i++;
      j++;
    } else if ((a[i] as number) < (b[j] as number)) i++;
    else j++;
  }
  return shared / (a.length + b.length - shared);
}

/** A skill's closest earlier twin: its index and the similarity. */
export interface Twin {
  other: number;
  similarity: number;
}

/** Room for 16M distinct shingles below the document frequency in a code (2,500 skills have ~250K). */
const ID_BITS = 2 ** 24;

/**
 * Each set as sorted codes that order shingles rarest first: a code is the shingle's document
 * frequency, then its first-seen order, in one number.
 */
function encode(sets: readonly (Set<string> | undefined)[]): (Float64Array | undefined)[] {
  const seen = new Map<string, { id: number; df: number }>();
  for (const set of sets) {
    for (const s of set ?? []) {
      const info = seen.get(s);
      if (info) info.df++;
      else seen.set(s, { id: seen.size, df: 1 });
    }
  }
  return sets.map((set) => {
    if (!set) return undefined;
    const codes = new Float64Array(set.size);
    let k = 0;
    for (const s of set) {
      const { id, df } = seen.get(s) as { id: number; df: number };
      codes[k++] = df * ID_BITS + id;
    }
    return codes.sort();
  });
}

/**
 * For each description, the most similar earlier one at or above `threshold` (ties: the earliest).
 * Candidates share one of their rarest shingles (prefix filtering: a pair at or above the threshold
 * must), found through an inverted index that skips boilerplate, so this stays near-linear.
 */
export function nearDuplicates(
  sets: readonly (Set<string> | undefined)[],
  threshold: number,
): Map<number, Twin> {
  const coded = encode(sets);
  const index = new Map<number, number[]>();
  const firstWithKey = new Map<string, number>();
  const twins = new Map<number, Twin>();
  for (let i = 0; i < coded.length; i++) {
    const codes = coded[i];
    if (!codes || codes.length === 0) continue;
    // Identical sets find each other even when every shingle is boilerplate.
    const key = codes.join();
    const same = firstWithKey.get(key);
    if (same !== undefined) {
      twins.set(i, { other: same, similarity: 1 });
      continue;
    }
    firstWithKey.set(key, i);
    const size = codes.length;
    const prefix = codes.subarray(0, size - Math.ceil(threshold * size - 1e-9) + 1);
    const candidates = new Set<number>();
    for (const code of prefix) {
      if (code >= (MAX_SHINGLE_SKILLS + 1) * ID_BITS) break; // boilerplate, and so is the rest
      const list = index.get(code);
      if (list) {
        for (const j of list) candidates.add(j);
        list.push(i);
      } else index.set(code, [i]);
    }
    let best: Twin | undefined;
    for (const j of [...candidates].sort((a, b) => a - b)) {
      const other = coded[j] as Float64Array;
      if (Math.min(size, other.length) < threshold * Math.max(size, other.length)) continue;
      const similarity = jaccard(codes, other);
      if (similarity >= threshold && (!best || similarity > best.similarity))
        best = { other: j, similarity };
    }
    if (best) twins.set(i, best);
  }
  return twins;
}

/** Report each skill whose description nearly repeats an earlier one's (by path), naming the closest. */
export const nearDuplicateDescription = defineRule({
  code: 'catalog/near-duplicate-description',
  description: 'Report skills whose descriptions are near-duplicates of another skill’s.',
  scope: 'catalog',
  severity: { spec: 'off', recommended: 'warning' },
  options: z.object({
    threshold: z.number().gt(0).max(1).default(0.8),
    minWords: z.number().int().positive().default(8),
  }),
  messages: {
    duplicate:
      'Description is {percent}% the same as that of `{other}` ({relative}); say how the skills differ, or merge them',
  },
  check(ctx) {
    const { threshold, minWords } = ctx.options;
    const inputs: SkillInput[] = [...ctx.skills].sort((a, b) =>
      a.skill.path < b.skill.path ? -1 : a.skill.path > b.skill.path ? 1 : 0,
    );
    const sets = inputs.map(({ skill }) =>
      skill.descriptionSource === 'none' ? undefined : shingles(skill.description, minWords),
    );
    for (const [i, twin] of [...nearDuplicates(sets, threshold)].sort((a, b) => a[0] - b[0])) {
      const { skill } = inputs[i] as SkillInput;
      const other = (inputs[twin.other] as SkillInput).skill;
      const similarity = Math.round(twin.similarity * 1000) / 1000;
      ctx.report({
        messageId: 'duplicate',
        file: skill.path,
        start: fieldPosition(skill, 'description'),
        data: {
          other: other.id,
          otherPath: other.path,
          relative: path.relative(skill.dir, other.path).split(path.sep).join('/'),
          similarity,
          percent: Math.floor(twin.similarity * 100),
        },
        related: [
          {
            file: other.path,
            start: fieldPosition(other, 'description'),
            message: 'the description it repeats',
          },
        ],
      });
    }
  },
});
