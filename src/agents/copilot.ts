// GitHub Copilot: skills in `.github/skills` and the generic folders; exports one path-specific
// instructions file a skill, `.github/instructions/<name>.instructions.md`, linking to its SKILL.md.

import path from 'node:path';
import { CLAUDE_CODE_LISTING, DEFAULT_PRECEDENCE, perFileTarget } from './conventions.js';
import { globList } from './globs.js';
import { generatedNote, linkTo, yamlLine } from './rule-text.js';
import type { AgentConvention, ExportEntry } from './types.js';

/** The instructions' path: `.github/instructions/<stem>.instructions.md`. */
export function copilotInstructionsPath(entry: ExportEntry): string {
  return `.github/instructions/${entry.stem}.instructions.md`;
}

/**
 * A Copilot path-specific instructions file. `applyTo` is the skill's `paths`; a skill without
 * paths has no `applyTo` (VS Code then attaches it on demand by its `description`), or `"**"` when
 * `alwaysApply` is asked. The body links to the SKILL.md, relative to this file.
 */
export function renderCopilotInstructions(
  entry: ExportEntry,
  options: { alwaysApply: boolean },
): string {
  const globs = globList(entry.skill.frontmatter.paths);
  const applyTo = globs !== '' ? globs : options.alwaysApply ? '**' : undefined;
  const { location } = entry;
  const href = path.isAbsolute(location)
    ? location
    : path.posix.relative(path.posix.dirname(copilotInstructionsPath(entry)), location);
  const lines = ['---', `description: ${yamlLine(entry.skill.description)}`];
  if (applyTo !== undefined) lines.push(`applyTo: ${JSON.stringify(applyTo)}`);
  lines.push(
    '---',
    '',
    generatedNote('copilot', location),
    '',
    `# ${entry.skill.name}`,
    '',
    `When these instructions apply, read [\`${location}\`](${linkTo(href)}) and follow it; paths in it are relative to its folder.`,
  );
  return `${lines.join('\n')}\n`;
}

/** The copilot target (docs/export.md). */
const copilotInstructions = perFileTarget(
  'copilot',
  '.github/instructions',
  copilotInstructionsPath,
  renderCopilotInstructions,
);

/** Copilot's convention. */
export const copilot = {
  name: 'copilot',
  preset: {
    name: 'copilot',
    project: ['.github/skills', '.agents/skills', '.claude/skills'],
    parents: ['.github/skills'],
    user: ['.copilot/skills', '.agents/skills'],
    legacy: true,
    recursive: false,
    precedence: DEFAULT_PRECEDENCE,
    docs: [
      'https://docs.github.com/en/copilot/concepts/agents/about-agent-skills',
      'https://docs.github.com/en/copilot/reference/copilot-cli-reference/cli-command-reference',
    ],
  },
  target: copilotInstructions,
  listing: CLAUDE_CODE_LISTING,
} as const satisfies AgentConvention<'copilot', 'copilot'>;
