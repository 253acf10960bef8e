// catalog/near-duplicate-description: two skills whose descriptions say nearly the same thing compete for every request.

import path from 'node:path';
import { z } from 'zod';
import { defineRule, type SkillInput } from '../../define-rule.js';
import { fieldPosition } from '../fields.js';

/** Shingles in more skills than this are boilerplate: they find no candidates, though they still count. */
const MAX_SHINGLE_SKILLS = 50;

/** Room for 2^17 distinct words in a numeric shingle (three word ids in one safe integer). */
const WORD_BITS = 2 ** 17;

/**
 * Word 3-gram shingles of a text (lowercased, punctuation dropped), or `undefined` under `minWords`
 * words. Words are numbered through `vocab`, so a shingle is one number, not a joined string.
 */
export function shingles(
  text: string,
  minWords: number,
  vocab = new Map<string, number>(),
): Set<number> | undefined {
  const ids: number[] = [];
  for (const w of words(text.toLowerCase())) {
    let id = vocab.get(w);
    if (id === undefined) {
      id = vocab.size % WORD_BITS; // past 2^17 words, ids wrap: a rare collision only adds a shingle
      vocab.set(w, id);
    }
    ids.push(id);
  }
  if (ids.length < minWords) return undefined;
  const out = new Set<number>();
  for (let i = 0; i + 3 <= ids.length; i++) {
    out.add(
      ((ids[i] as number) * WORD_BITS + (ids[i + 1] as number)) * WORD_BITS +
        (ids[i + 2] as number),
    );
  }
  return out;
}

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/** Runs of letters and digits (any script); a scan that tests only non-ASCII characters with a regex. */
function words(text: string): string[] {
  const out: string[] = [];
  let start = -1;
  for (let i = 0; i <= text.length; i++) {
    const c = i < text.length ? text.charCodeAt(i) : 32;
    const wordChar =
      (c >= 97 && c <= 122) ||
      (c >= 48 && c <= 57) ||
      (c >= 65 && c <= 90) ||
      (c > 127 && (LETTER_OR_DIGIT.test(String.fromCharCode(c)) || (c >= 0xd800 && c <= 0xdfff)));
    if (wordChar) {
      if (start < 0) start = i;
    } else if (start >= 0) {
      out.push(text.slice(start, i));
      start = -1;
    }
  }
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

/** A 32-bit hash of a code array (FNV-1a over the codes' low and high words). */
function hashCodes(codes: Float64Array): number {
  let h = 0x811c9dc5;
  for (const c of codes) {
    h = Math.imul(h ^ (c % 0x100000000), 0x01000193);
    h = Math.imul(h ^ Math.floor(c / 0x100000000), 0x01000193);
  }
  return h >>> 0;
}

function equalCodes(a: Float64Array, b: Float64Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
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
function encode(sets: readonly (Set<number> | undefined)[]): (Float64Array | undefined)[] {
  // Ids and frequencies in flat arrays: no object per shingle (there are ~100K of them).
  const idOf = new Map<number, number>();
  const df: number[] = [];
  for (const set of sets) {
    for (const s of set ?? []) {
      const id = idOf.get(s);
      if (id === undefined) {
        idOf.set(s, df.length);
        df.push(1);
      } else df[id] = (df[id] as number) + 1;
    }
  }
  return sets.map((set) => {
    if (!set) return undefined;
    const codes = new Float64Array(set.size);
    let k = 0;
    for (const s of set) {
      const id = idOf.get(s) as number;
      codes[k++] = (df[id] as number) * ID_BITS + id;
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
  sets: readonly (Set<number> | undefined)[],
  threshold: number,
): Map<number, Twin> {
  const coded = encode(sets);
  const index = new Map<number, number[]>();
  const firstWithKey = new Map<number, number[]>();
  const twins = new Map<number, Twin>();
  for (let i = 0; i < coded.length; i++) {
    const codes = coded[i];
    if (!codes || codes.length === 0) continue;
    // Identical sets find each other even when every shingle is boilerplate (hash, then compare).
    const key = hashCodes(codes);
    const same = (firstWithKey.get(key) ?? []).find((j) =>
      equalCodes(codes, coded[j] as Float64Array),
    );
    if (same !== undefined) {
      twins.set(i, { other: same, similarity: 1 });
      continue;
    }
    firstWithKey.set(key, [...(firstWithKey.get(key) ?? []), i]);
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
  severity: { spec: 'off', recommended: 'warning', security: 'off' },
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
    const vocab = new Map<string, number>();
    const sets = inputs.map(({ skill }) =>
      skill.descriptionSource === 'none' ? undefined : shingles(skill.description, minWords, vocab),
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
