// The generic `.agents` convention (Agent Skills): a copy of each skill folder in `.agents/skills`,
// which Codex, Cursor, GitHub Copilot and Gemini CLI all read.

import { CLAUDE_CODE_LISTING, underBase } from './conventions.js';
import type { AgentConvention, ExportTargetModule } from './types.js';

const BASE = '.agents/skills';

/** The agents-dir target (docs/export.md). */
const agentsDir: ExportTargetModule<'agents-dir'> = {
  name: 'agents-dir',
  base: BASE,
  shape: 'copies',
  isOwnPath: (p) => underBase(BASE, p),
  render: (entries, ctx) => ctx.copyFolders(entries, BASE),
};

/** The generic `.agents` convention: an export target only (its folders are in every preset that reads them). */
export const dotAgents = {
  name: 'agents',
  target: agentsDir,
  listing: CLAUDE_CODE_LISTING,
} as const satisfies AgentConvention<'agents', 'agents-dir'>;
