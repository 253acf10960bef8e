// One MCP client of the registry's load test: an SDK client over Streamable HTTP that searches and
// loads in a loop, times each request and records its outcome. A request that fails on the
// transport (the replica gone: its stream cut, a 502 from the balancer, a 404 for a session another
// replica does not hold) ends the session, and the client starts a new one, as the protocol says.

import { setTimeout as sleep } from 'node:timers/promises';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  StreamableHTTPClientTransport,
  StreamableHTTPError,
} from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  ErrorCode,
  McpError,
  ResourceListChangedNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';

/** The requests a client makes. */
export type Op = 'search' | 'load' | 'initialize';

/** One request: who made it, when (ms from the start of the run), how long it took, how it ended. */
export interface Sample {
  client: number;
  op: Op;
  at: number;
  ms: number;
  /** Undefined when it succeeded. */
  reason?: string;
}

/** A session of one client. */
export interface Session {
  client: Client;
  /** Its `Mcp-Session-Id`. */
  id: string;
  /** Whether its GET stream is open: only then can the server tell it anything (list_changed). */
  listening: boolean;
  /** Why its GET stream could not be opened, if it could not (the SDK does not try again then). */
  streamFailed?: string;
  /** Called on each `notifications/resources/list_changed`. */
  onListChanged?: (() => void) | undefined;
  /**
   * The request in flight: aborted when the transport says a stream of the session was cut (the
   * replica is gone), since its answer will then never come.
   */
  inflight?: AbortController;
}

/** One client of the run. */
export interface LoadClient {
  index: number;
  session: Session | undefined;
  /** New sessions made after a failure. */
  reconnects: number;
  /** Its last request, to tell whether it ends served. */
  last: Sample | undefined;
}

/** What every client shares. */
export interface ClientContext {
  url: string;
  token: string;
  queries: readonly string[];
  /** Milliseconds since the run started. */
  now(): number;
  record(s: Sample): void;
  /** A request still unanswered after this long fails (a bound, not a pace). */
  timeoutMs: number;
}

/** A response body that tells `ended` when it ends, however it ends. */
function watched(body: ReadableStream<Uint8Array>, ended: () => void): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  return new ReadableStream<Uint8Array>({
    async pull(into) {
      try {
        const { done, value } = await reader.read();
        if (done) {
          ended();
          into.close();
        } else into.enqueue(value);
      } catch (e) {
        ended();
        into.error(e);
      }
    },
    cancel(why) {
      ended();
      return reader.cancel(why);
    },
  });
}

/** Start a session through the balancer (initialize, then the GET stream opens by itself). */
export async function openSession(ctx: ClientContext): Promise<Session> {
  const client = new Client({ name: 'registry-load', version: '1.0.0' });
  const session: Session = { client, id: '', listening: false };
  const transport = new StreamableHTTPClientTransport(new URL(ctx.url), {
    requestInit: { headers: { Authorization: `Bearer ${ctx.token}` } },
    // The GET stream is the one notifications come on: watch when it is open.
    fetch: async (url, init) => {
      if (init?.method !== 'GET') return fetch(url, init);
      const res = await fetch(url, init).catch((e: Error) => {
        session.streamFailed = e.message;
        throw e;
      });
      if (!res.ok || !res.body) {
        session.streamFailed = `HTTP ${res.status}`;
        return res;
      }
      session.listening = true;
      const body = watched(res.body, () => {
        session.listening = false;
      });
      return new Response(body, { status: res.status, headers: res.headers });
    },
  });
  client.setNotificationHandler(ResourceListChangedNotificationSchema, () =>
    session.onListChanged?.(),
  );
  client.onerror = (e) => {
    if (/SSE stream disconnected/.test(e.message)) session.inflight?.abort(e);
  };
  try {
    await client.connect(transport);
  } catch (e) {
    await client.close().catch(() => undefined);
    throw e;
  }
  session.id = transport.sessionId ?? '';
  return session;
}

/** A tool's error result (`isError`): the session still stands. */
class ToolFailed extends Error {}

/** Why a request failed, in a few words. */
function reasonOf(e: unknown, cut: boolean): string {
  if (e instanceof ToolFailed) return `tool error: ${e.message.slice(0, 80)}`;
  if (e instanceof StreamableHTTPError)
    return e.code === 404
      ? '404 session unknown to the replica'
      : e.code === 502
        ? '502 from the balancer (replica failed)'
        : `HTTP ${e.code}`;
  if (cut) return 'stream cut (replica gone mid-answer)';
  if (e instanceof McpError && e.code === ErrorCode.RequestTimeout) return 'timeout';
  return `error: ${(e as Error).message.slice(0, 80)}`;
}

/** Run `call` as one timed request of client `c`; its result, or undefined when it failed. */
async function timed<T>(
  ctx: ClientContext,
  c: LoadClient,
  op: Op,
  s: Session,
  call: (options: { signal: AbortSignal; timeout: number }) => Promise<T>,
): Promise<T | undefined> {
  const at = ctx.now();
  const t = performance.now();
  const inflight = new AbortController();
  s.inflight = inflight;
  try {
    const value = await call({ signal: inflight.signal, timeout: ctx.timeoutMs });
    const result = value as { isError?: boolean; content?: Array<{ text?: string }> };
    if (result.isError) throw new ToolFailed(result.content?.[0]?.text ?? '(no text)');
    c.last = { client: c.index, op, at, ms: performance.now() - t };
    ctx.record(c.last);
    return value;
  } catch (e) {
    const reason = reasonOf(e, inflight.signal.aborted);
    c.last = { client: c.index, op, at, ms: performance.now() - t, reason };
    ctx.record(c.last);
    if (e instanceof ToolFailed) return undefined;
    // The session is no use any more: drop it, and the next turn starts a new one.
    if (c.session === s) c.session = undefined;
    void s.client.close().catch(() => undefined);
    return undefined;
  }
}

/** A new session for `c` after a failure; a failed initialize is recorded, and tried again soon. */
async function reconnect(ctx: ClientContext, c: LoadClient): Promise<void> {
  const at = ctx.now();
  const t = performance.now();
  try {
    c.session = await openSession(ctx);
    c.reconnects++;
    ctx.record({ client: c.index, op: 'initialize', at, ms: performance.now() - t });
  } catch (e) {
    const reason =
      e instanceof StreamableHTTPError ? `HTTP ${e.code}` : `error: ${(e as Error).message}`;
    c.last = { client: c.index, op: 'initialize', at, ms: performance.now() - t, reason };
    ctx.record(c.last);
    // Not a pace: only so that a balancer with no replica left is not asked in a tight loop.
    await sleep(100);
  }
}

/** Search, then load the top hit, until `stop()`; a failed request starts a new session. */
export async function runClient(
  ctx: ClientContext,
  c: LoadClient,
  stop: () => boolean,
): Promise<void> {
  let turn = c.index * 7;
  while (!stop()) {
    const s = c.session;
    if (!s) {
      await reconnect(ctx, c);
      continue;
    }
    const query = ctx.queries[turn++ % ctx.queries.length] as string;
    const found = await timed(ctx, c, 'search', s, (options) =>
      s.client.callTool({ name: 'search_skills', arguments: { query } }, undefined, options),
    );
    const top = (found?.structuredContent as { results?: Array<{ id: string }> } | undefined)
      ?.results?.[0]?.id;
    if (top === undefined || stop()) continue;
    await timed(ctx, c, 'load', s, (options) =>
      s.client.callTool({ name: 'load_skill', arguments: { name: top } }, undefined, options),
    );
  }
}
