// `skillset serve`: the MCP server over stdio (the default) or Streamable HTTP. Nothing but protocol
// goes to stdout; a line on stderr says where it listens; SIGINT and SIGTERM close it cleanly.

import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { SkillService } from '../core/service.js';
import { watchService } from '../core/watch.js';
import { type HttpOptions, serveHttp } from './http.js';
import { createSkillServer, type SkillServer, type SkillServerOptions } from './server.js';

/** How `serve` runs. */
export interface ServeOptions extends SkillServerOptions {
  /** Streamable HTTP instead of stdio. */
  http?: HttpOptions;
  /** Watch the roots and pick changes up live (default true). */
  watch?: boolean;
  /** Paths watched at most (default 10,000); past it the roots are read again on a timer. */
  watchLimit?: number;
  /** Told once the server listens, and of failures and warnings (stderr in the CLI). */
  log?: (line: string) => void;
  /** Told what the watch covers once it has read the roots (stderr with --verbose). */
  info?: (line: string) => void;
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
  // Every live server hears of changes; HTTP gives each client session its own.
  const live = new Set<SkillServer>();
  const open = async (): Promise<SkillServer> => {
    const s = await createSkillServer(service, o);
    live.add(s);
    s.server.server.onclose = () => {
      live.delete(s);
    };
    return s;
  };
  if (o.http) {
    const endpoint = await serveHttp(async () => (await open()).server, o.http);
    log(
      `skillset serve: listening on ${endpoint.url}${o.http.token ? ' (bearer token required)' : ''}`,
    );
    close = endpoint.close;
  } else {
    const { server } = await open();
    const transport = new StdioServerTransport();
    transport.onclose = () => closed();
    await server.connect(transport);
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
            const catalog =
              changes.added.length + changes.removed.length + changes.changed.length > 0;
            for (const s of live) await s.changed({ catalog });
          },
          {
            onError: (e) => log(`skillset serve: ${e.message}`),
            onWarning: (m) => log(`skillset serve: warning: ${m}`),
            ...(o.watchLimit !== undefined ? { maxPaths: o.watchLimit } : {}),
          },
        );
  // Once the watcher has read its roots, one line says what it covers.
  void watching?.ready.then(() => {
    const s = watching.status();
    if (s.mode === 'watch' && !stopping)
      o.info?.(
        `skillset serve: watching ${s.paths} path${s.paths === 1 ? '' : 's'} under ${s.roots} root${s.roots === 1 ? '' : 's'}${s.linked > 0 ? ` and ${s.linked} linked skill folder${s.linked === 1 ? '' : 's'}` : ''}`,
      );
  });
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
