// `skillset serve`: the MCP server, a thin face over the service (stdio, or Streamable HTTP).

import { createService } from '../../core/service.js';
import { formatDiagnostic } from '../../diagnostics/diagnostic.js';
import { SkillsetError } from '../../errors.js';
import type { Lifetime } from '../../mcp/lifetime.js';
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
  /** A registry on PostgreSQL to serve instead of folders (with --http): a team per bearer token. */
  store?: string;
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
  if (opts.store !== undefined) return serveStore(opts.store, opts, log, lifetime);
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
    ...(opts.http ? { http: { ...httpOptions(opts), ...(token ? { token } : {}) } } : {}),
    log,
    ...(opts.verbose && !opts.quiet ? { info: log } : {}),
  });
  return 0;
}

/** The HTTP endpoint's options from the command line (the token apart). */
const httpOptions = (opts: ServeCliOptions) => ({
  ...(opts.host ? { host: opts.host } : {}),
  ...(opts.port !== undefined ? { port: opts.port } : {}),
  ...(opts.maxSessions !== undefined ? { maxSessions: opts.maxSessions } : {}),
  ...(opts.sessionTimeout !== undefined ? { idleMs: opts.sessionTimeout * 1000 } : {}),
  ...(opts.allowOrigin?.length ? { allowedOrigins: opts.allowOrigin } : {}),
});

/** Serve a registry over HTTP until a signal comes (docs/registry.md). */
async function serveStore(
  store: string,
  opts: ServeCliOptions,
  log: (line: string) => void,
  lifetime: Lifetime,
): Promise<number> {
  if (!opts.http || opts.token !== undefined)
    throw new SkillsetError(
      'usage/invalid-option',
      '--store serves a registry over HTTP, a team per bearer token',
      { hint: 'Add --http, and leave out --token: the registry’s tokens are the tokens.' },
    );
  const { serveRegistry } = await import('../../mcp/registry-serve.js');
  const endpoint = await serveRegistry(store, {
    ...(opts.trustShell ? { trustShell: true } : {}),
    http: httpOptions(opts),
  });
  log(`skillset serve: listening on ${endpoint.url} (a registry: a team per bearer token)`);
  await lifetime.stopped;
  await endpoint.close();
  lifetime.closed();
  return 0;
}
