// Getting a file over HTTP with Node's own fetch: one time limit for the whole exchange, a cap on the
// bytes read (checked as they arrive, not trusted from Content-Length), and redirects followed by
// hand so that every hop is checked: https, or plain http to this machine only.

import { SkillsetError } from '../errors.js';

/** A file fetched: its bytes, its Content-Type, and the URL it came from after redirects. */
export interface Fetched {
  bytes: Buffer;
  contentType: string;
  url: string;
}

/** How long one file may take, and the most redirects followed. */
export const HTTP_LIMITS = { timeoutMs: 30_000, redirects: 5 };

/** Is `host` (a URL's hostname) this machine? */
const isLoopback = (host: string): boolean =>
  host === 'localhost' || host === '[::1]' || /^127(?:\.\d{1,3}){3}$/.test(host);

/** Refuse what skillset does not fetch from: anything but https, and plain http to another machine. */
export function checkUrl(u: URL): void {
  if (u.username !== '' || u.password !== '')
    throw new SkillsetError(
      'usage/invalid-source',
      `${u.origin}: a URL with credentials in it is not read`,
      {
        hint: 'Credentials in a URL would be written to the lock; serve the index without them.',
      },
    );
  if (u.protocol === 'https:' || (u.protocol === 'http:' && isLoopback(u.hostname))) return;
  throw new SkillsetError(
    'install/insecure-url',
    `${u.href}: ${u.protocol === 'http:' ? 'plain http is taken from this machine only (localhost, 127.x, ::1)' : `\`${u.protocol}\` is not fetched`}`,
    { hint: 'Serve the skills over https://.' },
  );
}

const failed = (url: string, why: string) =>
  new SkillsetError('install/fetch-failed', `${url} cannot be fetched: ${why}`);

/** Why a fetch threw, in a few words. */
function reason(e: unknown): string {
  const err = e as Error & { cause?: { code?: string; message?: string } };
  if (err.name === 'TimeoutError' || err.name === 'AbortError')
    return `no answer within ${HTTP_LIMITS.timeoutMs / 1000} s`;
  return err.cause?.code ?? err.cause?.message ?? err.message;
}

/** The body of `res`, at most `maxBytes`; more is an error, and the rest is not read. */
async function body(res: Response, url: string, maxBytes: number): Promise<Buffer> {
  const declared = Number(res.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await res.body?.cancel();
    throw failed(url, `it is over ${maxBytes} bytes`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  if (res.body)
    for await (const chunk of res.body) {
      size += chunk.byteLength;
      if (size > maxBytes) throw failed(url, `it is over ${maxBytes} bytes`);
      chunks.push(Buffer.from(chunk));
    }
  return Buffer.concat(chunks);
}

/** GET `url`: its bytes, at most `maxBytes`, within HTTP_LIMITS.timeoutMs. */
export async function getBytes(url: string, maxBytes: number): Promise<Fetched> {
  let at = new URL(url);
  const signal = AbortSignal.timeout(HTTP_LIMITS.timeoutMs);
  for (let hop = 0; hop <= HTTP_LIMITS.redirects; hop++) {
    checkUrl(at);
    try {
      const res = await fetch(at, { redirect: 'manual', signal });
      const location = res.headers.get('location');
      if (res.status >= 300 && res.status < 400 && location !== null) {
        await res.body?.cancel();
        at = new URL(location, at);
        continue;
      }
      if (!res.ok) {
        await res.body?.cancel();
        throw failed(at.href, `HTTP ${res.status}`);
      }
      const bytes = await body(res, at.href, maxBytes);
      return { bytes, contentType: res.headers.get('content-type') ?? '', url: at.href };
    } catch (e) {
      if (e instanceof SkillsetError) throw e;
      throw failed(at.href, reason(e));
    }
  }
  throw failed(url, `more than ${HTTP_LIMITS.redirects} redirects`);
}
