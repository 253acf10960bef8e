import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { describe, it } from 'node:test';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { LineTransport } from './stdio.js';

/** A transport over two in-process streams, with what it received and what it wrote. */
async function open(maxLine?: number) {
  const input = new PassThrough();
  const output = new PassThrough();
  const t = new LineTransport(input, output, maxLine);
  const got: JSONRPCMessage[] = [];
  t.onmessage = (m) => got.push(m);
  await t.start();
  const written = () =>
    String(output.read() ?? '')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Record<string, unknown>);
  return { input, output, t, got, written };
}

const ping = (id: number) => `${JSON.stringify({ jsonrpc: '2.0', id, method: 'ping' })}\n`;
const tick = () => new Promise((r) => setImmediate(r));

describe('LineTransport', () => {
  it('reads lines however the chunks fall, CRLF included', async () => {
    const { input, got } = await open();
    const two = ping(1) + ping(2).replace('\n', '\r\n');
    input.write(two.slice(0, 10));
    input.write(two.slice(10, 40));
    input.write(`${two.slice(40)}\n\n`);
    await tick();
    assert.deepEqual(
      got.map((m) => (m as { id: number }).id),
      [1, 2],
    );
  });

  it('answers a line over the bound once, with its id, and reads the next', async () => {
    const { input, got, written } = await open(100);
    input.write(
      `{"jsonrpc":"2.0","id":"a-1","method":"tools/call","params":{"q":"${'x'.repeat(80)}`,
    );
    input.write('y'.repeat(500));
    input.write(`"}}\n${ping(3)}`);
    await tick();
    const out = written();
    assert.equal(out.length, 1);
    assert.deepEqual(
      [out[0]?.id, (out[0]?.error as { code?: number } | undefined)?.code],
      ['a-1', -32600],
    );
    assert.deepEqual(
      got.map((m) => (m as { id: number }).id),
      [3],
    );
  });

  it('is idle once every request is answered or cancelled', async () => {
    const { input, t } = await open();
    input.write(ping(1) + ping(2));
    await tick();
    let idle = false;
    void t.idle().then(() => {
      idle = true;
    });
    await t.send({ jsonrpc: '2.0', id: 1, result: {} });
    await tick();
    assert.equal(idle, false);
    input.write(
      `${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 2 } })}\n`,
    );
    await tick();
    assert.equal(idle, true);
  });

  it('says the client is gone when stdin ends, and when stdout fails', async () => {
    const a = await open();
    const why: string[] = [];
    a.t.ongone = (w) => why.push(w);
    a.input.end();
    a.input.resume();
    await new Promise((r) => a.input.once('end', r));
    const b = await open();
    b.t.ongone = (w) => why.push(w);
    b.input.write(ping(1));
    await tick();
    b.output.destroy(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }));
    await tick();
    await b.t.idle();
    assert.deepEqual(why, ['stdin ended', 'stdout failed: EPIPE']);
  });
});
