// Claude Code: `.claude/skills` in the project, its parents and the home folder; user over project.

import { CLAUDE_CODE_LISTING, CLAUDE_CODE_PRECEDENCE } from './conventions.js';
import type { AgentConvention } from './types.js';

/** Claude Code's convention (no export target: it reads skill folders as they are). */
export const claudeCode = {
  name: 'claude-code',
  preset: {
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
  listing: CLAUDE_CODE_LISTING,
} as const satisfies AgentConvention<'claude-code'>;
