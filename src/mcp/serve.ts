// `skillset serve`: the MCP server over stdio (the default) or Streamable HTTP. Nothing but protocol
// goes to stdout; a line on stderr says where it listens; SIGINT and SIGTERM close it cleanly.

import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { SkillService } from '../core/service.js';
import { type HttpOptions, serveHttp } from './http.js';
import { createSkillServer, type SkillServerOptions } from './server.js';

/** How `serve` runs. */
export interface ServeOptions extends SkillServerOptions {
  /** Streamable HTTP instead of stdio. */
  http?: HttpOptions;
  /** Told once the server listens (stderr in the CLI). */
  log?: (line: string) => void;
}

/** Serve `service` until the client goes or a signal comes; resolves when closed. */
export async function serve(service: SkillService, o: ServeOptions = {}): Promise<void> {
  const log = o.log ?? (() => undefined);
  let close: () => Promise<void>;
  let closed!: () => void;
  const done = new Promise<void>((resolve) => {
    closed = resolve;
  });
  if (o.http) {
    // Each client session gets its own server over the one service.
    const endpoint = await serveHttp(
      async () => (await createSkillServer(service, o)).server,
      o.http,
    );
    log(
      `skillset serve: listening on ${endpoint.url}${o.http.token ? ' (bearer token required)' : ''}`,
    );
    close = endpoint.close;
  } else {
    const { server } = await createSkillServer(service, o);
    const transport = new StdioServerTransport();
    transport.onclose = () => closed();
    await server.connect(transport);
    close = () => server.close();
  }
  const stop = () => {
    void close().finally(() => closed());
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  await done;
  process.off('SIGINT', stop);
  process.off('SIGTERM', stop);
  service.close();
}
