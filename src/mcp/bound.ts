// The last line of defence on message size: no message the server sends is over MAX_MESSAGE_BYTES.
// Lists are paged and tools refuse what cannot fit long before this; anything that still would be
// over is replaced, never sent: a tool call's result by an `isError` result saying what to ask for
// instead, any other response by a -32603 error, and a notification is dropped with a line on stderr.

import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage, RequestId } from '@modelcontextprotocol/sdk/types.js';
import { jsonBytes } from './pages.js';

/**
 * The largest message the server sends, and the longest line it reads on stdio: 4 MiB. The SDK's
 * stdio client drops the connection once its buffer passes 10 MiB (a message plus the next chunk),
 * Codex bounds a line from a remote stdio server at 8 MiB; 4 MiB is half the strictest of them.
 */
export const MAX_MESSAGE_BYTES = 4 * 1024 * 1024;

/** What to ask for instead, per tool, when its result is over the bound. */
const HINTS: Record<string, string> = {
  search_skills: 'Ask for fewer results (a smaller `limit`).',
  load_skill: 'Read its files one by one with read_skill_file.',
  read_skill_file: 'The file is too large to send whole: open it in the skill folder instead.',
  select_skills: 'Narrow the context, or pass a smaller `budget`.',
  list_skills: 'Pass the `nextCursor` of the previous page as `cursor`.',
};

/** A byte count as people read it. */
export const mib = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

/** What the server answers in place of a response over `max`. */
function replacement(id: RequestId, asked: Asked | undefined, bytes: number, max: number) {
  const over = `${mib(bytes)}, over the ${mib(max)} one MCP message may carry`;
  if (asked?.method === 'tools/call') {
    const tool = asked.tool ?? 'the tool';
    const hint = HINTS[tool];
    return {
      jsonrpc: '2.0' as const,
      id,
      result: {
        isError: true,
        content: [
          { type: 'text', text: `The result of ${tool} is ${over}.${hint ? `\n${hint}` : ''}` },
        ],
      },
    };
  }
  return {
    jsonrpc: '2.0' as const,
    id,
    error: {
      code: -32603,
      message: `The response to ${asked?.method ?? 'this request'} is ${over}`,
      data: { bytes, limit: max },
    },
  };
}

interface Asked {
  method: string;
  tool?: string;
}

/** The requests remembered at most (a cancelled request gets no response and is forgotten here). */
const REMEMBERED = 1024;

/** Make `transport` refuse to send a message over `max` bytes. Call it after connecting a server. */
export function boundMessages(
  transport: Transport,
  o: { max?: number; log?: (line: string) => void } = {},
): void {
  const max = o.max ?? MAX_MESSAGE_BYTES;
  const asked = new Map<RequestId, Asked>();
  const receive = transport.onmessage;
  transport.onmessage = (m, extra) => {
    if ('method' in m && 'id' in m) {
      const p = m.params as { name?: unknown } | undefined;
      asked.set(m.id, {
        method: m.method,
        ...(m.method === 'tools/call' && typeof p?.name === 'string' ? { tool: p.name } : {}),
      });
      if (asked.size > REMEMBERED) asked.delete(asked.keys().next().value as RequestId);
    }
    receive?.(m, extra);
  };
  const send = transport.send.bind(transport);
  transport.send = async (m, options) => {
    const answers = !('method' in m) && 'id' in m ? m.id : undefined;
    const what = answers !== undefined ? asked.get(answers) : undefined;
    if (answers !== undefined) asked.delete(answers);
    const bytes = jsonBytes(m);
    if (bytes <= max) return send(m, options);
    if (answers === undefined || answers === null) {
      o.log?.(`skillset serve: a ${mib(bytes)} message was not sent (over ${mib(max)})`);
      return;
    }
    return send(replacement(answers, what, bytes, max) as JSONRPCMessage, options);
  };
}
