// Negative routing for a domain router: where its readers should go instead, lifted from its skills'
// own cross-domain `NOT for` redirects, else from words its skills mention that another domain owns.

import type { DeriveSkill } from './derive.js';
import { byText, type Counts, ROUTER_LIMITS, type Surfaces } from './terms.js';

/**
 * `NOT for <words> — use <other>.` for another domain's scope words that this domain's descriptions
 * mention often while none of its skills is named for them: the vocabulary a reader routes on by
 * surface and lands in the wrong roster.
 */
export function negativeRouting(
  domain: string,
  size: number,
  byDomain: ReadonlyMap<string, readonly DeriveSkill[]>,
  scopeOf: ReadonlyMap<string, readonly string[]>,
  surfaces: Surfaces,
  named: Counts,
  owned: Counts,
  mentioned: Counts,
): Array<{ text: string; weight: number; other: string }> {
  const floor = Math.max(2, Math.ceil(size * 0.05));
  const clauses: Array<{ text: string; weight: number; other: string }> = [];
  for (const other of byDomain.keys()) {
    if (other === domain) continue;
    const terms = (scopeOf.get(other) ?? [])
      .slice(0, 2)
      // The other domain's two defining words, when it all but owns them, no skill here is named for
      // them and hardly any lists them as a trigger.
      .filter(
        (t) =>
          named.share(t, other) >= 0.75 &&
          named.in(t, domain) === 0 &&
          owned.in(t, domain) <= Math.max(1, size * 0.02),
      )
      .map((t) => ({ t, n: mentioned.in(t, domain) }))
      .filter((x) => x.n >= floor)
      .sort((a, b) => b.n - a.n || byText(a.t, b.t))
      .slice(0, ROUTER_LIMITS.notForTerms);
    if (terms.length === 0) continue;
    clauses.push({
      text: `NOT for ${terms.map((x) => surfaces.of(x.t)).join(', ')} — use ${other}.`,
      weight: terms.reduce((sum, x) => sum + x.n, 0),
      other,
    });
  }
  return clauses
    .sort((a, b) => b.weight - a.weight || byText(a.other, b.other))
    .slice(0, ROUTER_LIMITS.notFor);
}

/**
 * `NOT for <topics> — use <other>.` for the domains this domain's own `NOT for` clauses send readers
 * to most, naming the shortest of the topics they give: the authors' own negative routing, lifted.
 */
export function crossRedirects(
  to: ReadonlyMap<string, readonly string[]> | undefined,
  size: number,
): Array<{ text: string; other: string }> {
  if (!to) return [];
  const floor = size >= 20 ? 2 : 1;
  return [...to]
    .filter(([, topics]) => topics.length >= floor)
    .sort((a, b) => b[1].length - a[1].length || byText(a[0], b[0]))
    .slice(0, ROUTER_LIMITS.notFor)
    .flatMap(([other, topics]) => {
      const seen = new Map<string, { text: string; n: number }>();
      for (const t of topics) {
        const key = t.toLowerCase();
        const e = seen.get(key);
        if (e) e.n++;
        else seen.set(key, { text: t, n: 1 });
      }
      const best = [...seen.values()]
        .filter((e) => e.text.length <= ROUTER_LIMITS.topicChars)
        .sort((a, b) => b.n - a.n || a.text.length - b.text.length || byText(a.text, b.text))
        .slice(0, ROUTER_LIMITS.topics)
        .map((e) => e.text);
      return best.length === 0
        ? []
        : [{ text: `NOT for ${best.join(' or ')} — use ${other}.`, other }];
    });
}
