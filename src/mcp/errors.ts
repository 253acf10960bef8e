// The errors a request handler throws. The SDK answers with the thrown error's code, message and data
// as they are, and the client's McpError prefixes the message with `MCP error <code>: `. An McpError
// thrown here would carry that prefix already, and the client would read it twice.

import { ErrorCode } from '@modelcontextprotocol/sdk/types.js';

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
