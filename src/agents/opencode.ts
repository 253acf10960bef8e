// OpenCode: its own folders, then Claude's and the generic `.agents` ones, interleaving project and user.

import { CLAUDE_CODE_LISTING, DEFAULT_PRECEDENCE } from './conventions.js';
import type { AgentConvention } from './types.js';

/** OpenCode's convention. */
export const opencode = {
  name: 'opencode',
  preset: {
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
  listing: CLAUDE_CODE_LISTING,
} as const satisfies AgentConvention<'opencode'>;
