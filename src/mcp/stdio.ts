// MCP over stdio: one JSON-RPC message per line. Unlike the SDK's transport it answers what it cannot
// read (-32700 for a line that is not JSON, -32600 for one that is not a message, or over the line
// bound, which is discarded as it streams past, never buffered whole) and keeps reading the next
// line; and it says when the client is gone: stdin ended or closed, or stdout failed (EPIPE).

import type { Readable, Writable } from 'node:stream';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  type JSONRPCMessage,
  JSONRPCMessageSchema,
  type RequestId,
} from '@modelcontextprotocol/sdk/types.js';
import { MAX_MESSAGE_BYTES, mib } from './bound.js';

type Id = RequestId | null;

/** The id a request's first bytes name, when it comes before any nested value (as clients write it). */
function leadingId(head: string): Id {
  const top = head.slice(0, head.slice(1).search(/[{[]/) + 1 || head.length);
  const m = /"id"\s*:\s*("(?:[^"\\]|\\.){0,200}"|-?\d{1,15})\s*[,}]/.exec(top);
  if (!m) return null;
  try {
    return JSON.parse(m[1] as string) as RequestId;
  } catch {
    return null;
  }
}

const idOf = (v: unknown): Id => {
  const id = v && typeof v === 'object' ? (v as { id?: unknown }).id : undefined;
  return typeof id === 'string' || typeof id === 'number' ? id : null;
};

/** A stdio server transport with a line bound. */
export class LineTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  /** The client is gone (stdin ended, stdout failed); answers still owed may be sent if it can. */
  ongone?: (why: string) => void;
  private parts: Buffer[] = [];
  private size = 0;
  /** Discarding the rest of an over-long line. */
  private skipping = false;
  private closed = false;
  /** stdout failed: nothing more can be sent. */
  private broken = false;
  /** Requests read and not answered yet. */
  private readonly owed = new Set<RequestId>();
  private idleWaiters: Array<() => void> = [];

  constructor(
    private readonly input: Readable = process.stdin,
    private readonly output: Writable = process.stdout,
    private readonly maxLine = MAX_MESSAGE_BYTES,
  ) {}

  private readonly onData = (chunk: Buffer) => {
    let from = 0;
    while (from < chunk.length) {
      const nl = chunk.indexOf(10, from);
      const end = nl === -1 ? chunk.length : nl;
      if (!this.skipping) {
        this.size += end - from;
        if (this.size > this.maxLine) this.overLong(chunk.subarray(from, end));
        else this.parts.push(chunk.subarray(from, end));
      }
      if (nl === -1) break;
      if (this.skipping) this.skipping = false;
      else this.line(Buffer.concat(this.parts).toString('utf8'));
      this.parts = [];
      this.size = 0;
      from = nl + 1;
    }
  };

  private overLong(tail: Buffer): void {
    const head = Buffer.concat([...this.parts, tail.subarray(0, 1024)])
      .subarray(0, 1024)
      .toString('utf8');
    this.parts = [];
    this.skipping = true;
    this.reply(
      leadingId(head),
      -32600,
      `Message over ${mib(this.maxLine)} (${this.maxLine} bytes): discarded`,
    );
  }

  private line(text: string): void {
    const line = text.endsWith('\r') ? text.slice(0, -1) : text;
    if (line.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      this.reply(null, -32700, 'Parse error: the line is not JSON');
      return;
    }
    const parsed = JSONRPCMessageSchema.safeParse(value);
    if (!parsed.success) {
      this.reply(idOf(value), -32600, 'Invalid request: not a JSON-RPC 2.0 message');
      return;
    }
    const m = parsed.data;
    if ('method' in m && 'id' in m) this.owed.add(m.id);
    // A cancelled request gets no answer.
    else if ('method' in m && m.method === 'notifications/cancelled')
      this.settle((m.params as { requestId?: RequestId } | undefined)?.requestId);
    this.onmessage?.(m);
  }

  private settle(id: RequestId | undefined): void {
    if (id !== undefined) this.owed.delete(id);
    if (this.owed.size > 0 && !this.broken) return;
    for (const w of this.idleWaiters) w();
    this.idleWaiters = [];
  }

  private reply(id: Id, code: number, message: string): void {
    void this.write(`${JSON.stringify({ jsonrpc: '2.0', id, error: { code, message } })}\n`);
  }

  private left = false;
  private leave(why: string): void {
    if (this.left) return;
    this.left = true;
    this.ongone?.(why);
  }
  private readonly ended = () => this.leave('stdin ended');
  private readonly failed = (e: NodeJS.ErrnoException) => {
    this.broken = true;
    this.settle(undefined);
    this.leave(`stdout failed: ${e.code ?? e.message}`);
  };

  private write(text: string): Promise<void> {
    if (this.closed || this.broken) return Promise.resolve();
    return new Promise((resolve) => {
      // Reading stops while the client does not read what was written, so neither side grows.
      if (this.output.write(text)) return resolve();
      this.input.pause();
      this.output.once('drain', () => {
        if (!this.closed) this.input.resume();
        resolve();
      });
    });
  }

  /** Resolves once every request read has been answered (at once if stdout failed). */
  idle(): Promise<void> {
    if (this.owed.size === 0 || this.broken) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  async start(): Promise<void> {
    this.input.on('data', this.onData);
    this.input.once('end', this.ended);
    this.input.once('close', this.ended);
    this.input.once('error', this.ended);
    this.output.on('error', this.failed);
  }

  async send(message: JSONRPCMessage): Promise<void> {
    await this.write(`${JSON.stringify(message)}\n`);
    if (!('method' in message) && 'id' in message) this.settle(message.id ?? undefined);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.input.off('data', this.onData);
    this.input.off('end', this.ended);
    this.input.off('close', this.ended);
    this.input.off('error', this.ended);
    this.input.pause();
    this.parts = [];
    this.settle(undefined);
    this.onclose?.();
  }
}
