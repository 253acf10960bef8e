// What `select` may name without loading, best first: the candidates in load order (once the loaded
// are passed over, those that overflowed come first), then the search's other candidates (`ok` or
// `weak`). Only skills the model may load are named: shown (not shadowed), not dropped by Resolve or
// ModelFilter, not hidden from the model, and (for those the pipeline never carried that far) not
// turned away by the profile.

import { oneLine } from '../search/format.js';
import type { Skill } from '../skill/types.js';
import { type Suggestion, suggestionLine } from './budget.js';
import type { Candidate } from './types.js';

/** Skills named after the loads by default: those that overflowed, then the search's other candidates. */
export const DEFAULT_SUGGESTIONS = 20;

/** What decides whether a skill may be named. */
export interface SuggestionRules {
  /** The catalog whose shown skills may be named. */
  visible: { skills: readonly Skill[] };
  byId: ReadonlyMap<string, Skill>;
  /** Dropped by Resolve or ModelFilter. */
  refused: ReadonlySet<string>;
  /** Hidden from the model (an override, a deny rule, `disable-model-invocation`). */
  hidden?: ReadonlyMap<string, unknown> | undefined;
  /** The ids, of those given, that the profile keeps. */
  profile: (ids: readonly string[]) => readonly string[];
}

/** The skills that may be suggested, best first, each with its line. */
export function suggestionPool(
  candidates: readonly Candidate[],
  results: ReadonlyArray<{ id: string }>,
  rules: SuggestionRules,
): Suggestion[] {
  const shown = visibleIds(rules.visible);
  const inPipeline = new Set(candidates.map((c) => c.id));
  const others = results
    .map((r) => r.id)
    .filter((id) => shown.has(id) && !rules.refused.has(id) && !inPipeline.has(id));
  const kept = new Set(rules.profile(others));
  const ids = [...inPipeline, ...others.filter((id) => kept.has(id))];
  const out: Suggestion[] = [];
  const seen = new Set<string>();
  for (const id of ids) {
    const skill = rules.byId.get(id);
    if (!skill || seen.has(id) || rules.hidden?.has(id)) continue;
    seen.add(id);
    const description = oneLine(skill.description);
    // Counted as a load is, in bytes: a line of another script is not cheaper than its bytes.
    out.push({
      id,
      path: skill.path,
      scope: skill.source.scope,
      description,
      chars: Buffer.byteLength(suggestionLine(id, description)),
    });
  }
  return out;
}

const visibleOf = new WeakMap<object, ReadonlySet<string>>();

/** The ids of a catalog's shown skills (not shadowed), made once per catalog. */
function visibleIds(catalog: { skills: readonly Skill[] }): ReadonlySet<string> {
  let ids = visibleOf.get(catalog);
  if (!ids) {
    ids = new Set(catalog.skills.map((s) => s.id));
    visibleOf.set(catalog, ids);
  }
  return ids;
}
