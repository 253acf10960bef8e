// `skillset ui`: the web page's server. It listens on loopback only, on a free port unless told one;
// every request passes the gate (Host, Origin, the one-time token), every answer carries the
// Content-Security-Policy, and what it holds for clients is bounded: connections, live-update
// streams, the length of a request. A watch of the roots tells open pages when the library changes.

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SkillService } from '../core/service.js';
import type { Watch } from '../core/watch.js';
import { isLoopback } from '../mcp/origin.js';
import { uiContext } from './context.js';
import { admit, newToken, SAFE_HEADERS, tokenCookie } from './gate.js';
import { route, unsafePath } from './routes.js';
import { LiveStreams } from './streams.js';

/** How the page is served. */
export interface UiOptions {
  /** A loopback address (default 127.0.0.1). */
  host?: string;
  /** The port (default 0: a free one). */
  port?: number;
  /** The token (default: a new random one). */
  token?: string;
  /** Watch the roots and update open pages (default true). */
  watch?: boolean;
  /** Query files for the Eval page. */
  queries?: readonly string[];
  /** Told of what the watch reports (a failed refresh, polling instead of watching). */
  onLog?: (line: string) => void;
}

/** A running page server. */
export interface UiServer {
  /** The address to open, with the token. */
  url: string;
  port: number;
  /** Resolves once the watch has read the roots (at once without one). */
  ready: Promise<void>;
  close(): Promise<void>;
}

/** Connections open at once at most. */
const MAX_CONNECTIONS = 128;

/** Serve the page over `service` until closed. */
export async function startUi(service: SkillService, o: UiOptions = {}): Promise<UiServer> {
  const host = o.host ?? '127.0.0.1';
  if (!isLoopback(host)) throw new Error(`skillset ui listens on loopback only, not ${host}`);
  const token = o.token ?? newToken();
  const streams = new LiveStreams();
  // Lint being done changes what a page shows, not the library: no line for the reader.
  const ctx = uiContext(service, o.queries ?? [], () => streams.announce(ctx.stamp(), ''));
  let port = o.port ?? 0;
  const at: Served = { ctx, streams, token, gate: { host, port } };
  const server = http.createServer((req, res) => {
    void handle(at, req, res).catch((e: unknown) => {
      if (!res.headersSent)
        res.writeHead(500, { ...SAFE_HEADERS, 'content-type': 'text/plain; charset=utf-8' });
      res.end(`Internal error: ${(e as Error).message}\n`);
    });
  });
  server.maxConnections = MAX_CONNECTIONS;
  server.headersTimeout = 10_000;
  server.requestTimeout = 30_000;
  server.keepAliveTimeout = 5_000;
  // A connection that sends nothing is closed: silent sockets must not hold the slots (a live
  // stream clears it on its own socket).
  server.on('connection', (socket) => socket.setTimeout(15_000, () => socket.destroy()));

  // The library is read while the page is opened: the first page does not wait for all of it.
  void service.catalog();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  port = (server.address() as AddressInfo).port;
  at.gate.port = port;
  const watching =
    o.watch === false
      ? undefined
      : await watchLibrary(
          service,
          (message) => {
            ctx.changed();
            streams.announce(ctx.stamp(), message);
          },
          o.onLog,
        );
  const shown = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${shown}:${port}/?token=${token}`,
    port,
    ready: watching?.ready ?? Promise.resolve(),
    async close() {
      streams.close();
      await watching?.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

/** Watch the roots of `service`; `changed` hears a line for the reader after each batch. */
async function watchLibrary(
  service: SkillService,
  changed: (message: string) => void,
  onLog: ((line: string) => void) | undefined,
): Promise<Watch> {
  const { watchService } = await import('../core/watch.js');
  return watchService(
    service,
    (batch) => {
      const { added, changed: edited, removed } = batch.changes;
      const n = added.length + edited.length + removed.length;
      changed(
        n > 0
          ? `The library changed: ${n} skill${n === 1 ? '' : 's'} added, changed or removed.`
          : 'A skill file changed.',
      );
    },
    {
      // A page shows an edit within a second: the watch waits less than the server's does.
      stableMs: 150,
      batchMs: 100,
      onError: (e) => onLog?.(`skillset ui: ${e.message}`),
      onWarning: (m) => onLog?.(`skillset ui: ${m}`),
    },
  );
}

/** What one request is answered with: the pages' context, the streams, the token and the gate. */
interface Served {
  ctx: ReturnType<typeof uiContext>;
  streams: LiveStreams;
  token: string;
  gate: { host: string; port: number };
}

/** Answer one request: the gate, the method, the path as sent, then the page, a stream or an asset. */
async function handle(
  { ctx, streams, token, gate: where }: Served,
  req: http.IncomingMessage,
  res: http.ServerResponse,
): Promise<void> {
  const gate = admit(req, where, token);
  const send = (status: number, type: string, body: string, extra: Record<string, string> = {}) => {
    res.writeHead(status, { ...SAFE_HEADERS, 'content-type': type, ...extra });
    res.end(req.method === 'HEAD' ? undefined : body);
  };
  // Checked as sent: URL parsing would resolve an encoded `..` before any check could see it.
  if (unsafePath((req.url ?? '/').split('?')[0] as string))
    return send(400, 'text/plain; charset=utf-8', 'This path is not one the page serves.\n');
  if (gate.kind === 'refused')
    return send(gate.status, 'text/plain; charset=utf-8', `${gate.message}\n`);
  if (req.method !== 'GET' && req.method !== 'HEAD')
    return send(405, 'text/plain; charset=utf-8', 'Only GET.\n', { allow: 'GET, HEAD' });
  if ((req.url ?? '').length > 4096)
    return send(414, 'text/plain; charset=utf-8', 'URL too long.\n');
  if (gate.kind === 'trade')
    return send(303, 'text/plain; charset=utf-8', '', {
      location: gate.location,
      'set-cookie': tokenCookie(token, where.port),
    });
  const u = new URL(req.url ?? '/', 'http://localhost');
  if (u.pathname === '/events') {
    req.socket.setTimeout(0);
    return streams.add(res, ctx.stamp());
  }
  const started = performance.now();
  const a = await route(ctx, u, req.headers['x-skillset-partial'] === '1');
  // What the answer cost here, for the browser's tools and the bench (bench/ui.ts).
  send(a.status, a.type, a.body, {
    'server-timing': `app;dur=${(performance.now() - started).toFixed(1)}`,
  });
}
