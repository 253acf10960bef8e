// Streamable HTTP for the MCP server: one stateful session per client (so list_changed notifications
// reach it), at most `maxSessions` of them, each closed when idle (sessions.ts); loopback by
// default, a bearer token required to listen anywhere else and checked in constant time, request
// bodies capped, the Host header checked on loopback (DNS rebinding) and a present Origin checked
// always (origin.ts).

import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { SkillsetError } from '../errors.js';
import { boundMessages } from './bound.js';
import { readJson, refuse, reply } from './http-request.js';
import { isLoopback, type RequestGate } from './origin.js';
import { type Session, type SessionLimits, SessionTable } from './sessions.js';

/** How the HTTP endpoint listens. */
export interface HttpOptions extends SessionLimits {
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  /** Required unless the host is loopback: requests must carry `Authorization: Bearer <token>`. */
  token?: string;
  /** The largest request body accepted, in bytes (default 1 MB). */
  maxBodyBytes?: number;
  /** Origins allowed besides the server's own (and, on loopback, any loopback origin). */
  allowedOrigins?: readonly string[];
  /** Told of sessions closed by the cap or the idle expiry (stderr in the CLI). */
  log?: (line: string) => void;
  /** Connections open at once (default 256): past it a new one is refused at once. */
  maxConnections?: number;
  /**
   * Instead of one `token`: who a request's bearer token stands for (a registry's team), undefined
   * for none (401). A session belongs to whoever started it; a request on it must stand for the same.
   */
  authorize?: (token: string) => Promise<string | undefined>;
}

/** A listening endpoint. */
export interface HttpEndpoint {
  url: string;
  close(): Promise<void>;
}

/** The default cap on a request body. */
export const MAX_BODY_BYTES = 1024 * 1024;

/**
 * The default cap on open connections: with a body of at most 1 MiB each, what clients can make the
 * server hold in request bodies stays under 256 MiB, and a client's streams (one GET each) fit.
 */
export const MAX_CONNECTIONS = 256;

/** How long a request's headers, and the whole request, may take to arrive (a slow client is cut). */
export const HEADERS_TIMEOUT_MS = 10_000;
export const REQUEST_TIMEOUT_MS = 30_000;

