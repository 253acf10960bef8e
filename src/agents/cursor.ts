// Cursor: skills in `.agents/skills`, `.cursor/skills` and the others it reads; exports one project
// rule a skill, `.cursor/rules/<name>.mdc`, pointing to the skill's SKILL.md.

import path from 'node:path';
import { CLAUDE_CODE_LISTING, DEFAULT_PRECEDENCE, perFileTarget } from './conventions.js';
import { globList } from './globs.js';
import { generatedNote, yamlLine } from './rule-text.js';
import type { AgentConvention, ExportEntry } from './types.js';

/** The rule's path: `.cursor/rules/<stem>.mdc`. */
export function cursorRulePath(entry: ExportEntry): string {
  return `.cursor/rules/${entry.stem}.mdc`;
}

/**
 * A Cursor project rule. `description` lets Agent decide when it applies, `globs` attach it to
 * the skill's `paths`, and `alwaysApply` stays false (unless asked, for skills without paths). The
 * body points to the SKILL.md: `@path` attaches it when it is inside the project.
 */
export function renderCursorRule(entry: ExportEntry, options: { alwaysApply: boolean }): string {
  const globs = globList(entry.skill.frontmatter.paths);
  const always = options.alwaysApply && globs === '';
  const { location } = entry;
  const lines = [
    '---',
    `description: ${yamlLine(entry.skill.description)}`,
    // Cursor writes globs unquoted and comma-separated; a YAML list or quotes are not what it reads.
    globs === '' ? 'globs:' : `globs: ${globs}`,
    `alwaysApply: ${always}`,
    '---',
    '',
    generatedNote('cursor', location),
    '',
    `# ${entry.skill.name}`,
    '',
    `When this rule applies, read \`${location}\` and follow it; paths in it are relative to its folder.`,
  ];
  if (!path.isAbsolute(location)) lines.push('', `@${location}`);
  return `${lines.join('\n')}\n`;
}

/** The cursor target (docs/export.md). */
const cursorRules = perFileTarget('cursor', '.cursor/rules', cursorRulePath, renderCursorRule);

/** Cursor's convention. */
export const cursor = {
  name: 'cursor',
  preset: {
    name: 'cursor',
    project: ['.agents/skills', '.cursor/skills', '.claude/skills', '.codex/skills'],
    parents: [],
    user: ['.agents/skills', '.cursor/skills', '.claude/skills', '.codex/skills'],
    legacy: false,
    recursive: true,
    precedence: DEFAULT_PRECEDENCE,
    clashNote:
      "Cursor's documentation does not say which skill wins a clash; skillset lets the project one win",
    docs: ['https://cursor.com/docs/skills', 'https://cursor.com/help/customization/skills'],
  },
  target: cursorRules,
  listing: CLAUDE_CODE_LISTING,
} as const satisfies AgentConvention<'cursor', 'cursor'>;
