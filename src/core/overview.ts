// What a library looks like at a glance, as the web page draws it: its skills by scope, by folder
// and by domain (the listing's domains, docs/listing.md), the copies that lost a clash, and the
// findings of lint counted per skill. Plain values, computed from the catalog and a lint report; no
// face decides them.

import path from 'node:path';
import type { Catalog } from '../catalog/catalog.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { listingDomains } from './listing-domains.js';
import type { LintReport } from './views.js';

/** One skill as the overview lists it. */
export interface OverviewSkill {
  id: string;
  name: string;
  scope: string;
  domain: string;
  /** The folder that holds the skill's folder, relative to its root (`.` for the root itself). */
  folder: string;
  description: string;
  /** Lint's errors and warnings in its folder. */
  errors: number;
  warnings: number;
}

/** A library at a glance. */
export interface LibraryOverview {
  skills: OverviewSkill[];
  /** Skills per scope, and per domain, sorted by name. */
  scopes: Array<{ scope: string; skills: number }>;
  domains: Array<{ domain: string; skills: number }>;
  folders: Array<{ folder: string; skills: number }>;
  /** Copies that lost a name clash: the copy and the skill that won. */
  shadowed: Array<{ id: string; path: string; winner: string | undefined }>;
  lint: LintReport['summary'];
  /** The roots read, in precedence order. */
  roots: string[];
}

const byName = <T>(counts: Map<string, number>, key: (name: string, n: number) => T): T[] =>
  [...counts.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([k, n]) => key(k, n));

/** The overview of `c`, with `lint`'s findings counted against the skill folder each is in. */
export function libraryOverview(c: Catalog, lint: LintReport): LibraryOverview {
  const domains = listingDomains(c.skills);
  const inFolder = new Map<string, Diagnostic[]>();
  const dirs = c.skills.map((s) => s.dir).sort((a, b) => b.length - a.length);
  for (const d of lint.diagnostics) {
    // The deepest skill folder holding the file: a nested skill's findings are its own.
    const dir = dirs.find((x) => d.file === x || d.file.startsWith(`${x}/`));
    if (dir === undefined) continue;
    const list = inFolder.get(dir) ?? [];
    list.push(d);
    inFolder.set(dir, list);
  }
  const scopes = new Map<string, number>();
  const perDomain = new Map<string, number>();
  const perFolder = new Map<string, number>();
  const skills = c.skills.map((s) => {
    const found = inFolder.get(s.dir) ?? [];
    const domain = domains.get(s.id) ?? 'general';
    scopes.set(s.source.scope, (scopes.get(s.source.scope) ?? 0) + 1);
    perDomain.set(domain, (perDomain.get(domain) ?? 0) + 1);
    const rel = path.relative(s.source.root, path.dirname(s.dir)).split(path.sep).join('/');
    const folder = rel === '' ? '.' : rel.startsWith('..') ? path.dirname(s.dir) : rel;
    perFolder.set(folder, (perFolder.get(folder) ?? 0) + 1);
    return {
      id: s.id,
      name: s.name,
      scope: s.source.scope,
      domain,
      folder,
      description: s.description,
      errors: found.filter((d) => d.severity === 'error').length,
      warnings: found.filter((d) => d.severity === 'warning').length,
    };
  });
  return {
    skills,
    scopes: byName(scopes, (scope, n) => ({ scope, skills: n })),
    domains: byName(perDomain, (domain, n) => ({ domain, skills: n })),
    folders: byName(perFolder, (folder, n) => ({ folder, skills: n })),
    shadowed: c.shadowed.map((s) => ({
      id: s.id,
      path: s.path,
      winner: c.skills.find((w) => w.id === s.id)?.path,
    })),
    lint: lint.summary,
    roots: c.roots.map((r) => r.path),
  };
}

/** How a listing showed its skills: entries by how much of each it kept, and its size. */
export interface ListingTally {
  budget: number;
  chars: number;
  level: string;
  /** Entries shown whole (or within the per-entry cap). */
  full: number;
  /** Entries whose description was cut short. */
  truncated: number;
  /** Entries shown by name only. */
  names: number;
  /** Visible skills left out for want of room. */
  omitted: number;
  /** Skills not listed at all (refused, or conditional and not active), by reason. */
  hidden: Record<string, number>;
}

/** Tally `view` (a `listing` View) entry by entry. */
export function listingTally(view: {
  budget: number;
  chars: number;
  level: string;
  entries: ReadonlyArray<{ shown: string }>;
  hidden: ReadonlyArray<{ reason: string }>;
}): ListingTally {
  const count = (...shown: string[]) => view.entries.filter((e) => shown.includes(e.shown)).length;
  const hidden: Record<string, number> = {};
  for (const h of view.hidden) hidden[h.reason] = (hidden[h.reason] ?? 0) + 1;
  return {
    budget: view.budget,
    chars: view.chars,
    level: view.level,
    full: count('full', 'capped'),
    truncated: count('truncated'),
    names: count('name'),
    omitted: count('omitted'),
    hidden,
  };
}
