// Agent presets: which folders each coding agent reads skills from, and which wins a name clash,
// from each agent's own documentation (docs/discovery.md cites the pages). Each agent's module in
// `src/agents/` holds its preset; discovery reads them from the registry.

export {
  CLAUDE_CODE_PRECEDENCE,
  DEFAULT_PRECEDENCE,
} from '../agents/conventions.js';
export { AGENT_PRESETS, AGENTS, type AgentName } from '../agents/registry.js';
export type { AgentPreset } from '../agents/types.js';
