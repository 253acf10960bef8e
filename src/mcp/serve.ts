// `skillset serve`: the MCP server over stdio (the default) or Streamable HTTP. Nothing but protocol
// goes to stdout; a line on stderr says where it listens; SIGINT and SIGTERM close it cleanly.

import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { SkillService } from '../core/service.js';
import { watchService } from '../core/watch.js';
import { boundMessages } from './bound.js';
import { createServedCatalog } from './catalog.js';
import { type HttpOptions, serveHttp } from './http.js';
import { createSkillServer, type SkillServer, type SkillServerOptions } from './server.js';

/** How `serve` runs. */
export interface ServeOptions extends SkillServerOptions {
  /** Streamable HTTP instead of stdio. */
  http?: HttpOptions;
  /** Watch the roots and pick changes up live (default true). */
  watch?: boolean;
  /** Told once the server listens, and of sessions closed (stderr in the CLI). */
  log?: (line: string) => void;
}

/** Serve `service` until the client goes or a signal comes; resolves when closed. */
export async function serve(service: SkillService, o: ServeOptions = {}): Promise<void> {
  const log = o.log ?? (() => undefined);
  let close: () => Promise<void> = async () => undefined;
  let closed!: () => void;
  const done = new Promise<void>((resolve) => {
    closed = resolve;
  });
  // A signal at any point, even while starting, closes what is open so far.
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    void close().finally(() => closed());
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  const catalog = await createServedCatalog(service);
  // Every live session hears of changes; each HTTP client has its own.
  const live = new Set<SkillServer>();
  const open = (): SkillServer => {
    const s = createSkillServer(catalog, o);
    live.add(s);
    s.server.server.onclose = () => {
      live.delete(s);
    };
    return s;
  };
  if (o.http) {
    const endpoint = await serveHttp(async () => open().server, { ...o.http, log });
    log(
      `skillset serve: listening on ${endpoint.url}${o.http.token ? ' (bearer token required)' : ''}`,
    );
    close = endpoint.close;
  } else {
    const { server } = open();
    const transport = new StdioServerTransport();
    transport.onclose = () => closed();
    await server.connect(transport);
    boundMessages(transport, { log });
    close = () => server.close();
    // The client is gone when stdin ends (the SDK's transport does not notice).
    process.stdin.once('end', stop);
  }
  const watching =
    o.watch === false
      ? undefined
      : await watchService(
          service,
          async ({ changes }) => {
            const change = await catalog.refresh({
              catalog: changes.added.length + changes.removed.length + changes.changed.length > 0,
            });
            for (const s of live) s.changed(change);
          },
          { onError: (e) => log(`skillset serve: ${e.message}`) },
        );
  const shut = close;
  close = async () => {
    await watching?.close();
    await shut();
  };
  if (stopping) await close();
  await done;
  process.off('SIGINT', stop);
  process.off('SIGTERM', stop);
  service.close();
}
