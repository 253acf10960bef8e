// One HTTP request to the MCP endpoint, before a session sees it: the Host and Origin headers and
// the bearer token checked (in constant time), the body read up to its cap and parsed, and the
// JSON-RPC error replies sent when one of them fails.

import { timingSafeEqual } from 'node:crypto';
import type http from 'node:http';
import { hostAllowed, originAllowed, type RequestGate } from './origin.js';

/** Reply with a JSON-RPC error (unless the headers are already sent). */
export function reply(
  res: http.ServerResponse,
  status: number,
  message: string,
  code = -32000,
  headers: Record<string, string> = {},
): void {
  if (res.headersSent) return;
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }));
}

/**
 * Reply 403 to a request whose Host or Origin header is not allowed, 401 to one without the token
 * (when there is one); true when it was refused.
 */
export function refuse(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  gate: RequestGate,
  token: string | undefined,
): boolean {
  if (!hostAllowed(gate, req.headers.host)) {
    reply(res, 403, `Invalid Host header: ${req.headers.host ?? '(none)'}`);
    return true;
  }
  if (!originAllowed(gate, req.headers.origin, req.headers.host)) {
    reply(res, 403, `Invalid Origin header: ${req.headers.origin}`);
    return true;
  }
  if (token) {
    // The scheme is case-insensitive (RFC 7235).
    const given = /^bearer\s+(.+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? '';
    if (!sameToken(given, token)) {
      res.setHeader('www-authenticate', 'Bearer');
      reply(res, 401, 'Unauthorized: send Authorization: Bearer <token>');
      return true;
    }
  }
  return false;
}

/**
 * A POST's body parsed as JSON (`body` undefined for other methods); undefined once it was refused
 * with 413 (over `max` bytes) or 400 (not JSON).
 */
export async function readJson(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  max: number,
): Promise<{ body: unknown } | undefined> {
  if (req.method !== 'POST') return { body: undefined };
  const raw = await readBody(req, max);
  if (raw === undefined) {
    reply(res, 413, `Request body over ${max} bytes`);
    return undefined;
  }
  try {
    return { body: JSON.parse(raw.toString('utf8')) };
  } catch {
    reply(res, 400, 'Parse error: the body is not JSON', -32700);
    return undefined;
  }
}

/** True when the token given is the one expected, compared in constant time. */
function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  // Compare equal lengths in constant time; a length mismatch compares the token with itself.
  return a.length === b.length ? timingSafeEqual(a, b) : !timingSafeEqual(b, b);
}

/** Read the body up to `max` bytes; undefined when it is over. */
function readBody(req: http.IncomingMessage, max: number): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > max) {
        over = true;
        chunks.length = 0;
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => resolve(over ? undefined : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}
