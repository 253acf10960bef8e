// `skillset ui`: the web page's server. It listens on loopback only, on a free port unless told one;
// every request passes the gate (Host, Origin, the one-time token), every answer carries the
// Content-Security-Policy, and what it holds for clients is bounded: connections, live-update
// streams, the length of a request. A watch of the roots tells open pages when the library changes.

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SkillService } from '../core/service.js';
import type { Watch } from '../core/watch.js';
import type { EvalRun } from '../eval/eval.js';
import { isLoopback } from '../mcp/origin.js';
import { uiContext } from './context.js';
import { admit, newToken, SAFE_HEADERS, tokenCookie } from './gate.js';
import { route, unsafePath } from './routes.js';

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

/** Live-update streams open at once at most; past it a new one gets 503. */
export const MAX_STREAMS = 32;
/** Connections open at once at most. */
const MAX_CONNECTIONS = 128;

/** Serve the page over `service` until closed. */
export async function startUi(service: SkillService, o: UiOptions = {}): Promise<UiServer> {
  const host = o.host ?? '127.0.0.1';
  if (!isLoopback(host)) throw new Error(`skillset ui listens on loopback only, not ${host}`);
  const token = o.token ?? newToken();
  // Lint being done changes what a page shows, not the library: no line for the reader.
  const ctx = uiContext(service, o.queries ?? [], () => announce(''));
  const streams = new Set<http.ServerResponse>();
  const evals = new Map<string, Promise<EvalRun | string>>();
  const evalRun = (file: string) => {
    const key = `${ctx.version()}\0${file}`;
    let r = evals.get(key);
    if (!r) {
      r = ctx
        .run<EvalRun>('eval', { queries: file, baseline: false })
        .then((x) => (x.ok ? x.value : x.problem.message));
      evals.set(key, r);
    }
    return r;
  };
  let port = o.port ?? 0;
  const server = http.createServer((req, res) => {
    void handle(req, res).catch((e: unknown) => {
      if (!res.headersSent)
        res.writeHead(500, { ...SAFE_HEADERS, 'content-type': 'text/plain; charset=utf-8' });
      res.end(`Internal error: ${(e as Error).message}\n`);
    });
  });
  server.maxConnections = MAX_CONNECTIONS;
  server.headersTimeout = 10_000;
  server.requestTimeout = 30_000;

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const gate = admit(req, { host, port }, token);
    const send = (
      status: number,
      type: string,
      body: string,
      extra: Record<string, string> = {},
    ) => {
      res.writeHead(status, { ...SAFE_HEADERS, 'content-type': type, ...extra });
      res.end(req.method === 'HEAD' ? undefined : body);
    };
    if (gate.kind === 'refused')
      return send(gate.status, 'text/plain; charset=utf-8', `${gate.message}\n`);
    if (req.method !== 'GET' && req.method !== 'HEAD')
      return send(405, 'text/plain; charset=utf-8', 'Only GET.\n', { allow: 'GET, HEAD' });
    if ((req.url ?? '').length > 4096)
      return send(414, 'text/plain; charset=utf-8', 'URL too long.\n');
    if (gate.kind === 'trade')
      return send(303, 'text/plain; charset=utf-8', '', {
        location: gate.location,
        'set-cookie': tokenCookie(token),
      });
    // Checked as sent: URL parsing would resolve an encoded `..` before any check could see it.
    if (unsafePath((req.url ?? '/').split('?')[0] as string))
      return send(400, 'text/plain; charset=utf-8', 'This path is not one the page serves.\n');
    const u = new URL(req.url ?? '/', 'http://localhost');
    if (u.pathname === '/events') return openStream(res);
    const a = await route(ctx, u, req.headers['x-skillset-partial'] === '1', evalRun);
    send(a.status, a.type, a.body);
  }

  function openStream(res: http.ServerResponse): void {
    if (streams.size >= MAX_STREAMS) {
      res.writeHead(503, {
        ...SAFE_HEADERS,
        'content-type': 'text/plain; charset=utf-8',
        'retry-after': '5',
      });
      res.end('Too many open pages.\n');
      return;
    }
    res.writeHead(200, {
      ...SAFE_HEADERS,
      'content-type': 'text/event-stream',
      connection: 'keep-alive',
    });
    res.write(`retry: 2000\nevent: hello\ndata: ${JSON.stringify({ version: ctx.stamp() })}\n\n`);
    streams.add(res);
    res.on('close', () => streams.delete(res));
  }

  function announce(message: string): void {
    const data = JSON.stringify({ version: ctx.stamp(), message });
    for (const s of streams) s.write(`event: changed\ndata: ${data}\n\n`);
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  port = (server.address() as AddressInfo).port;
  let watching: Watch | undefined;
  if (o.watch !== false) {
    const { watchService } = await import('../core/watch.js');
    watching = await watchService(
      service,
      (batch) => {
        ctx.changed();
        const n =
          batch.changes.added.length + batch.changes.changed.length + batch.changes.removed.length;
        announce(
          n > 0
            ? `The library changed: ${n} skill${n === 1 ? '' : 's'} added, changed or removed.`
            : 'A skill file changed.',
        );
      },
      {
        stableMs: 150,
        batchMs: 100,
        onError: (e) => o.onLog?.(`skillset ui: ${e.message}`),
        onWarning: (m) => o.onLog?.(`skillset ui: ${m}`),
      },
    );
  }
  const shown = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${shown}:${port}/?token=${token}`,
    port,
    ready: watching?.ready ?? Promise.resolve(),
    async close() {
      for (const s of streams) s.end();
      streams.clear();
      await watching?.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
