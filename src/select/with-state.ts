// The pipeline with its cache state kept between runs by a state store: read before, written after a
// run that loaded something. A damaged state is a warning and an empty state.

import { noStateStore, type StateStore } from '../state/state-store.js';
import { SELECT_STATE } from './cache-state.js';
import { runPipeline, type SelectOptions, type SelectResult } from './pipeline.js';
import type { SelectContext } from './score.js';
import type { SelectSource } from './source.js';

/** Run the pipeline over `source` with the cache state kept in `o.state` (none kept without one). */
export async function selectWithState(
  source: SelectSource,
  context: SelectContext,
  o: SelectOptions & { state?: StateStore },
): Promise<SelectResult> {
  const { state = noStateStore, ...rest } = o;
  const before = await state.read(SELECT_STATE);
  const r = await runPipeline(source, context, { ...rest, cacheState: before.state });
  const met = [...before.diagnostics];
  if (!o.dryRun && r.loaded.length > 0)
    met.push(...(await state.update(SELECT_STATE, () => r.cacheState)).diagnostics);
  return met.length === 0 ? r : { ...r, diagnostics: [...r.diagnostics, ...met] };
}
