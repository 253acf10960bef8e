// Which domain a skill belongs to, by one of the strategies `skillset build --domains-from` names, and
// the path a roster prints for it.

import path from 'node:path';
import type { Skill } from '../skill/types.js';

/** What the tier reads of a skill; a discovered `Skill` has all of it. */
export type TierSkill = Pick<
  Skill,
  'id' | 'name' | 'description' | 'path' | 'source' | 'frontmatter'
>;

/** `path`: the first folder below the root; `field`: front matter `domain`, else `category`; or a function. */
export type DomainStrategy = 'path' | 'field' | ((skill: TierSkill) => string);

/** The domain of skills that name none. */
export const GENERAL_DOMAIN = 'general';

/** A domain name as a folder name: lower case, runs of other characters as `-`; `general` when empty. */
export function domainSlug(name: string): string {
  const slug = name
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/gu, '');
  return slug === '' ? GENERAL_DOMAIN : slug;
}

/** The SKILL.md's path below its root, with `/` separators. */
export function relativeSkillPath(skill: TierSkill): string {
  return path.relative(skill.source.root, skill.path).split(path.sep).join('/');
}

/** The domain `strategy` puts `skill` in, as a folder name. */
export function domainOf(skill: TierSkill, strategy: DomainStrategy): string {
  if (typeof strategy === 'function') return domainSlug(strategy(skill));
  if (strategy === 'field') {
    const f = skill.frontmatter;
    return domainSlug(f.domain ?? f.category ?? GENERAL_DOMAIN);
  }
  // `<domain>/<skill>/SKILL.md`: a skill directly under the root has no domain folder.
  const parts = relativeSkillPath(skill).split('/');
  return parts.length >= 3 && parts[0] !== '..' ? domainSlug(parts[0] as string) : GENERAL_DOMAIN;
}
