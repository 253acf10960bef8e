// What the pipeline chooses from: a catalog, and a ranking of its skills for an intent that is asked
// for only when there is an intent, so a selection on files, commands or keywords opens no index.

import type { Discovery } from '../catalog/catalog.js';
import type { SearchResult } from '../search/rank.js';
import type { SkillIndex } from '../search/search.js';

/** A catalog and the search that ranks it. */
export interface SelectSource {
  catalog: Discovery;
  /** The search's answer for `intent` (the pipeline reads its candidates and its verdict). */
  rank(intent: string): Promise<SearchResult>;
}

/** What the pipeline asks an index for an intent: its search, as many candidates as ranking reads. */
export const indexRanking = (index: SkillIndex, intent: string): Promise<SearchResult> =>
  index.search(intent, { limit: index.settings.candidates });

/** A catalog and an open index over it as a source: the catalog, and the index's ranking. */
export const indexSource = (catalog: Discovery, index: SkillIndex): SelectSource => ({
  catalog,
  rank: (intent) => indexRanking(index, intent),
});

/** The search's answer for the intent, or none without an intent (and then nothing is opened). */
export function searchIntent(
  source: SelectSource,
  intent: string | undefined,
): Promise<SearchResult | undefined> {
  if (!intent || intent.trim() === '') return Promise.resolve(undefined);
  return source.rank(intent);
}