/** Serve `newServer()` (one MCP server per client session) over Streamable HTTP. */
export async function serveHttp(
  newServer: (principal?: string) => Promise<McpServer>,
  o: HttpOptions = {},
): Promise<HttpEndpoint> {
  const host = o.host ?? '127.0.0.1';
  const token = o.token;
  if (!isLoopback(host) && !token && !o.authorize)
    throw new SkillsetError(
      'usage/insecure-bind',
      `Refusing to listen on ${host} without a token: anyone who can reach it could read every skill`,
      { hint: 'Pass --token T (clients send `Authorization: Bearer T`), or listen on 127.0.0.1.' },
    );
  const max = o.maxBodyBytes ?? MAX_BODY_BYTES;
  const log = o.log ?? (() => undefined);
  const sessions = new SessionTable(o, log);
  let port = o.port ?? 0;
  const gate = (): RequestGate => ({
    host,
    port,
    ...(o.allowedOrigins ? { allowedOrigins: o.allowedOrigins } : {}),
  });

  const handle = async (req: http.IncomingMessage, res: http.ServerResponse): Promise<void> => {
    if (refuse(req, res, gate(), token)) return;
    const principal = o.authorize ? await authorized(req, res, o.authorize) : undefined;
    if (principal === false) return;
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== '/mcp') return reply(res, 404, 'Not found: the endpoint is /mcp');
    const read = await readJson(req, res, max);
    if (!read) return;
    const id = req.headers['mcp-session-id'];
    const known = typeof id === 'string' ? sessions.get(id) : undefined;
    if (known && known.principal !== principal) return unauthorized(res);
    if (known) {
      busyUntilClosed(sessions, known, res);
      return known.transport.handleRequest(req, res, read.body);
    }
    // A session this server does not hold (ended, or from before a restart): 404 makes the client
    // start a new one, as Streamable HTTP says.
    if (typeof id === 'string')
      return reply(res, 404, 'Session not found: start a new one with initialize', -32001);
    if (req.method !== 'POST' || !isInitializeRequest(read.body))
      return reply(res, 400, 'Bad request: no valid session; start with initialize');
    return startSession(req, res, read.body, { sessions, newServer, log, principal });
  };

  // Timeouts are checked each second, not each 30 s: a slow client is cut close to its time.
  const httpServer = http.createServer(
    {
      connectionsCheckingInterval: 1_000,
      headersTimeout: HEADERS_TIMEOUT_MS,
      requestTimeout: REQUEST_TIMEOUT_MS,
    },
    (req, res) => {
      handle(req, res).catch((e: unknown) => {
        process.stderr.write(`skillset serve: ${(e as Error).message}\n`);
        reply(res, 500, 'Internal error');
      });
    },
  );
  httpServer.maxConnections = o.maxConnections ?? MAX_CONNECTIONS;
  await listen(httpServer, host, port);
  port = (httpServer.address() as AddressInfo).port;
  const shown = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${shown}:${port}/mcp`,
    async close() {
      for (const s of sessions.all()) await s.transport.close().catch(() => undefined);
      httpServer.closeAllConnections();
      await new Promise<void>((resolve) => httpServer.close(() => resolve()));
    },
  };
}

/** 401, asking for a bearer token. */
function unauthorized(res: http.ServerResponse): void {
  res.setHeader('www-authenticate', 'Bearer');
  reply(res, 401, 'Unauthorized: send Authorization: Bearer <token>');
}

/** Whom the request's bearer token stands for; false once refused (401, or 503 when it cannot be told). */
async function authorized(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  authorize: (token: string) => Promise<string | undefined>,
): Promise<string | false> {
  const given = /^bearer\s+(.+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? '';
  try {
    const who = given === '' ? undefined : await authorize(given);
    if (who !== undefined) return who;
    unauthorized(res);
  } catch (e) {
    reply(res, 503, `Unavailable: ${(e as Error).message.split('\n')[0]}`, -32000, {
      'retry-after': '2',
    });
  }
  return false;
}

/** A session's requests are in flight until their responses close (an idle session may expire). */
function busyUntilClosed(sessions: SessionTable, s: Session, res: http.ServerResponse): void {
  sessions.track(s, (end) => res.once('close', end));
}

/** What a new session needs from the endpoint. */
interface SessionSource {
  sessions: SessionTable;
  newServer: (principal?: string) => Promise<McpServer>;
  log: (line: string) => void;
  principal: string | undefined;
}

/**
 * Start a session on an initialize request: a place reserved among the sessions (503 when all are
 * taken), a transport and a server of its own, then the request handled. A session that never
 * started gives its place back.
 */
async function startSession(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  body: unknown,
  { sessions, newServer, log, principal }: SessionSource,
): Promise<void> {
  if (!sessions.reserve())
    return reply(
      res,
      503,
      `Server busy: all ${sessions.max} sessions are in use; retry later, or close one (DELETE)`,
      -32000,
      { 'retry-after': '5' },
    );
  let session: Session | undefined;
  const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
    sessionIdGenerator: () => randomUUID(),
    onsessioninitialized: (sid) => {
      session = { id: sid, transport, busy: 0, last: Date.now(), principal };
      sessions.settle(session);
      busyUntilClosed(sessions, session, res);
    },
  });
  try {
    const server = await newServer(principal);
    transport.onclose = () => {
      if (transport.sessionId) sessions.remove(transport.sessionId);
      void server.close();
    };
    await server.connect(transport);
    boundMessages(transport, { log });
    await transport.handleRequest(req, res, body);
  } finally {
    if (!session) {
      sessions.settle();
      await transport.close().catch(() => undefined);
    }
  }
}

/** Listen on `host:port`; a port in use or a host that cannot be bound is a usage error. */
function listen(httpServer: http.Server, host: string, port: number): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    httpServer.once('error', (e: NodeJS.ErrnoException) =>
      reject(
        new SkillsetError(
          'usage/cannot-listen',
          `Cannot listen on ${host}:${port}: ${e.code ?? e.message}`,
          {
            hint:
              e.code === 'EADDRINUSE'
                ? 'Another process uses that port; pass --port.'
                : 'Check --host.',
          },
        ),
      ),
    );
    httpServer.listen(port, host, () => resolve());
  });
}
