// `skillset list`: the skills found, as a table or as JSON.

import { createService } from '../../core/service.js';
import { visibleLine, visibleLines } from '../../text/visible.js';
import { type SkillCliOptions, settingsInput, unwrap, writeJson, writeOut } from '../options.js';

/** Run `skillset list`; resolves to the exit code. */
export async function runList(paths: string[], opts: SkillCliOptions): Promise<number> {
  const service = await createService(settingsInput(paths, opts));
  const outcome = await service.list();
  const skills = unwrap(outcome, opts);
  if (opts.json) {
    await writeJson(skills);
    return 0;
  }
  if (skills.length === 0) {
    const why = outcome.diagnostics.find((d) => d.code === 'discover/no-skills');
    await writeOut(`${visibleLine(why?.message ?? 'No skills found.')}\n`);
    return 0;
  }
  const shown = visibleLines(skills);
  const idWidth = Math.min(40, Math.max(...shown.map((s) => s.id.length)));
  const lines = shown.map((s) => {
    const desc = s.description.replace(/\s+/g, ' ');
    return `${s.id.padEnd(idWidth)}  ${s.scope.padEnd(10)}  ${desc.length > 100 ? `${desc.slice(0, 99)}…` : desc}`;
  });
  lines.push('', `${skills.length} skill${skills.length === 1 ? '' : 's'}`);
  await writeOut(`${lines.join('\n')}\n`);
  return 0;
}
