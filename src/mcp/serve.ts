// `skillset serve`: the MCP server over stdio (the default) or Streamable HTTP. Nothing but protocol
// goes to stdout; a line on stderr says where it listens. It stops on SIGINT or SIGTERM and, over
// stdio, when its client is gone (lifetime.ts), within STOP_DEADLINE_MS either way. What the watch
// picks up goes to every session as a log message too (`notifications/message`).

import type { LoggingLevel } from '@modelcontextprotocol/sdk/types.js';
import type { CatalogChanges } from '../catalog/diff.js';
import type { SkillService } from '../core/service.js';
import { type WatchBatch, watchService } from '../core/watch.js';
import { boundMessages } from './bound.js';
import { createServedCatalog } from './catalog.js';
import { type HttpOptions, serveHttp } from './http.js';
import { type Lifetime, watchLifetime } from './lifetime.js';
import { createSkillServer, type SkillServer, type SkillServerOptions } from './server.js';
import { LineTransport } from './stdio.js';

/** How `serve` runs. */
export interface ServeOptions extends SkillServerOptions {
  /** Streamable HTTP instead of stdio. */
  http?: HttpOptions;
  /** Watch the roots and pick changes up live (default true). */
  watch?: boolean;
  /** Paths watched at most (default 10,000); past it the roots are read again on a timer. */
  watchLimit?: number;
  /** Told once the server listens, and of anything that goes wrong (stderr in the CLI). */
  log?: (line: string) => void;
  /** Told what the watch covers once it has read the roots (stderr with --verbose). */
  info?: (line: string) => void;
  /** What stops the server, if made before the service was (signals during start-up). */
  lifetime?: Lifetime;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** What a batch changed, in words: `info` when skills did, `debug` when only their other files. */
function batchLine({ files, changes }: WatchBatch): [LoggingLevel, string] {
  const parts = (['added', 'removed', 'changed'] as const satisfies Array<keyof CatalogChanges>)
    .filter((k) => changes[k].length > 0)
    .map((k) => `${changes[k].length} ${k === 'changed' ? 'edited' : k}`);
  const read = `${plural(files.length, 'path')} changed`;
  return parts.length > 0
    ? ['info', `skills changed: ${parts.join(', ')} (${read})`]
    : ['debug', `${read}, no skill added, removed or edited`];
}

/** Serve `service` until the client goes or a signal comes; resolves when closed. */
export async function serve(service: SkillService, o: ServeOptions = {}): Promise<void> {
  const log = o.log ?? (() => undefined);
  // Every live session hears of changes; each HTTP client has its own.
  const live = new Set<SkillServer>();
  /** What the watch says: a line on stderr, and a log message at `level` for every session. */
  const tell = (level: LoggingLevel, message: string) => {
    log(`skillset serve: ${level === 'warning' ? 'warning: ' : ''}${message}`);
    for (const s of live) s.log(level, message);
  };
  const life = o.lifetime ?? watchLifetime({ parent: !o.http, log });
  const catalog = await createServedCatalog(service);
  const open = (): SkillServer => {
    const s = createSkillServer(catalog, o);
    live.add(s);
    s.server.server.onclose = () => {
      live.delete(s);
    };
    return s;
  };
  let close: () => Promise<void>;
  if (o.http) {
    const endpoint = await serveHttp(async () => open().server, { ...o.http, log });
    log(
      `skillset serve: listening on ${endpoint.url}${o.http.token ? ' (bearer token required)' : ''}`,
    );
    close = endpoint.close;
  } else {
    const { server } = open();
    const transport = new LineTransport();
    transport.ongone = (why) => life.stop(why);
    transport.onclose = () => life.stop('the transport closed');
    await server.connect(transport);
    boundMessages(transport, { log });
    // What the client asked before it went is answered, if it can still read (within the deadline).
    close = async () => {
      await transport.idle();
      await server.close();
    };
  }
  const watching =
    o.watch === false || life.reason !== undefined
      ? undefined
      : await watchService(
          service,
          async (batch) => {
            const [level, line] = batchLine(batch);
            const change = await catalog.refresh({ catalog: level === 'info' });
            for (const s of live) {
              s.log(level, line);
              s.changed(change, batch.files);
            }
          },
          {
            onError: (e) => tell('error', e.message),
            onWarning: (m) => tell('warning', m),
            ...(o.watchLimit !== undefined ? { maxPaths: o.watchLimit } : {}),
          },
        );
  // Once the watcher has read its roots, one line says what it covers.
  void watching?.ready.then(() => {
    const st = watching.status();
    if (st.mode === 'watch' && life.reason === undefined)
      o.info?.(
        `skillset serve: watching ${st.paths} path${st.paths === 1 ? '' : 's'} under ${st.roots} root${st.roots === 1 ? '' : 's'}${st.linked > 0 ? ` and ${st.linked} linked skill folder${st.linked === 1 ? '' : 's'}` : ''}`,
      );
  });
  await life.stopped;
  await watching?.close();
  await close();
  service.close();
  life.closed();
}
