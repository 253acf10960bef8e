// The operations that read the catalog: list and show.

import type { ShowResult, SkillSummary } from '../core/views.js';
import { formatDiagnostic } from '../diagnostics/diagnostic.js';
import { visibleLine, visibleLines } from '../text/visible.js';
import { operation } from './operation.js';

/** The skills found, sorted by id: a table of id, scope and description. */
export const list = operation<Record<string, never>, SkillSummary[]>({
  name: 'list',
  // Every skill at once: a face that pages (list_skills) pages the View.
  input: (z) => z.object({}),
  run: ({ service }) => service.list(),
  text(skills, _input, diagnostics) {
    if (skills.length === 0) {
      const why = diagnostics.find((d) => d.code === 'discover/no-skills');
      return `${visibleLine(why?.message ?? 'No skills found.')}\n`;
    }
    const shown = visibleLines(skills);
    const idWidth = Math.min(40, Math.max(...shown.map((s) => s.id.length)));
    const lines = shown.map((s) => {
      const desc = s.description.replace(/\s+/g, ' ');
      return `${s.id.padEnd(idWidth)}  ${s.scope.padEnd(10)}  ${desc.length > 100 ? `${desc.slice(0, 99)}…` : desc}`;
    });
    lines.push('', `${skills.length} skill${skills.length === 1 ? '' : 's'}`);
    return `${lines.join('\n')}\n`;
  },
});

/** One skill: where it is, its front matter, its diagnostics, and its body when asked. */
export const show = operation<{ name: string; body?: boolean }, ShowResult>({
  name: 'show',
  input: (z) =>
    z.object({
      name: z.string().describe('The skill id or name.'),
      body: z.boolean().optional().describe('Include the Markdown body.'),
    }),
  run: ({ service }, { name, body }) => service.show(name, { body: body === true }),
  text(found) {
    // Every field is one line; the body keeps its lines (the face escapes what is left).
    const skill = { ...visibleLines({ ...found, body: undefined }), body: found.body };
    const lines = [
      `${skill.id}  (${skill.scope})`,
      `  path         ${skill.path}`,
      `  description  ${skill.description.replace(/\s+/g, ' ')}${skill.descriptionSource === 'body' ? '  [from the body]' : ''}`,
      `  size         ${skill.size.bytes} bytes, ~${skill.size.tokens} tokens`,
      `  sha256       ${skill.contentHash}`,
    ];
    const fields = Object.keys(skill.frontmatter).filter(
      (k) => k !== 'description' && k !== 'name',
    );
    if (fields.length > 0) lines.push(`  fields       ${fields.join(', ')}`);
    if (skill.diagnostics.length > 0) {
      lines.push('  diagnostics');
      for (const d of skill.diagnostics) lines.push(`    ${formatDiagnostic(d)}`);
    }
    if (skill.body !== undefined) lines.push('', skill.body.replace(/^\n+/, ''));
    return `${lines.join('\n')}\n`;
  },
});
