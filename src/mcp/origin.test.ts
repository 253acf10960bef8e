import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { hostAllowed, originAllowed } from './origin.js';

const loopback = { host: '127.0.0.1', port: 8765 };
const wide = { host: '0.0.0.0', port: 8765, allowedOrigins: ['https://skills.example.com'] };

describe('hostAllowed', () => {
  for (const [header, ok] of [
    ['127.0.0.1:8765', true],
    ['localhost:8765', true],
    ['[::1]:8765', true],
    ['127.0.0.9:8765', true],
    ['LOCALHOST', true],
    ['localhost:8766', false],
    ['evil.example:8765', false],
    ['127.0.0.1.evil.example:8765', false],
    [undefined, false],
  ] as const)
    it(`${ok ? 'accepts' : 'refuses'} Host ${header} on loopback`, () => {
      assert.equal(hostAllowed(loopback, header), ok);
    });

  it('accepts any Host beyond loopback (the token guards it)', () => {
    assert.equal(hostAllowed(wide, 'skills.example.com'), true);
  });
});

describe('originAllowed', () => {
  for (const [origin, ok] of [
    [undefined, true],
    ['http://127.0.0.1:8765', true],
    ['http://localhost:3000', true],
    ['https://localhost', true],
    ['http://[::1]:8765', true],
    ['null', false],
    ['http://evil.example:8765', false],
    ['http://localhost.evil.example', false],
    ['file:///tmp/page.html', false],
    ['chrome-extension://abc', false],
    ['', false],
  ] as const)
    it(`${ok ? 'accepts' : 'refuses'} Origin ${origin} on loopback`, () => {
      assert.equal(originAllowed(loopback, origin, '127.0.0.1:8765'), ok);
    });

  for (const [origin, host, ok] of [
    ['http://skills.internal:8765', 'skills.internal:8765', true],
    ['https://skills.internal', 'skills.internal', true],
    ['https://skills.example.com', 'skills.internal:8765', true],
    ['http://skills.internal:8766', 'skills.internal:8765', false],
    ['http://localhost:8765', '10.0.0.5:8765', false],
    ['http://evil.example', undefined, false],
  ] as const)
    it(`${ok ? 'accepts' : 'refuses'} Origin ${origin} with Host ${host} beyond loopback`, () => {
      assert.equal(originAllowed(wide, origin, host), ok);
    });
});
