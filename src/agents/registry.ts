// The agent conventions skillset knows, one module each. `--agent` and `--target` choices, the
// discovery presets, the export targets and the listing defaults all come from this list: adding an
// agent or an export target is one module and one line here.

import { claudeCode } from './claude-code.js';
import { codex } from './codex.js';
import { CLAUDE_CODE_LISTING } from './conventions.js';
import { copilot } from './copilot.js';
import { cursor } from './cursor.js';
import { dotAgents } from './dot-agents.js';
import { gemini } from './gemini.js';
import { opencode } from './opencode.js';
import { skillset } from './skillset.js';
import type { AgentPreset, ExportTargetModule, ListingDefaults } from './types.js';
import { wellKnown } from './well-known.js';

/** Every convention, in the order the docs list them (presets and targets keep that order). */
const CONVENTIONS = [
  skillset,
  claudeCode,
  codex,
  cursor,
  dotAgents,
  copilot,
  gemini,
  opencode,
  wellKnown,
] as const;

type Convention = (typeof CONVENTIONS)[number];

/** An agent with a discovery preset (`--agent`). */
export type AgentName = Extract<Convention, { preset: unknown }>['name'];

/** Where a library is exported to (`--target`): one agent convention each (docs/export.md). */
export type ExportTarget = Extract<Convention, { target: unknown }>['target']['name'];

const withPreset = CONVENTIONS.flatMap((c) => ('preset' in c ? [c.preset] : []));
const withTarget = CONVENTIONS.flatMap((c) => ('target' in c ? [c.target] : []));

/** The agents with a preset. */
export const AGENTS: readonly AgentName[] = withPreset.map((p) => p.name);

/** Every preset, by name. */
export const AGENT_PRESETS: Readonly<Record<AgentName, AgentPreset>> = presetsByName();

function presetsByName(): Record<AgentName, AgentPreset> {
  const out: Partial<Record<AgentName, AgentPreset>> = {};
  for (const p of withPreset) out[p.name] = p;
  return out as Record<AgentName, AgentPreset>;
}

/** Every export target, in the order the docs list them. */
export const EXPORT_TARGETS: readonly ExportTarget[] = withTarget.map((t) => t.name);

const TARGETS = new Map<string, ExportTargetModule<ExportTarget>>(
  withTarget.map((t) => [t.name, t as ExportTargetModule<ExportTarget>]),
);

/** The module of an export target; undefined for a name that is none. */
export function exportTarget(name: string): ExportTargetModule<ExportTarget> | undefined {
  return TARGETS.get(name);
}

/** The listing defaults of `agent` (skillset's, Claude Code's, when it is unknown or not given). */
export function listingDefaults(agent: string | undefined): ListingDefaults {
  return CONVENTIONS.find((c) => c.name === agent)?.listing ?? CLAUDE_CODE_LISTING;
}
