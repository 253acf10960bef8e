// Who may see the page: a request from this machine (the `Host` and `Origin` a browser cannot forge,
// as the MCP endpoint checks them), that holds the one-time token. The URL printed at start carries
// the token once; the page trades it for a cookie only this origin is sent, and every later request
// shows that cookie. Every answer goes out under a Content-Security-Policy that runs no script but
// the page's own file, so a skill's text, however hostile, is only ever text.

import { randomBytes, timingSafeEqual } from 'node:crypto';
import type http from 'node:http';
import { hostAllowed, originAllowed, type RequestGate } from '../mcp/origin.js';

/**
 * The cookie that carries the token after the first visit, named by port: a browser sends a cookie
 * to every port of a host, and two pages open at once must not log each other out.
 */
const cookieName = (port: number): string => `skillset_ui_${port}`;

/** The policy every answer carries: nothing from elsewhere, no inline script or style, no frames. */
export const CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self'",
  "connect-src 'self'",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** The headers every answer carries. */
export const SAFE_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': CSP,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'cache-control': 'no-store',
};

/** A new token: 32 random bytes, URL-safe. */
export const newToken = (): string => randomBytes(32).toString('base64url');

/** The two strings are the same, compared in constant time. */
function same(given: string, token: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The value of cookie `name` in a `Cookie` header. */
function cookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const i = part.indexOf('=');
    if (i > 0 && part.slice(0, i).trim() === name) return part.slice(i + 1).trim();
  }
  return undefined;
}

/** What the gate decided: refused (with a status and a line), trading the URL's token, or let in. */
export type Admission =
  | { kind: 'refused'; status: 401 | 403; message: string }
  | { kind: 'trade'; location: string }
  | { kind: 'in' };

/** Decide one request: its Host and Origin, then its token (in the URL once, else the cookie). */
export function admit(req: http.IncomingMessage, gate: RequestGate, token: string): Admission {
  if (!hostAllowed(gate, req.headers.host))
    return { kind: 'refused', status: 403, message: 'This Host is not allowed.' };
  if (!originAllowed(gate, req.headers.origin, req.headers.host) || !ownOrigin(req, gate))
    return { kind: 'refused', status: 403, message: 'This Origin is not allowed.' };
  // Another page on this machine (another port is another site's page) may not make this one work.
  const site = req.headers['sec-fetch-site'];
  if (site === 'cross-site' || site === 'same-site')
    return { kind: 'refused', status: 403, message: 'Requests from other sites are not allowed.' };
  const url = new URL(req.url ?? '/', 'http://localhost');
  const given = url.searchParams.get('token');
  if (given !== null && same(given, token)) {
    url.searchParams.delete('token');
    // Always a path of this page: `//elsewhere` would be read as another host.
    return { kind: 'trade', location: `/${url.pathname.replace(/^\/+/, '')}${url.search}` };
  }
  const held = cookie(req.headers.cookie, cookieName(gate.port));
  if (held !== undefined && same(held, token)) return { kind: 'in' };
  return {
    kind: 'refused',
    status: 401,
    message: 'Open the URL `skillset ui` printed: it carries the token this page needs.',
  };
}

/** A present Origin is this page's own exactly: other pages on loopback are other sites. */
function ownOrigin(req: http.IncomingMessage, gate: RequestGate): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  try {
    const u = new URL(origin);
    return u.host === (req.headers.host ?? '').toLowerCase() && u.port === String(gate.port);
  } catch {
    return false;
  }
}

/** The cookie that trades the URL's token: this origin only, never read by a script, for 12 hours. */
export const tokenCookie = (token: string, port: number): string =>
  `${cookieName(port)}=${token}; Path=/; HttpOnly; SameSite=Strict; Max-Age=43200`;
