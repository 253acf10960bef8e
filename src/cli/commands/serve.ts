// `skillset serve`: the MCP server, a thin face over the service (stdio, or Streamable HTTP).

import { createService } from '../../core/service.js';
import { formatDiagnostic } from '../../diagnostics/diagnostic.js';
import { visibleLine } from '../../text/visible.js';
import { settingsInput, stdoutStream, writeErr } from '../options.js';
import type { IndexCliOptions } from '../run.js';

/** Options of `serve`. */
export interface ServeCliOptions extends IndexCliOptions {
  http?: boolean;
  host?: string;
  port?: number;
  token?: string;
  maxSessions?: number;
  sessionTimeout?: number;
  allowOrigin?: string[];
  trustShell?: boolean;
  trustProject?: boolean;
  watch: boolean;
  watchLimit?: number;
}

/** Serve until the client goes or a signal comes; resolves to the exit code. */
export async function runServe(paths: string[], opts: ServeCliOptions): Promise<number> {
  // The protocol's stream, which a client that goes away closes: not an error.
  stdoutStream();
  const { serve } = await import('../../mcp/serve.js');
  const { watchLifetime } = await import('../../mcp/lifetime.js');
  const log = (line: string) => {
    if (!opts.quiet) writeErr(`${visibleLine(line)}\n`);
  };
  // Made first, so a signal while the library is read still stops the server in time.
  const lifetime = watchLifetime({ parent: !opts.http, log });
  const service = await createService(settingsInput(paths, opts));
  if (lifetime.reason !== undefined) {
    lifetime.closed();
    service.close();
    return 0;
  }
  // What concerns the run (an unusable cache, say) goes to stderr once, as the other commands say it.
  if (!opts.quiet)
    for (const d of service.settings.diagnostics)
      if (d.severity !== 'info') writeErr(`${visibleLine(formatDiagnostic(d))}\n`);
  const token = opts.token ?? process.env.SKILLSET_SERVE_TOKEN;
  await serve(service, {
    ...(opts.trustShell ? { trustShell: true } : {}),
    watch: opts.watch !== false,
    ...(opts.watchLimit !== undefined ? { watchLimit: opts.watchLimit } : {}),
    lifetime,
    ...(opts.http
      ? {
          http: {
            ...(opts.host ? { host: opts.host } : {}),
            ...(opts.port !== undefined ? { port: opts.port } : {}),
            ...(token ? { token } : {}),
            ...(opts.maxSessions !== undefined ? { maxSessions: opts.maxSessions } : {}),
            ...(opts.sessionTimeout !== undefined ? { idleMs: opts.sessionTimeout * 1000 } : {}),
            ...(opts.allowOrigin?.length ? { allowedOrigins: opts.allowOrigin } : {}),
          },
        }
      : {}),
    log,
    ...(opts.verbose && !opts.quiet ? { info: log } : {}),
  });
  return 0;
}
