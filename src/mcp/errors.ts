// The errors a request handler throws. The SDK answers with the thrown error's code, message and data
// as they are, and the client's McpError prefixes the message with `MCP error <code>: `. An McpError
// thrown here would carry that prefix already, and the client would read it twice.

import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';

/** A JSON-RPC error response, thrown by a request handler: its message is sent as it is. */
export class ProtocolError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'ProtocolError';
  }
}

/** -32602: a parameter names nothing the server serves, or is not of the right form. */
export const invalidParams = (message: string, data?: unknown): ProtocolError =>
  new ProtocolError(ErrorCode.InvalidParams, message, data);

/** A request schema of the SDK's: an object with its method as a literal. */
interface RequestSchema<R> {
  shape: { method: { value: string } };
  safeParse(
    v: unknown,
  ): { success: true; data: R } | { success: false; error: { issues: Issue[] } };
}

/** One problem a schema found. */
interface Issue {
  path: PropertyKey[];
  message: string;
}

/**
 * Answer `schema`'s method with `handler`, the request checked here: a malformed one is -32602 with
 * one line naming the parameter, where the SDK's own check would answer -32603 with the validator's
 * dump.
 */
export function handleChecked<R, T>(
  server: Server,
  schema: RequestSchema<R>,
  handler: (request: R) => T | Promise<T>,
): void {
  const method = schema.shape.method.value;
  const loose = z
    .object({ method: z.literal(method), params: z.unknown().optional() })
    .passthrough();
  server.setRequestHandler(loose, (request) => {
    const r = schema.safeParse(request);
    if (!r.success) {
      const issue = r.error.issues[0];
      const where = issue ? issue.path.map(String).join('.') : 'params';
      throw invalidParams(`${where}: ${issue?.message ?? 'malformed'}`);
    }
    return handler(r.data) as never;
  });
}
