// `skillset show NAME`: one skill's location, front matter, diagnostics and (optionally) body.

import { formatDiagnostic } from '../../diagnostics/diagnostic.js';
import { readSkillBody } from '../../discover/body.js';
import { discoverSkills } from '../../discover/discover.js';
import { SkillsetError } from '../../errors.js';
import type { Skill } from '../../skill/types.js';
import { closest } from '../../text/did-you-mean.js';
import { discoverOptions, reportDiagnostics, type SkillCliOptions, writeOut } from '../options.js';

/** Find a skill by id, else by name; an ambiguous or unknown name is a usage error. */
export function findSkill(skills: readonly Skill[], name: string): Skill {
  const byId = skills.find((s) => s.id === name);
  if (byId) return byId;
  const byName = skills.filter((s) => s.name === name);
  if (byName.length === 1) return byName[0] as Skill;
  if (byName.length > 1) {
    throw new SkillsetError(
      'usage/ambiguous-skill',
      `\`${name}\` names ${byName.length} skills: ${byName.map((s) => s.id).join(', ')}`,
      {
        hint: 'Pass the id instead.',
      },
    );
  }
  const guess = closest(
    name,
    skills.map((s) => s.id),
  );
  throw new SkillsetError('usage/unknown-skill', `Unknown skill \`${name}\``, {
    hint: guess ? `Did you mean \`${guess}\`?` : 'Run `skillset list` to see the skills found.',
  });
}

/** Run `skillset show`; resolves to the exit code. */
export async function runShow(
  name: string,
  paths: string[],
  opts: SkillCliOptions & { body?: boolean },
): Promise<number> {
  const result = await discoverSkills(discoverOptions(paths, opts));
  const skill = findSkill(result.skills, name);
  reportDiagnostics(skill.diagnostics, opts);
  const body = opts.body ? await readSkillBody(skill) : undefined;
  if (opts.json) {
    const out = {
      id: skill.id,
      name: skill.name,
      path: skill.path,
      dir: skill.dir,
      scope: skill.source.scope,
      description: skill.description,
      descriptionSource: skill.descriptionSource,
      frontmatter: skill.raw,
      contentHash: skill.contentHash,
      size: skill.size,
      diagnostics: skill.diagnostics,
      ...(body ? { body: body.body } : {}),
    };
    await writeOut(`${JSON.stringify(out, null, 2)}\n`);
    return 0;
  }
  const lines = [
    `${skill.id}  (${skill.source.scope})`,
    `  path         ${skill.path}`,
    `  description  ${skill.description.replace(/\s+/g, ' ')}${skill.descriptionSource === 'body' ? '  [from the body]' : ''}`,
    `  size         ${skill.size.bytes} bytes, ~${skill.size.tokens} tokens`,
    `  sha256       ${skill.contentHash}`,
  ];
  const fields = Object.keys(skill.raw).filter((k) => k !== 'description' && k !== 'name');
  if (fields.length > 0) lines.push(`  fields       ${fields.join(', ')}`);
  if (skill.diagnostics.length > 0) {
    lines.push('  diagnostics');
    for (const d of skill.diagnostics) lines.push(`    ${formatDiagnostic(d)}`);
  }
  if (body) lines.push('', body.body.replace(/^\n+/, ''));
  await writeOut(`${lines.join('\n')}\n`);
  return 0;
}
