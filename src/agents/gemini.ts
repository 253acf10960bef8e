// Gemini CLI: `.gemini/skills` then `.agents/skills`, in the working folder and the home folder.

import { CLAUDE_CODE_LISTING, DEFAULT_PRECEDENCE } from './conventions.js';
import type { AgentConvention } from './types.js';

/** Gemini CLI's convention (its export is the generic `.agents` one). */
export const gemini = {
  name: 'gemini',
  preset: {
    name: 'gemini',
    project: ['.gemini/skills', '.agents/skills'],
    parents: [],
    user: ['.gemini/skills', '.agents/skills'],
    legacy: false,
    recursive: false,
    precedence: DEFAULT_PRECEDENCE,
    docs: ['https://geminicli.com/docs/cli/using-agent-skills'],
  },
  listing: CLAUDE_CODE_LISTING,
} as const satisfies AgentConvention<'gemini'>;
