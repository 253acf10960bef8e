// `skillset show NAME`: one skill's location, front matter, diagnostics and (optionally) body.

import { createService } from '../../core/service.js';
import { formatDiagnostic } from '../../diagnostics/diagnostic.js';
import { visibleLines } from '../../text/visible.js';
import { type SkillCliOptions, settingsInput, unwrap, writeJson, writeOut } from '../options.js';

/** Run `skillset show`; resolves to the exit code. */
export async function runShow(
  name: string,
  paths: string[],
  opts: SkillCliOptions & { body?: boolean },
): Promise<number> {
  const service = await createService(settingsInput(paths, opts));
  const found = unwrap(await service.show(name, { body: opts.body === true }), opts);
  if (opts.json) {
    await writeJson(found);
    return 0;
  }
  // Every field is one line; the body keeps its lines (writeOut escapes what is left).
  const skill = { ...visibleLines({ ...found, body: undefined }), body: found.body };
  const lines = [
    `${skill.id}  (${skill.scope})`,
    `  path         ${skill.path}`,
    `  description  ${skill.description.replace(/\s+/g, ' ')}${skill.descriptionSource === 'body' ? '  [from the body]' : ''}`,
    `  size         ${skill.size.bytes} bytes, ~${skill.size.tokens} tokens`,
    `  sha256       ${skill.contentHash}`,
  ];
  const fields = Object.keys(skill.frontmatter).filter((k) => k !== 'description' && k !== 'name');
  if (fields.length > 0) lines.push(`  fields       ${fields.join(', ')}`);
  if (skill.diagnostics.length > 0) {
    lines.push('  diagnostics');
    for (const d of skill.diagnostics) lines.push(`    ${formatDiagnostic(d)}`);
  }
  if (skill.body !== undefined) lines.push('', skill.body.replace(/^\n+/, ''));
  await writeOut(`${lines.join('\n')}\n`);
  return 0;
}
