// What a domain router says, derived from its skills when no one wrote it: the scope (the domain's
// most distinctive name words), the trigger vocabulary (its most distinctive trigger phrases), the
// negative routing (negative.ts) and the featured entry points (the skills other skills redirect to
// most).

import { crossRedirects, negativeRouting } from './negative.js';
import { redirectTargets, splitDescription } from './split.js';
import { byText, Counts, ROUTER_LIMITS, Surfaces, stem, unquote, words } from './terms.js';
import { trimOf } from './text.js';

/** One skill as derivation sees it. */
export interface DeriveSkill {
  id: string;
  name: string;
  description: string;
}

/** Hand-written router parts for one domain; each replaces what would be derived. */
export interface DomainOverrides {
  /** One sentence saying what the domain covers. */
  scope?: string;
  /** Phrases a request for this domain uses. */
  vocabulary?: string[];
  /** Negative routing, each a whole clause: `NOT for X — use Y.` */
  notFor?: string[];
  /** Skill ids to feature, in order. */
  featured?: string[];
}

/** A domain router's derived parts. */
export interface RouterParts {
  scopeWords: string[];
  scope: string;
  vocabulary: string[];
  notFor: string[];
  /** Skill ids, best first. */
  featured: string[];
}

/** The derived router parts of every domain, with `overrides` applied. Pure and deterministic. */
export function deriveRouters(
  byDomain: ReadonlyMap<string, readonly DeriveSkill[]>,
  overrides: Readonly<Record<string, DomainOverrides>> = {},
): Map<string, RouterParts> {
  // `named`: stems of skill names; `owned`: and of trigger phrases; `mentioned`: of lead prose.
  const named = new Counts();
  const owned = new Counts();
  const mentioned = new Counts();
  const phraseCounts = new Counts();
  const surfaces = new Surfaces();
  const phrasesOf = new Map<string, Map<string, string>>();
  const inDegree = new Map<string, number>();
  const byName = new Map<string, string>();
  const domainById = new Map<string, string>();
  for (const [domain, skills] of byDomain) {
    for (const s of skills) {
      byName.set(s.name, s.id);
      domainById.set(s.id, domain);
    }
  }
  // domain → the domain a redirect sends to → the topics those redirects name.
  const crossing = new Map<string, Map<string, string[]>>();
  for (const [domain, skills] of byDomain) {
    const phrases = new Map<string, string>();
    phrasesOf.set(domain, phrases);
    for (const s of skills) {
      const parts = splitDescription(s.description);
      const said = parts.phrases
        .map((p) => unquote(p.text))
        .filter((p) => p !== '' && p.length <= 40);
      const own = [...words(s.name), ...said.flatMap(words)];
      for (const w of own) surfaces.add(w);
      for (const t of new Set(own.map(stem))) owned.add(t, domain);
      for (const t of new Set(words(s.name).map(stem))) named.add(t, domain);
      for (const t of new Set(words(parts.lead).map(stem))) mentioned.add(t, domain);
      for (const p of new Set(said)) {
        const key = [...new Set(words(p).map(stem))].sort().join(' ');
        if (key === '' || key.split(' ').length > 4) continue;
        phraseCounts.add(key, domain);
        const seen = phrases.get(key);
        if (seen === undefined || byText(p, seen) < 0) phrases.set(key, p);
      }
      for (const clause of parts.notFor) {
        for (const [i, t] of redirectTargets(clause).entries()) {
          const name = t.text.replace(/^(?:use|see)\s+(?:the\s+)?/iu, '').replace(/`/gu, '');
          const id = byName.get(name.split(/[/:]/u).pop() as string);
          if (id === undefined || id === s.id) continue;
          inDegree.set(id, (inDegree.get(id) ?? 0) + 1);
          const other = domainById.get(id) as string;
          if (i > 0 || other === domain) continue;
          const topic = trimOf(clause.slice(0, t.index).replace(/^NOT\s+for\s+/u, ''), ' —–-(,;:.');
          if (topic === '') continue;
          const to = crossing.get(domain) ?? new Map<string, string[]>();
          crossing.set(domain, to);
          to.set(other, [...(to.get(other) ?? []), topic]);
        }
      }
    }
  }

  const scopeOf = new Map<string, string[]>();
  for (const [domain, skills] of byDomain) {
    const min = skills.length >= 5 ? 2 : 1;
    const stems = [...named.by.keys()]
      .filter((t) => named.in(t, domain) >= min && named.share(t, domain) >= 0.5)
      .sort((a, b) => named.weight(b, domain) - named.weight(a, domain) || byText(a, b));
    scopeOf.set(domain, stems.slice(0, ROUTER_LIMITS.scope));
  }

  const out = new Map<string, RouterParts>();
  for (const [domain, skills] of byDomain) {
    const o = overrides[domain] ?? {};
    const scopeStems = scopeOf.get(domain) as string[];
    const scopeWords = scopeStems.map((t) => surfaces.of(t));
    const phrases = phrasesOf.get(domain) as Map<string, string>;
    const min = skills.length >= 5 ? 2 : 1;
    // The scope already names the scope words. Phrasings several skills here share come first, then the words this domain owns most.
    const recurring = [...phrases.keys()]
      .filter((k) => phraseCounts.in(k, domain) >= 2 && !scopeStems.includes(k))
      .sort(
        (a, b) => phraseCounts.weight(b, domain) - phraseCounts.weight(a, domain) || byText(a, b),
      )
      .slice(0, ROUTER_LIMITS.phrases)
      .map((k) => phrases.get(k) as string);
    const ownWords = [...owned.by.keys()]
      .filter(
        (t) =>
          owned.in(t, domain) >= min && owned.share(t, domain) >= 0.3 && !scopeStems.includes(t),
      )
      .sort((a, b) => owned.weight(b, domain) - owned.weight(a, domain) || byText(a, b))
      .map((t) => surfaces.of(t));
    const vocabulary =
      o.vocabulary ??
      [...recurring, ...ownWords]
        .filter((t, i, all) => all.indexOf(t) === i)
        .slice(0, ROUTER_LIMITS.vocabulary);
    const scope =
      o.scope ??
      (scopeWords.length > 0
        ? `Skills on ${scopeWords.join(', ')}.`
        : `The ${skills.length} skills filed under ${domain}.`);
    const redirected = crossRedirects(crossing.get(domain), skills.length);
    const sent = new Set(redirected.map((r) => r.other));
    const notFor =
      o.notFor ??
      [
        ...redirected.map((r) => r.text),
        ...negativeRouting(
          domain,
          skills.length,
          byDomain,
          scopeOf,
          surfaces,
          named,
          owned,
          mentioned,
        )
          .filter((r) => !sent.has(r.other))
          .map((r) => r.text),
      ].slice(0, ROUTER_LIMITS.notFor);
    const featured =
      o.featured ??
      [...skills]
        .map((s) => ({
          id: s.id,
          degree: inDegree.get(s.id) ?? 0,
          fit: words(s.name).filter((w) => scopeStems.includes(stem(w))).length,
        }))
        .sort((a, b) => b.degree - a.degree || b.fit - a.fit || byText(a.id, b.id))
        .slice(0, ROUTER_LIMITS.featured)
        .map((f) => f.id);
    out.set(domain, { scopeWords, scope, vocabulary, notFor, featured });
  }
  return out;
}
