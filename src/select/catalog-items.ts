// What the pipeline reads of a catalog, made once per catalog: each skill's score item (its
// triggers, size and hash), the skills by id and by path, the files known to hold no `@import`; and
// the text signal each skill gets from the search engine's ranking of the intent.

import type { SearchResult } from '../search/rank.js';
import { estimateTokens } from '../skill/parse.js';
import type { Skill } from '../skill/types.js';
import type { ScoreItem } from './score.js';

/**
 * Text similarity, 0–1, of each skill to the intent, from the search engine's ranking: nothing unless
 * its gate answers `ok` (a `weak` answer's candidates are suggested, never loaded on their text; the
 * listing, which only ranks, takes them too with `weak`); else by rank, so that its best three reach
 * the threshold on their own (0.75, 0.65, 0.55) when they score at least a quarter of the best, and
 * the rest count by their score relative to the best. A copy of a skill in another tree (a
 * translation, a mirror) gets nothing: its group's shown copy stands for it.
 */
export function textSignals(result: SearchResult | undefined, weak = false): Map<string, number> {
  const out = new Map<string, number>();
  if (!result || result.coverage === 'none' || (result.coverage === 'weak' && !weak)) return out;
  const top = result.results[0]?.score ?? 0;
  result.results.forEach((r, i) => {
    const ratio = top > 0 ? r.score / top : 0;
    const t = i < TOP_TEXT.length && ratio >= NEAR_TOP ? (TOP_TEXT[i] as number) : 0.45 * ratio;
    out.set(r.id, Math.min(1, Math.max(0, t)));
  });
  return out;
}

/** The text signal of the search engine's best three results, when they score near the best. */
const TOP_TEXT = [0.75, 0.65, 0.55];
/** How near: at least this share of the best score. */
const NEAR_TOP = 0.25;

const itemsByIdOf = new WeakMap<object, ReadonlyMap<string, ScoreItem>>();

/** A catalog's score items by id (the first of an id), made once per catalog. */
export function itemsById(
  catalog: object,
  skills: readonly Skill[],
): ReadonlyMap<string, ScoreItem> {
  let map = itemsByIdOf.get(catalog);
  if (!map) {
    const m = new Map<string, ScoreItem>();
    for (const item of scoreItems(catalog, skills)) if (!m.has(item.id)) m.set(item.id, item);
    map = m;
    itemsByIdOf.set(catalog, map);
  }
  return map;
}

const itemsOf = new WeakMap<object, ScoreItem[]>();

/** A catalog's score items without their text signal, made once: front matter is read once per skill. */
export function scoreItems(catalog: object, skills: readonly Skill[]): ScoreItem[] {
  let items = itemsOf.get(catalog);
  if (!items) {
    items = skills.map(scoreItem);
    itemsOf.set(catalog, items);
  }
  return items;
}

const plainOf = new WeakMap<object, Map<string, boolean>>();

/** Per catalog, its skill files known to hold no `@import` (sizing looks at each once). */
export function plainFiles(catalog: object): Map<string, boolean> {
  let known = plainOf.get(catalog);
  if (!known) {
    known = new Map();
    plainOf.set(catalog, known);
  }
  return known;
}

const pathsOf = new WeakMap<object, ReadonlyMap<string, Skill>>();

/** The catalog's skills by SKILL.md path, made once per catalog. */
export function skillsByPath(catalog: object, all: readonly Skill[]): ReadonlyMap<string, Skill> {
  let map = pathsOf.get(catalog);
  if (!map) {
    map = new Map(all.map((s) => [s.path, s]));
    pathsOf.set(catalog, map);
  }
  return map;
}

/** A body's size in characters, as its bytes after the front matter. */
export const bodyChars = (s: Skill): number => Math.max(0, s.size.bytes - s.bodyOffset);

/** A skill's score item: what Score reads of it, with no text signal yet. */
function scoreItem(s: Skill): ScoreItem {
  const f = s.frontmatter;
  const chars = bodyChars(s);
  return {
    id: s.id,
    name: s.name,
    path: s.path,
    scope: s.source.scope,
    chars,
    tokens: estimateTokens(chars),
    contentHash: s.contentHash,
    // Conditional skills' `paths` are file triggers too.
    triggers: {
      files: [...(f.triggers?.files ?? []), ...(f.paths ?? [])],
      intents: f.triggers?.intents ?? [],
      contexts: f.triggers?.contexts ?? [],
    },
    ...(f.threshold !== undefined ? { threshold: f.threshold } : {}),
    text: 0,
  };
}
