// `extends: <parent>` (SPEC S5, seed 000): the effective skill is the parent with the child's
// sections (by heading) replacing the parent's of the same heading and new ones appended; trigger
// lists are unioned and the child's other fields win when set. At most three parents deep; a cycle
// and a skill extending itself are errors. Pure: bodies are given, nothing is read.

import { type Diagnostic, diagnostic } from '../diagnostics/diagnostic.js';
import type { SkillFrontmatter, Triggers } from '../skill/types.js';
import { closest } from '../text/did-you-mean.js';
import { composeBodies } from './sections.js';

/** How many parents a chain may have. */
export const MAX_EXTENDS_DEPTH = 3;

/** What composition needs of a skill: its name, file, front matter and body. */
export interface ComposableSkill {
  name: string;
  path: string;
  frontmatter: SkillFrontmatter;
  body: string;
}

/** The effective skill. */
export interface ComposedSkill {
  name: string;
  frontmatter: SkillFrontmatter;
  body: string;
  /** The files composed, the skill first, then each parent. */
  chain: string[];
}

const union = (a: readonly string[] = [], b: readonly string[] = []): string[] => [
  ...new Set([...a, ...b]),
];

function unionTriggers(parent?: Triggers, child?: Triggers): Triggers | undefined {
  if (!parent) return child;
  if (!child) return parent;
  return {
    files: union(parent.files, child.files),
    intents: union(parent.intents, child.intents),
    contexts: union(parent.contexts, child.contexts),
  };
}

/** The parent's front matter with the child's: the child's fields win when set, triggers are unioned. */
export function mergeFrontmatter(
  parent: SkillFrontmatter,
  child: SkillFrontmatter,
): SkillFrontmatter {
  const merged: SkillFrontmatter = { ...parent, extra: { ...parent.extra, ...child.extra } };
  for (const [k, v] of Object.entries(child) as Array<[keyof SkillFrontmatter, unknown]>) {
    if (k === 'extra' || v === undefined) continue;
    (merged as unknown as Record<string, unknown>)[k] = v;
  }
  const triggers = unionTriggers(parent.triggers, child.triggers);
  if (triggers) merged.triggers = triggers;
  // The effective skill extends nothing more: its chain is resolved.
  delete merged.extends;
  return merged;
}

/**
 * Skills by the names `extends` and `prerequisites` use: ids first, then names, the first of each
 * in `items`' order (pass loaded skills before shadowed ones).
 */
export function skillsByName<T>(
  items: readonly T[],
  skillOf: (t: T) => { id: string; name: string },
): Map<string, T> {
  const map = new Map<string, T>();
  for (const t of items) if (!map.has(skillOf(t).id)) map.set(skillOf(t).id, t);
  for (const t of items) if (!map.has(skillOf(t).name)) map.set(skillOf(t).name, t);
  return map;
}

/** A link of an `extends` chain: a skill's name, its file, and the parent it names. */
export interface ChainLink {
  name: string;
  path: string;
  extends?: string | undefined;
}

/** Why a chain stopped before its last `extends`: at `chain[at]`, which names `parent`. */
export interface ChainBreak {
  kind: 'self' | 'missing' | 'cycle' | 'depth';
  at: number;
  parent: string;
}

/**
 * Follow `extends` from `first`: the skills composed, the skill first, then each parent; it stops at
 * a skill extending itself, a missing parent, a repeat, or past three parents, and says which.
 */
export function walkExtends<T>(
  first: T,
  link: (t: T) => ChainLink,
  lookup: (name: string) => T | undefined,
): { chain: T[]; broken?: ChainBreak } {
  const chain = [first];
  for (let at = link(first); at.extends !== undefined; ) {
    const stop = (kind: ChainBreak['kind']) => ({
      chain,
      broken: { kind, at: chain.length - 1, parent: at.extends as string },
    });
    if (at.extends === at.name) return stop('self');
    const parent = lookup(at.extends);
    if (parent === undefined) return stop('missing');
    const next = link(parent);
    if (chain.some((c) => link(c).path === next.path)) return stop('cycle');
    if (chain.length > MAX_EXTENDS_DEPTH) return stop('depth');
    chain.push(parent);
    at = next;
  }
  return { chain };
}

/** Compose `skill` with its parents, found by name with `lookup`. */
export function composeExtends(
  skill: ComposableSkill,
  lookup: (name: string) => ComposableSkill | undefined,
  names: readonly string[] = [],
): { skill: ComposedSkill; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const { chain, broken } = walkExtends(
    skill,
    (s) => ({ name: s.name, path: s.path, extends: s.frontmatter.extends }),
    lookup,
  );
  if (broken) {
    const at = chain[broken.at] as ComposableSkill;
    const parentName = broken.parent;
    const fail = (code: string, message: string, data: Record<string, unknown> = {}) =>
      diagnostics.push(
        diagnostic(code, 'error', at.path, message, { data: { extends: parentName, ...data } }),
      );
    if (broken.kind === 'self')
      fail('compose/extends-self', `\`${at.name}\` extends itself; the field is ignored`);
    else if (broken.kind === 'missing') {
      const near = closest(parentName, names);
      fail(
        'compose/extends-missing',
        `\`${at.name}\` extends \`${parentName}\`, which is not a skill of this catalog${near ? `; did you mean \`${near}\`?` : ''}`,
        near ? { didYouMean: near } : {},
      );
    } else if (broken.kind === 'cycle') {
      const cycle = [...chain.map((c) => c.name), (lookup(parentName) as ComposableSkill).name];
      fail(
        'compose/extends-cycle',
        `\`extends\` makes a cycle (${cycle.join(' → ')}); composed without the repeat`,
        { cycle },
      );
    } else
      fail(
        'compose/extends-depth',
        `\`${skill.name}\` extends more than ${MAX_EXTENDS_DEPTH} skills deep; \`${parentName}\` and above are not composed`,
        { maxDepth: MAX_EXTENDS_DEPTH },
      );
  }
  // From the farthest parent down: each child overrides what is above it.
  let frontmatter = (chain[chain.length - 1] as ComposableSkill).frontmatter;
  for (let i = chain.length - 2; i >= 0; i--)
    frontmatter = mergeFrontmatter(frontmatter, (chain[i] as ComposableSkill).frontmatter);
  if (chain.length === 1) frontmatter = { ...frontmatter, extra: { ...frontmatter.extra } };
  return {
    skill: {
      name: skill.name,
      frontmatter,
      body: composeBodies(chain.map((c) => c.body)),
      chain: chain.map((c) => c.path),
    },
    diagnostics,
  };
}
