// Stage 2, Resolve: one version per name. Which version wins is decided by the catalog's pure
// resolution (src/catalog/resolve.ts, by the scope precedence: project over user by default); this
// stage applies its decisions to the scored candidates, so there is one implementation of the rule.

import type { Decision } from '../catalog/resolve.js';
import { type ChainLink, walkExtends } from '../compose/extends.js';
import { estimateTokens } from '../skill/parse.js';
import { type Candidate, decidedOn, type StageDecision, type StageOutput } from './types.js';

/** What Resolve reads of the catalog: the files that lost a clash, and the catalog's decisions. */
export interface CatalogResolution {
  shadowed: ReadonlyArray<{ path: string }>;
  decisions: readonly Decision[];
}

/** What Resolve reads of a skill for `extends`: its id, file, parent's name and body size. */
export interface ExtendsFacts extends ChainLink {
  chars: number;
}

/**
 * Drop the candidates the catalog's resolution shadowed, and any second version of an id. A skill
 * that `extends` others (`facts` says which) is passed on with its chain, and sized as all of it.
 */
export function resolveStage(
  candidates: readonly Candidate[],
  catalog: CatalogResolution,
  facts?: {
    of(id: string): ExtendsFacts | undefined;
    named(name: string): ExtendsFacts | undefined;
  },
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
        ...decidedOn(c),
        outcome: 'dropped',
        reason: d ? d.reason : 'shadowed by a skill of higher precedence',
      });
      continue;
    }
    const first = seen.get(c.id);
    if (first) {
      decisions.push({
        stage: 'resolve',
        ...decidedOn(c),
        outcome: 'dropped',
        reason: `another version of \`${c.id}\` (${first.path}) came first`,
      });
      continue;
    }
    seen.set(c.id, c);
    const own = facts?.of(c.id);
    const chain =
      own?.extends !== undefined && facts
        ? walkExtends(
            own,
            (f) => f,
            (n) => facts.named(n),
          ).chain
        : [];
    if (chain.length > 1) {
      const chars = c.chars + chain.slice(1).reduce((n, p) => n + p.chars, 0);
      out.push({ ...c, chars, tokens: estimateTokens(chars), chain: chain.map((p) => p.path) });
      decisions.push({
        stage: 'resolve',
        ...decidedOn(c),
        outcome: 'kept',
        reason: `the ${c.scope} version, composed with ${chain.length - 1} parent(s): ${chain.map((p) => p.path).join(' → ')}`,
      });
      continue;
    }
    out.push(c);
    decisions.push({
      stage: 'resolve',
      ...decidedOn(c),
      outcome: 'kept',
      reason: `the ${c.scope} version`,
    });
  }
  return { candidates: out, decisions };
}
