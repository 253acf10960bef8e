// The page's gate and path check, request by request: what passes, what is traded, what is refused.
import assert from 'node:assert/strict';
import type http from 'node:http';
import { it } from 'node:test';
import { admit, tokenCookie } from './gate.js';
import { unsafePath } from './routes.js';

const gate = { host: '127.0.0.1', port: 4321 };
const TOKEN = 'a'.repeat(43);
const req = (url: string, headers: Record<string, string> = {}) =>
  ({ url, headers: { host: '127.0.0.1:4321', ...headers } }) as unknown as http.IncomingMessage;

it('trades the token for a cookie of this port, and lets the cookie in', () => {
  assert.deepEqual(admit(req(`/search?q=x&token=${TOKEN}`), gate, TOKEN), {
    kind: 'trade',
    location: '/search?q=x',
  });
  const cookie = tokenCookie(TOKEN, 4321).split(';')[0] as string;
  assert.match(tokenCookie(TOKEN, 4321), /HttpOnly; SameSite=Strict/);
  assert.deepEqual(admit(req('/', { cookie: `other=1; ${cookie}` }), gate, TOKEN), { kind: 'in' });
  // Another port's cookie is not this one's.
  const other = tokenCookie(TOKEN, 4322).split(';')[0] as string;
  assert.equal(admit(req('/', { cookie: other }), gate, TOKEN).kind, 'refused');
});

it('refuses no token, a wrong one, a foreign Host or Origin', () => {
  const status = (r: http.IncomingMessage) => {
    const a = admit(r, gate, TOKEN);
    return a.kind === 'refused' ? a.status : a.kind;
  };
  assert.equal(status(req('/')), 401);
  assert.equal(status(req(`/?token=${TOKEN.slice(1)}`)), 401);
  assert.equal(status(req(`/?token=${TOKEN}`, { host: 'evil.example' })), 403);
  assert.equal(status(req(`/?token=${TOKEN}`, { host: '127.0.0.1:9999' })), 403);
  assert.equal(status(req(`/?token=${TOKEN}`, { origin: 'http://evil.example' })), 403);
  assert.equal(status(req(`/?token=${TOKEN}`, { origin: 'null' })), 403);
  assert.equal(status(req(`/?token=${TOKEN}`, { origin: 'http://127.0.0.1:4321' })), 'trade');
});

it('finds every path that climbs or hides a separator', () => {
  for (const p of [
    '/a/../b',
    '/..',
    '/skill/..%2Fx',
    '/skill/%2e%2e/x',
    '/a%5cb',
    '/a\\b',
    '/a%00',
    '/%E0%A4%A',
  ])
    assert.equal(unsafePath(p), true, p);
  for (const p of ['/', '/skill/.agents%2Fskills%3Aeval-harness', '/skill/a.b', '/search'])
    assert.equal(unsafePath(p), false, p);
});
