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

/** What every domain's skills say, counted across the library: the words and phrases, and the redirects. */
interface Tally {
  /** Stems of skill names. */
  named: Counts;
  /** Stems of names and trigger phrases. */
  owned: Counts;
  /** Stems of the descriptions' lead prose. */
  mentioned: Counts;
  phraseCounts: Counts;
  surfaces: Surfaces;
  /** Per domain: a phrase's key → its shortest spelling. */
  phrasesOf: Map<string, Map<string, string>>;
  /** How many redirects name each skill. */
  inDegree: Map<string, number>;
  /** domain → the domain a redirect sends to → the topics those redirects name. */
  crossing: Map<string, Map<string, string[]>>;
}

/** Count what the skills of every domain say. */
function tally(byDomain: ReadonlyMap<string, readonly DeriveSkill[]>): Tally {
  const t: Tally = {
    named: new Counts(),
    owned: new Counts(),
    mentioned: new Counts(),
    phraseCounts: new Counts(),
    surfaces: new Surfaces(),
    phrasesOf: new Map(),
    inDegree: new Map(),
    crossing: new Map(),
  };
  const byName = new Map<string, string>();
  const domainById = new Map<string, string>();
  for (const [domain, skills] of byDomain) {
    for (const s of skills) {
      byName.set(s.name, s.id);
      domainById.set(s.id, domain);
    }
  }
  for (const [domain, skills] of byDomain) {
    const phrases = new Map<string, string>();
    t.phrasesOf.set(domain, phrases);
    for (const s of skills) {
      const parts = splitDescription(s.description);
      const said = parts.phrases
        .map((p) => unquote(p.text))
        .filter((p) => p !== '' && p.length <= 40);
      const own = [...words(s.name), ...said.flatMap(words)];
      for (const w of own) t.surfaces.add(w);
      for (const x of new Set(own.map(stem))) t.owned.add(x, domain);
      for (const x of new Set(words(s.name).map(stem))) t.named.add(x, domain);
      for (const x of new Set(words(parts.lead).map(stem))) t.mentioned.add(x, domain);
      for (const p of new Set(said)) {
        const key = [...new Set(words(p).map(stem))].sort().join(' ');
        if (key === '' || key.split(' ').length > 4) continue;
        t.phraseCounts.add(key, domain);
        const seen = phrases.get(key);
        if (seen === undefined || byText(p, seen) < 0) phrases.set(key, p);
      }
      for (const clause of parts.notFor)
        countRedirects(t, { clause, from: s.id, domain }, byName, domainById);
    }
  }
  return t;
}

/** Count the skills a NOT-for clause redirects to, and the topic of its first redirect out of the domain. */
function countRedirects(
  t: Tally,
  at: { clause: string; from: string; domain: string },
  byName: ReadonlyMap<string, string>,
  domainById: ReadonlyMap<string, string>,
): void {
  const { clause, domain } = at;
  for (const [i, target] of redirectTargets(clause).entries()) {
    const name = target.text.replace(/^(?:use|see)\s+(?:the\s+)?/iu, '').replace(/`/gu, '');
    const id = byName.get(name.split(/[/:]/u).pop() as string);
    if (id === undefined || id === at.from) continue;
    t.inDegree.set(id, (t.inDegree.get(id) ?? 0) + 1);
    const other = domainById.get(id) as string;
    if (i > 0 || other === domain) continue;
    const topic = trimOf(clause.slice(0, target.index).replace(/^NOT\s+for\s+/u, ''), ' —–-(,;:.');
    if (topic === '') continue;
    const to = t.crossing.get(domain) ?? new Map<string, string[]>();
    t.crossing.set(domain, to);
    to.set(other, [...(to.get(other) ?? []), topic]);
  }
}

/** The derived router parts of every domain, with `overrides` applied. Pure and deterministic. */
export function deriveRouters(
  byDomain: ReadonlyMap<string, readonly DeriveSkill[]>,
  overrides: Readonly<Record<string, DomainOverrides>> = {},
): Map<string, RouterParts> {
  const t = tally(byDomain);
  const scopeOf = new Map<string, string[]>();
  for (const [domain, skills] of byDomain) {
    const min = skills.length >= 5 ? 2 : 1;
    const stems = [...t.named.by.keys()]
      .filter((x) => t.named.in(x, domain) >= min && t.named.share(x, domain) >= 0.5)
      .sort((a, b) => t.named.weight(b, domain) - t.named.weight(a, domain) || byText(a, b));
    scopeOf.set(domain, stems.slice(0, ROUTER_LIMITS.scope));
  }
  const out = new Map<string, RouterParts>();
  for (const [domain, skills] of byDomain)
    out.set(domain, domainParts(domain, skills, { t, scopeOf, byDomain }, overrides[domain] ?? {}));
  return out;
}

/** One domain's router parts from the library's tally, its overrides taking precedence. */
function domainParts(
  domain: string,
  skills: readonly DeriveSkill[],
  all: {
    t: Tally;
    scopeOf: Map<string, string[]>;
    byDomain: ReadonlyMap<string, readonly DeriveSkill[]>;
  },
  o: DomainOverrides,
): RouterParts {
  const { t, scopeOf } = all;
  const { named, owned, mentioned, phraseCounts, surfaces } = t;
  const scopeStems = scopeOf.get(domain) as string[];
  const scopeWords = scopeStems.map((x) => surfaces.of(x));
  const phrases = t.phrasesOf.get(domain) as Map<string, string>;
  const min = skills.length >= 5 ? 2 : 1;
  // The scope already names the scope words. Phrasings several skills here share come first, then the words this domain owns most.
  const recurring = [...phrases.keys()]
    .filter((k) => phraseCounts.in(k, domain) >= 2 && !scopeStems.includes(k))
    .sort((a, b) => phraseCounts.weight(b, domain) - phraseCounts.weight(a, domain) || byText(a, b))
    .slice(0, ROUTER_LIMITS.phrases)
    .map((k) => phrases.get(k) as string);
  const ownWords = [...owned.by.keys()]
    .filter(
      (x) => owned.in(x, domain) >= min && owned.share(x, domain) >= 0.3 && !scopeStems.includes(x),
    )
    .sort((a, b) => owned.weight(b, domain) - owned.weight(a, domain) || byText(a, b))
    .map((x) => surfaces.of(x));
  const vocabulary =
    o.vocabulary ??
    [...recurring, ...ownWords]
      .filter((x, i, list) => list.indexOf(x) === i)
      .slice(0, ROUTER_LIMITS.vocabulary);
  const scope =
    o.scope ??
    (scopeWords.length > 0
      ? `Skills on ${scopeWords.join(', ')}.`
      : `The ${skills.length} skills filed under ${domain}.`);
  const redirected = crossRedirects(t.crossing.get(domain), skills.length);
  const sent = new Set(redirected.map((r) => r.other));
  const notFor =
    o.notFor ??
    [
      ...redirected.map((r) => r.text),
      ...negativeRouting(
        domain,
        skills.length,
        all.byDomain,
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
        degree: t.inDegree.get(s.id) ?? 0,
        fit: words(s.name).filter((w) => scopeStems.includes(stem(w))).length,
      }))
      .sort((a, b) => b.degree - a.degree || b.fit - a.fit || byText(a.id, b.id))
      .slice(0, ROUTER_LIMITS.featured)
      .map((f) => f.id);
  return { scopeWords, scope, vocabulary, notFor, featured };
}
