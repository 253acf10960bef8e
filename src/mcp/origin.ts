// Who may talk to the HTTP endpoint, by the headers a browser cannot forge: on loopback the `Host`
// must be a loopback name (a DNS-rebinding page names its own host), and a present `Origin` must be
// the server's own, a loopback origin on loopback, or one the user allowed. No `Origin` at all is a
// client that is not a browser, and is let through.

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);

/** Is `host` a loopback address or name (brackets of an IPv6 literal allowed)? */
export function isLoopback(host: string): boolean {
  const h = host.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  return LOOPBACK.has(h) || /^127\.\d+\.\d+\.\d+$/.test(h);
}

/** The host and port of a `Host` header value (`[::1]:80`, `localhost:8080`, `example.com`). */
function splitHost(value: string): { host: string; port: string } {
  const m = /^(\[[^\]]*\]|[^:]*)(?::(\d*))?$/.exec(value.trim());
  return { host: (m?.[1] ?? value).toLowerCase(), port: m?.[2] ?? '' };
}

/** What a listening endpoint accepts. */
export interface RequestGate {
  /** The address it listens on. */
  host: string;
  port: number;
  /** Origins allowed besides its own (exact `scheme://host[:port]`, as browsers send them). */
  allowedOrigins?: readonly string[];
}

/** On loopback, a `Host` header naming a loopback host (with this port, if any); elsewhere any. */
export function hostAllowed(gate: RequestGate, header: string | undefined): boolean {
  if (!isLoopback(gate.host)) return true;
  if (header === undefined) return false;
  const { host, port } = splitHost(header);
  return (isLoopback(host) || host === gate.host) && (port === '' || port === String(gate.port));
}

/**
 * A present `Origin` is allowed when it is one the user listed, when it names the host the request
 * was sent to (the server's own, as `Host` says), or, on loopback, when it is any loopback origin.
 * `null` (a sandboxed page, a file) and anything unparsable are refused.
 */
export function originAllowed(
  gate: RequestGate,
  origin: string | undefined,
  host: string | undefined,
): boolean {
  if (origin === undefined) return true;
  if (gate.allowedOrigins?.includes(origin)) return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  if (isLoopback(gate.host)) return isLoopback(url.hostname);
  return host !== undefined && url.host === host.trim().toLowerCase();
}
