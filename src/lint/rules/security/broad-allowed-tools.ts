// security/broad-allowed-tools: `allowed-tools` that pre-approve any command, a shell, or the network.

import { z } from 'zod';
import { defineRule } from '../../define-rule.js';
import { fieldPosition } from '../fields.js';

/** The tools an `allowed-tools` value grants: split on commas and spaces outside parentheses. */
export function toolList(value: unknown): string[] {
  const items = Array.isArray(value) ? value.map(String) : typeof value === 'string' ? [value] : [];
  const out: string[] = [];
  for (const item of items) {
    let depth = 0;
    let cur = '';
    for (const c of item) {
      if (c === '(') depth++;
      if (c === ')') depth = Math.max(0, depth - 1);
      if (depth === 0 && (c === ',' || /\s/.test(c))) {
        if (cur !== '') out.push(cur);
        cur = '';
      } else cur += c;
    }
    if (cur !== '') out.push(cur);
  }
  return out;
}

/** Commands that run anything they are given: `Bash(sh:*)` is `Bash`. */
const SHELLS = /^(?:sh|bash|zsh|dash|ksh|fish|eval|exec|sudo|su|env|xargs|source|\.)$/;
/** Commands that reach the network or run any code: allowed with any arguments, they can send anything. */
const WIDE =
  /^(?:curl|wget|nc|ncat|netcat|ssh|scp|sftp|rsync|ftp|telnet|socat|python[0-9.]*|node|deno|bun|perl|ruby|php|powershell|pwsh|npx|bunx)$/;

/** Why a tool is over-broad, and how much: `unrestricted` (any command) or `wide`, else undefined. */
function breadth(tool: string): { id: 'unrestricted' | 'wide'; command?: string } | undefined {
  if (tool === '*' || /^Bash$/i.test(tool)) return { id: 'unrestricted' };
  const m = /^Bash\((.*)\)$/i.exec(tool);
  if (!m) return undefined;
  const spec = (m[1] as string).trim();
  if (/^(?:\*+|:\*|\*:\*)?$/.test(spec)) return { id: 'unrestricted' };
  // `curl:*`, `curl *`, `curl`: the first word, any arguments after it.
  const cmd = (/^([^\s:*]+)/.exec(spec)?.[1] ?? '').toLowerCase();
  const anyArgs = /^[^\s:*]+(?::\*|\s+\*|\*)?$/.test(spec);
  if (SHELLS.test(cmd)) return { id: 'unrestricted', command: cmd };
  if (WIDE.test(cmd) && anyArgs) return { id: 'wide', command: cmd };
  return undefined;
}

/** A tool in `allowed-tools` runs without asking: a shell there is any command, unasked. */
export const broadAllowedTools = defineRule({
  code: 'security/broad-allowed-tools',
  description: 'Report `allowed-tools` that pre-approve any command, a shell or the network.',
  scope: 'skill',
  severity: { spec: 'off', recommended: 'off', security: 'error' },
  options: z.object({}),
  messages: {
    unrestricted:
      'Unexpected `{tool}` in `allowed-tools`: it runs any command without asking; name the commands, as `Bash(git status:*)`',
    wide: 'Unexpected `{tool}` in `allowed-tools`: `{command}` with any arguments can reach the network or run any code; narrow it',
  },
  check(ctx) {
    const raw = ctx.skill.raw['allowed-tools'];
    if (raw === undefined) return;
    const start = fieldPosition(ctx.skill, 'allowed-tools');
    for (const tool of toolList(raw)) {
      const b = breadth(tool);
      if (!b) continue;
      ctx.report({
        messageId: b.id,
        data: { tool, command: b.command ?? tool },
        start,
        ...(b.id === 'wide' ? { cap: 'warning' as const } : {}),
      });
    }
  },
});
