// skillset's own convention, the default: `.agents/skills` then `.claude/skills`, project over user.

import { CLAUDE_CODE_LISTING, DEFAULT_PRECEDENCE } from './conventions.js';
import type { AgentConvention } from './types.js';

/** skillset's default: reads what the other agents write, and lists as Claude Code does. */
export const skillset = {
  name: 'skillset',
  preset: {
    name: 'skillset',
    project: ['.agents/skills', '.claude/skills'],
    parents: ['.agents/skills', '.claude/skills'],
    user: ['.agents/skills', '.claude/skills'],
    legacy: true,
    recursive: false,
    precedence: DEFAULT_PRECEDENCE,
    docs: ['https://agentskills.io/client-implementation/adding-skills-support'],
  },
  listing: CLAUDE_CODE_LISTING,
} as const satisfies AgentConvention<'skillset'>;
