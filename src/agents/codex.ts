// Codex: `.agents/skills` from the working folder up to the repository root; exports as an
// `<available_skills>` block in AGENTS.md; lists skills in 2% of the context.

import {
  agentsMdSizeWarning,
  CODEX_AGENTS_MD_MAX_BYTES,
  renderAgentsBlock,
  spliceAgentsMd,
} from './agents-md.js';
import { DEFAULT_PRECEDENCE } from './conventions.js';
import type { AgentConvention, ExportTargetModule } from './types.js';

/** The agents-md target: AGENTS.md, only its marked block ours (docs/export.md). */
const agentsMd: ExportTargetModule<'agents-md'> = {
  name: 'agents-md',
  base: '',
  shape: 'list',
  isOwnPath: (p) => p === 'AGENTS.md',
  async render(entries, ctx) {
    const found = await ctx.readExisting('AGENTS.md');
    const list = entries.map((e) => ({
      name: e.skill.name,
      description: e.skill.description,
      path: e.location,
    }));
    const spliced = spliceAgentsMd(found?.kind === 'file' ? found.bytes : undefined, (eol) =>
      renderAgentsBlock(list, eol),
    );
    if (!spliced.ok)
      return { desired: [], refused: [{ path: 'AGENTS.md', reason: spliced.reason }], keep: [] };
    const max = ctx.agentsMdMaxBytes ?? CODEX_AGENTS_MD_MAX_BYTES;
    const size = agentsMdSizeWarning(spliced.bytes.length, spliced.outside, max);
    if (size) ctx.warn(size);
    return {
      desired: [{ path: 'AGENTS.md', bytes: spliced.bytes, shared: true }],
      refused: [],
      keep: [],
    };
  },
};

/** Codex's convention. */
export const codex = {
  name: 'codex',
  preset: {
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
  target: agentsMd,
  // 2% of the context; 8,000 characters when it is unknown (Codex's own fallback).
  listing: { fraction: 0.02, budget: 8_000, entryCap: 1_536 },
} as const satisfies AgentConvention<'codex', 'agents-md'>;
