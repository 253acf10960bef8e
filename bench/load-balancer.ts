// A small HTTP load balancer for the registry's load test, in front of the replicas as a real one
// would be: round-robin for new sessions, sticky by `Mcp-Session-Id` to the replica that made the
// session, responses streamed through (the GET stream of a session stays open). An upstream that
// refuses a connection is marked dead and skipped from then on; a request it refused is sent to the
// next live one, so a session whose replica is gone reaches another replica, which answers 404.

import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** The balancer, listening. */
export interface Balancer {
  /** The `/mcp` endpoint clients use. */
  url: string;
  /** The replica (an index of the upstreams) a session was made on. */
  replicaOf(session: string): number | undefined;
  /** Which upstreams are still taken to be alive. */
  alive(): boolean[];
  /** Responses the balancer made itself (502: an upstream failed before answering). */
  readonly made: { refused: number; reset: number; why: Record<string, number> };
  /** How long each tool call a replica answered took, as the balancer saw it (ms, by tool). */
  readonly served: Map<string, number[]>;
  close(): Promise<void>;
}

/** One replica behind the balancer. */
interface Upstream {
  host: string;
  port: number;
  alive: boolean;
}

/** Read a whole request body (the protocol's bodies are small): a request may go to a second replica. */
function body(req: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** Start a balancer over the replicas at `urls` (their `/mcp` endpoints). */
export async function startBalancer(urls: readonly string[]): Promise<Balancer> {
  const upstreams: Upstream[] = urls.map((u) => {
    const { hostname, port } = new URL(u);
    return { host: hostname, port: Number(port), alive: true };
  });
  const sticky = new Map<string, number>();
  const made = { refused: 0, reset: 0, why: {} as Record<string, number> };
  const served = new Map<string, number[]>();
  // An idle kept-alive connection is closed before a replica would close it (Node's 5 s): a request
  // sent on one the replica is closing at that moment would be lost. At most 32 are kept idle per
  // replica, as a real balancer's pool (nginx's `keepalive 32`): a replica counts them against its
  // cap on connections.
  const agent = new http.Agent({ keepAlive: true, timeout: 4_000, maxFreeSockets: 32 });
  let turn = 0;
  const next = (): number | undefined => {
    for (let i = 0; i < upstreams.length; i++) {
      const at = turn++ % upstreams.length;
      if (upstreams[at]?.alive) return at;
    }
    return undefined;
  };
  const pick = (session: string | undefined): number | undefined => {
    const held = session === undefined ? undefined : sticky.get(session);
    return held !== undefined && upstreams[held]?.alive ? held : next();
  };

  const forward = (req: http.IncomingMessage, res: http.ServerResponse, sent: Buffer): void => {
    const session = req.headers['mcp-session-id'];
    const at = pick(typeof session === 'string' ? session : undefined);
    const up = at === undefined ? undefined : upstreams[at];
    if (at === undefined || !up) {
      fail(res, 502, 'no live replica');
      return;
    }
    const out = http.request({
      host: up.host,
      port: up.port,
      method: req.method,
      path: req.url,
      agent,
      // The replica checks Host on loopback: the request is addressed to it now.
      headers: { ...req.headers, host: `${up.host}:${up.port}` },
    });
    const t = performance.now();
    const tool = toolOf(sent);
    out.on('response', (answer) => {
      if (tool !== undefined)
        answer.on('end', () => {
          if (answer.statusCode !== 200) return;
          const times = served.get(tool) ?? [];
          times.push(performance.now() - t);
          served.set(tool, times);
        });
      const id = answer.headers['mcp-session-id'];
      if (typeof id === 'string') sticky.set(id, at);
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      res.flushHeaders();
      answer.pipe(res);
      // The replica went away mid-answer: the client's stream is cut, as it would be.
      answer.on('close', () => {
        if (!answer.complete) res.destroy();
      });
    });
    let gone = false;
    out.on('error', (e: NodeJS.ErrnoException) => {
      // The client went first (it gave up on the request): nothing of the replica's to count.
      if (gone) return;
      if (res.headersSent) {
        res.destroy();
        return;
      }
      if (e.code === 'ECONNREFUSED') {
        up.alive = false;
        made.refused++;
        forward(req, res, sent);
        return;
      }
      made.reset++;
      const code = `${e.code ?? e.message} (replica ${at})`;
      made.why[code] = (made.why[code] ?? 0) + 1;
      fail(res, 502, `replica failed: ${e.code ?? e.message}`);
    });
    res.on('close', () => {
      if (res.writableFinished) return;
      gone = true;
      out.destroy();
    });
    out.end(sent);
  };

  const server = http.createServer((req, res) => {
    body(req).then(
      (sent) => forward(req, res, sent),
      () => res.destroy(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    replicaOf: (session) => sticky.get(session),
    alive: () => upstreams.map((u) => u.alive),
    made,
    served,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      agent.destroy();
    },
  };
}

/** The tool a request body calls, if it is a tool call. */
function toolOf(sent: Buffer): string | undefined {
  try {
    const m = JSON.parse(sent.toString()) as { method?: string; params?: { name?: unknown } };
    return m.method === 'tools/call' && typeof m.params?.name === 'string'
      ? m.params.name
      : undefined;
  } catch {
    return undefined;
  }
}

/** An answer the balancer makes itself. */
function fail(res: http.ServerResponse, status: number, message: string): void {
  res.writeHead(status, { 'content-type': 'text/plain' });
  res.end(`${message}\n`);
}
