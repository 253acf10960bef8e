// Agent presets: which folders each coding agent reads skills from, and which wins a name clash,
// from each agent's own documentation (docs/discovery.md cites the pages). `skillset` is our default.

import type { Precedence } from './scopes.js';

/** The agents with a preset. */
export const AGENTS = [
  'skillset',
  'claude-code',
  'codex',
  'cursor',
  'copilot',
  'gemini',
  'opencode',
] as const;

/** An agent with a preset. */
export type AgentName = (typeof AGENTS)[number];

/** Where one agent reads skills, as a table. Paths use `/`; project folders are relative to each project folder. */
export interface AgentPreset {
  name: AgentName;
  /** Skill folders read in the working folder, first wins among them. */
  project: readonly string[];
  /** The folders read in each parent up to the repository root (none: the working folder only). */
  parents: readonly string[];
  /** Skill folders under the home folder, first wins among them. */
  user: readonly string[];
  /** The administrator's folder on Linux, if the agent has one (`SKILLSET_MANAGED_DIR` overrides it). */
  managed?: string;
  /** Reads `.claude/commands/*.md` as skills (below skills of the same name). */
  legacy: boolean;
  /** Searches below a skills root's children (category folders), not just `<root>/<name>/SKILL.md`. */
  recursive: boolean;
  /** Scope order for name clashes: earlier wins. */
  precedence: Precedence;
  /**
   * For agents whose clash order interleaves scopes by folder (OpenCode: `.opencode` in the project,
   * then the user's, then `.agents` in the project…): the folders in winning order. Scope order is
   * then not used between project and user roots.
   */
  sourceOrder?: ReadonlyArray<{ scope: 'project' | 'user'; folder: string }>;
  /** What the agent's documentation says about a name clash, when it is not a plain winner. */
  clashNote?: string;
  /** The documentation pages the table follows. */
  docs: readonly string[];
}

/** The default order: project skills shadow user skills. */
export const DEFAULT_PRECEDENCE: Precedence = Object.freeze([
  'managed',
  'nested',
  'project',
  'user',
  'additional',
  'legacy',
  'plugin',
]);

/** Claude Code's order: user skills shadow project skills. */
export const CLAUDE_CODE_PRECEDENCE: Precedence = Object.freeze([
  'managed',
  'user',
  'nested',
  'project',
  'additional',
  'legacy',
  'plugin',
]);

/** Every preset, by name. */
export const AGENT_PRESETS: Readonly<Record<AgentName, AgentPreset>> = {
  skillset: {
    name: 'skillset',
    project: ['.agents/skills', '.claude/skills'],
    parents: ['.agents/skills', '.claude/skills'],
    user: ['.agents/skills', '.claude/skills'],
    legacy: true,
    recursive: false,
    precedence: DEFAULT_PRECEDENCE,
    docs: ['https://agentskills.io/client-implementation/adding-skills-support'],
  },
  'claude-code': {
    name: 'claude-code',
    project: ['.claude/skills'],
    parents: ['.claude/skills'],
    user: ['.claude/skills'],
    managed: '/etc/claude-code/.claude/skills',
    legacy: true,
    recursive: false,
    precedence: CLAUDE_CODE_PRECEDENCE,
    docs: ['https://code.claude.com/docs/en/skills', 'https://code.claude.com/docs/en/settings'],
  },
  codex: {
    name: 'codex',
    project: ['.agents/skills'],
    parents: ['.agents/skills'],
    user: ['.agents/skills'],
    managed: '/etc/codex/skills',
    legacy: false,
    recursive: false,
    precedence: DEFAULT_PRECEDENCE,
    clashNote:
      'Codex lists both skills of a clash; skillset loads the project one and reports the other as shadowed',
    docs: ['https://developers.openai.com/codex/skills'],
  },
  cursor: {
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
  copilot: {
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
  gemini: {
    name: 'gemini',
    project: ['.gemini/skills', '.agents/skills'],
    parents: [],
    user: ['.gemini/skills', '.agents/skills'],
    legacy: false,
    recursive: false,
    precedence: DEFAULT_PRECEDENCE,
    docs: ['https://geminicli.com/docs/cli/using-agent-skills'],
  },
  opencode: {
    name: 'opencode',
    project: ['.opencode/skills', '.claude/skills', '.agents/skills'],
    parents: ['.opencode/skills', '.claude/skills', '.agents/skills'],
    user: ['.config/opencode/skills', '.claude/skills', '.agents/skills'],
    legacy: false,
    recursive: true,
    precedence: DEFAULT_PRECEDENCE,
    sourceOrder: [
      { scope: 'project', folder: '.opencode/skills' },
      { scope: 'user', folder: '.config/opencode/skills' },
      { scope: 'project', folder: '.agents/skills' },
      { scope: 'user', folder: '.agents/skills' },
      { scope: 'project', folder: '.claude/skills' },
      { scope: 'user', folder: '.claude/skills' },
    ],
    docs: ['https://opencode.ai/docs/skills'],
  },
};
