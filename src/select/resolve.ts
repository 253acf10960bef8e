// Stage 2, Resolve: one version per name. Which version wins is decided by the catalog's pure
// resolution (src/catalog/resolve.ts, by the scope precedence: project over user by default); this
// stage applies its decisions to the scored candidates, so there is one implementation of the rule.

import type { Decision } from '../catalog/resolve.js';
import type { Candidate, StageDecision, StageOutput } from './types.js';

/** What Resolve reads of the catalog: the files that lost a clash, and the catalog's decisions. */
export interface CatalogResolution {
  shadowed: ReadonlyArray<{ path: string }>;
  decisions: readonly Decision[];
}

/** Drop the candidates the catalog's resolution shadowed, and any second version of an id. */
export function resolveStage(
  candidates: readonly Candidate[],
  catalog: CatalogResolution,
): StageOutput {
  const shadowed = new Set(catalog.shadowed.map((s) => s.path));
  const why = new Map(
    catalog.decisions.filter((d) => d.kind === 'shadowed').map((d) => [d.path, d]),
  );
  const out: Candidate[] = [];
  const decisions: StageDecision[] = [];
  const seen = new Map<string, Candidate>();
  for (const c of candidates) {
    if (shadowed.has(c.path)) {
      const d = why.get(c.path);
      decisions.push({
        stage: 'resolve',
        id: c.id,
        outcome: 'dropped',
        reason: d ? d.reason : 'shadowed by a skill of higher precedence',
      });
      continue;
    }
    const first = seen.get(c.id);
    if (first) {
      decisions.push({
        stage: 'resolve',
        id: c.id,
        outcome: 'dropped',
        reason: `another version of \`${c.id}\` (${first.path}) came first`,
      });
      continue;
    }
    seen.set(c.id, c);
    out.push(c);
    decisions.push({
      stage: 'resolve',
      id: c.id,
      outcome: 'kept',
      reason: `the ${c.scope} version`,
    });
  }
  return { candidates: out, decisions };
}
