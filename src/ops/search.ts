// The operations over the search index: index, search and eval.

import type { EvalRun, SetReport } from '../core/eval.js';
import { attempt } from '../core/outcome.js';
import type { IndexReport } from '../core/views.js';
import { SkillsetError } from '../errors.js';
import { diffText, evalText, manifestText } from '../eval/format.js';
import { type SearchJson, searchText } from '../search/format.js';
import { visibleLines } from '../text/visible.js';
import { operation } from './operation.js';

/** Bring the index up to date: what changed. */
export const index = operation<Record<string, never>, IndexReport>({
  name: 'index',
  input: (z) => z.object({}),
  run: ({ service }) => service.index(),
  text: (r) =>
    `Indexed ${r.skills} skills: ${r.added} added, ${r.changed} changed, ${r.removed} removed, ${r.unchanged} unchanged (${r.ms} ms)${r.file === ':memory:' ? '; in memory only, nothing was saved' : ''}\n`,
});

/** The input of search. */
export interface SearchInput {
  query: string;
  limit?: number;
  explain?: boolean;
}

/** Search: `ok`, `weak` or `none`, and the results. */
export const search = operation<SearchInput, SearchJson>({
  name: 'search',
  input: (z) =>
    z.object({
      query: z.string().describe('What the user wants done, in their words.'),
      limit: z.number().int().min(1).max(50).optional().describe('Results at most (default 10).'),
      explain: z.boolean().optional().describe('Add the parts of each score.'),
    }),
  run: ({ service }, { query, limit, explain }) =>
    service.search(query, {
      ...(limit !== undefined ? { limit } : {}),
      ...(explain ? { explain: true } : {}),
    }),
  text: (r, { query }) => searchText(visibleLines(query), visibleLines(r)),
});

/** The input of eval: a query file over the service's roots, or a manifest of sets. */
export interface EvalInput {
  queries?: string;
  manifest?: string;
  compare?: string;
  baseline?: boolean;
}

/** A scored query file, or every set of a manifest. */
export type EvalView = EvalRun | { sets: SetReport[] };

/** Score search on labelled queries. */
export const evaluate = operation<EvalInput, EvalView>({
  name: 'eval',
  input: (z) =>
    z.object({
      queries: z.string().optional(),
      manifest: z.string().optional(),
      compare: z.string().optional(),
      baseline: z.boolean().optional(),
    }),
  async run({ service, settingsInput = {} }, input) {
    const baseline = input.baseline !== false;
    if (input.manifest !== undefined) {
      if (input.queries !== undefined || (settingsInput.roots ?? []).length > 0)
        return attempt([], () => {
          throw new SkillsetError(
            'usage/manifest-and-queries',
            'Pass either a manifest (--manifest) or a query file with its roots, not both',
          );
        });
      // Loaded here: index and search never pay for the evaluation's modules.
      const { evalManifest } = await import('../core/eval.js');
      return evalManifest(input.manifest, settingsInput, input.compare, { baseline });
    }
    if (input.queries === undefined)
      return attempt([], () => {
        throw new SkillsetError(
          'usage/missing-labels',
          'Name a query file (JSONL), or a manifest with --manifest',
          { hint: 'skillset eval QUERIES.jsonl PATH…   or   skillset eval --manifest sets.json' },
        );
      });
    return service.eval(input.queries, {
      ...(input.compare !== undefined ? { compare: input.compare } : {}),
      baseline,
    });
  },
  text(run, { compare }) {
    const shown = visibleLines(run);
    if ('sets' in shown) {
      const lines = [manifestText(shown.sets)];
      for (const r of shown.sets)
        if (r.regressions && r.improvements && compare)
          lines.push('', `${r.name}:`, ...diffText(compare, r));
      return `${lines.join('\n')}\n`;
    }
    const lines = [evalText(shown)];
    if (shown.regressions && shown.improvements && compare)
      lines.push('', ...diffText(compare, shown));
    return `${lines.join('\n')}\n`;
  },
});
