// Streamable HTTP for the MCP server: one stateful session per client (so list_changed notifications
// reach it), at most `maxSessions` of them, each closed when idle (sessions.ts); loopback by
// default, a bearer token required to listen anywhere else and checked in constant time, request
// bodies capped, the Host header checked on loopback (DNS rebinding) and a present Origin checked
// always (origin.ts).

import { randomUUID, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { SkillsetError } from '../errors.js';
import { boundMessages } from './bound.js';
import { hostAllowed, isLoopback, originAllowed, type RequestGate } from './origin.js';
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

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  // Compare equal lengths in constant time; a length mismatch compares the token with itself.
  return a.length === b.length ? timingSafeEqual(a, b) : !timingSafeEqual(b, b);
}

function reply(
  res: http.ServerResponse,
  status: number,
  message: string,
  code = -32000,
  headers: Record<string, string> = {},
): void {
  if (res.headersSent) return;
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }));
}

/** Read the body up to `max` bytes; undefined when it is over. */
function readBody(req: http.IncomingMessage, max: number): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > max) {
        over = true;
        chunks.length = 0;
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => resolve(over ? undefined : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** Serve `newServer()` (one MCP server per client session) over Streamable HTTP. */
export async function serveHttp(
  newServer: () => Promise<McpServer>,
  o: HttpOptions = {},
): Promise<HttpEndpoint> {
  const host = o.host ?? '127.0.0.1';
  const token = o.token;
  if (!isLoopback(host) && !token)
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
  const busyUntilClosed = (s: Session, res: http.ServerResponse) =>
    sessions.track(s, (end) => res.once('close', end));

  const handle = async (req: http.IncomingMessage, res: http.ServerResponse): Promise<void> => {
    const g = gate();
    if (!hostAllowed(g, req.headers.host))
      return reply(res, 403, `Invalid Host header: ${req.headers.host ?? '(none)'}`);
    if (!originAllowed(g, req.headers.origin, req.headers.host))
      return reply(res, 403, `Invalid Origin header: ${req.headers.origin}`);
    if (token) {
      // The scheme is case-insensitive (RFC 7235).
      const given = /^bearer\s+(.+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? '';
      if (!sameToken(given, token)) {
        res.setHeader('www-authenticate', 'Bearer');
        return reply(res, 401, 'Unauthorized: send Authorization: Bearer <token>');
      }
    }
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== '/mcp') return reply(res, 404, 'Not found: the endpoint is /mcp');
    let body: unknown;
    if (req.method === 'POST') {
      const raw = await readBody(req, max);
      if (raw === undefined) return reply(res, 413, `Request body over ${max} bytes`);
      try {
        body = JSON.parse(raw.toString('utf8'));
      } catch {
        return reply(res, 400, 'Parse error: the body is not JSON', -32700);
      }
    }
    const id = req.headers['mcp-session-id'];
    const known = typeof id === 'string' ? sessions.get(id) : undefined;
    if (known) {
      busyUntilClosed(known, res);
      return known.transport.handleRequest(req, res, body);
    }
    // A session this server does not hold (ended, or from before a restart): 404 makes the client
    // start a new one, as Streamable HTTP says.
    if (typeof id === 'string')
      return reply(res, 404, 'Session not found: start a new one with initialize', -32001);
    if (req.method !== 'POST' || !isInitializeRequest(body))
      return reply(res, 400, 'Bad request: no valid session; start with initialize');
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
        session = { id: sid, transport, busy: 0, last: Date.now() };
        sessions.settle(session);
        busyUntilClosed(session, res);
      },
    });
    try {
      const server = await newServer();
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
  await new Promise<void>((resolve, reject) => {
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
