// `extends: <parent>` (SPEC S5, seed 000): the effective skill is the parent with the child's
// sections (by heading) replacing the parent's of the same heading and new ones appended; trigger
// lists are unioned and the child's other fields win when set. At most three parents deep; a cycle
// and a skill extending itself are errors. Pure: bodies are given, nothing is read.

import { type Diagnostic, diagnostic } from '../diagnostics/diagnostic.js';
import type { SkillFrontmatter, Triggers } from '../skill/types.js';
import { closest } from '../text/did-you-mean.js';
import { mergeSections } from './sections.js';

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

/** Compose `skill` with its parents, found by name with `lookup`. */
export function composeExtends(
  skill: ComposableSkill,
  lookup: (name: string) => ComposableSkill | undefined,
  names: readonly string[] = [],
): { skill: ComposedSkill; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const chain: ComposableSkill[] = [skill];
  for (let at = skill; at.frontmatter.extends !== undefined; ) {
    const parentName = at.frontmatter.extends;
    const fail = (code: string, message: string, data: Record<string, unknown> = {}) =>
      diagnostics.push(
        diagnostic(code, 'error', at.path, message, { data: { extends: parentName, ...data } }),
      );
    if (parentName === at.name) {
      fail('compose/extends-self', `\`${at.name}\` extends itself; the field is ignored`);
      break;
    }
    const parent = lookup(parentName);
    if (!parent) {
      const near = closest(parentName, names);
      fail(
        'compose/extends-missing',
        `\`${at.name}\` extends \`${parentName}\`, which is not a skill of this catalog${near ? `; did you mean \`${near}\`?` : ''}`,
        near ? { didYouMean: near } : {},
      );
      break;
    }
    if (chain.some((c) => c.path === parent.path)) {
      const loop = [...chain.map((c) => c.name), parent.name].join(' → ');
      fail(
        'compose/extends-cycle',
        `\`extends\` makes a cycle (${loop}); composed without the repeat`,
        {
          cycle: [...chain.map((c) => c.name), parent.name],
        },
      );
      break;
    }
    if (chain.length > MAX_EXTENDS_DEPTH) {
      fail(
        'compose/extends-depth',
        `\`${skill.name}\` extends more than ${MAX_EXTENDS_DEPTH} skills deep; \`${parentName}\` and above are not composed`,
        { maxDepth: MAX_EXTENDS_DEPTH },
      );
      break;
    }
    chain.push(parent);
    at = parent;
  }
  // From the farthest parent down: each child overrides what is above it.
  let frontmatter = (chain[chain.length - 1] as ComposableSkill).frontmatter;
  let body = (chain[chain.length - 1] as ComposableSkill).body;
  for (let i = chain.length - 2; i >= 0; i--) {
    const c = chain[i] as ComposableSkill;
    frontmatter = mergeFrontmatter(frontmatter, c.frontmatter);
    body = mergeSections(body, c.body);
  }
  if (chain.length === 1) frontmatter = { ...frontmatter, extra: { ...frontmatter.extra } };
  return {
    skill: { name: skill.name, frontmatter, body, chain: chain.map((c) => c.path) },
    diagnostics,
  };
}
