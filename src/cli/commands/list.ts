// `skillset list`: the skills found, as a table or as JSON.

import { createService } from '../../core/service.js';
import { type SkillCliOptions, settingsInput, unwrap, writeOut } from '../options.js';

/** Run `skillset list`; resolves to the exit code. */
export async function runList(paths: string[], opts: SkillCliOptions): Promise<number> {
  const service = await createService(settingsInput(paths, opts));
  const skills = unwrap(await service.list(), opts);
  if (opts.json) {
    await writeOut(`${JSON.stringify(skills, null, 2)}\n`);
    return 0;
  }
  if (skills.length === 0) {
    await writeOut(`${noSkills(service.settings.discover.roots as string[] | undefined)}\n`);
    return 0;
  }
  const idWidth = Math.min(40, Math.max(...skills.map((s) => s.id.length)));
  const lines = skills.map((s) => {
    const desc = s.description.replace(/\s+/g, ' ');
    return `${s.id.padEnd(idWidth)}  ${s.scope.padEnd(10)}  ${desc.length > 100 ? `${desc.slice(0, 99)}…` : desc}`;
  });
  lines.push('', `${skills.length} skill${skills.length === 1 ? '' : 's'}`);
  await writeOut(`${lines.join('\n')}\n`);
  return 0;
}

/** "No skills found", saying where we looked. */
export function noSkills(roots: readonly string[] | undefined): string {
  return roots && roots.length > 0
    ? `No skills found in ${roots.join(', ')} (a skill is a folder with a SKILL.md; --verbose shows folders skipped).`
    : 'No skills found in the standard scopes (.claude/skills, .agents/skills and the user folders; --verbose shows folders skipped). Pass a folder, or --dir.';
}
