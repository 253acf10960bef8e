// `skillset list`: the skills found, as a table or as JSON.

import { discoverSkills } from '../../discover/discover.js';
import { discoverOptions, reportDiagnostics, type SkillCliOptions, writeOut } from '../options.js';

/** Run `skillset list`; resolves to the exit code. */
export async function runList(paths: string[], opts: SkillCliOptions): Promise<number> {
  const result = await discoverSkills(discoverOptions(paths, opts));
  reportDiagnostics(result.diagnostics, opts);
  if (opts.json) {
    const rows = result.skills.map((s) => ({
      id: s.id,
      name: s.name,
      path: s.path,
      scope: s.source.scope,
      description: s.description,
    }));
    await writeOut(`${JSON.stringify(rows, null, 2)}\n`);
    return 0;
  }
  if (result.skills.length === 0) {
    await writeOut('No skills found.\n');
    return 0;
  }
  const idWidth = Math.min(40, Math.max(...result.skills.map((s) => s.id.length)));
  const lines = result.skills.map((s) => {
    const desc = s.description.replace(/\s+/g, ' ');
    return `${s.id.padEnd(idWidth)}  ${s.source.scope.padEnd(10)}  ${desc.length > 100 ? `${desc.slice(0, 99)}…` : desc}`;
  });
  lines.push('', `${result.skills.length} skill${result.skills.length === 1 ? '' : 's'}`);
  await writeOut(`${lines.join('\n')}\n`);
  return 0;
}
