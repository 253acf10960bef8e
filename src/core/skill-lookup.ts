// Finding one skill by id or name, with a did-you-mean when none matches.

import { SkillsetError } from '../errors.js';
import type { Skill } from '../skill/types.js';
import { closest } from '../text/did-you-mean.js';

/** Find a skill by id, else by name; an ambiguous or unknown name is a problem with a did-you-mean. */
export function findSkill(skills: readonly Skill[], name: string): Skill {
  const byId = skills.find((s) => s.id === name);
  if (byId) return byId;
  const byName = skills.filter((s) => s.name === name);
  if (byName.length === 1) return byName[0] as Skill;
  if (byName.length > 1)
    throw new SkillsetError(
      'usage/ambiguous-skill',
      `\`${name}\` names ${byName.length} skills: ${byName.map((s) => s.id).join(', ')}`,
      { hint: 'Pass the id instead.', data: { ids: byName.map((s) => s.id) } },
    );
  const guess = closest(
    name,
    skills.map((s) => s.id),
  );
  throw new SkillsetError('usage/unknown-skill', `Unknown skill \`${name}\``, {
    hint: guess ? `Did you mean \`${guess}\`?` : 'Run `skillset list` to see the skills found.',
    data: guess ? { name, didYouMean: guess } : { name },
  });
}
