// The live-update streams (server-sent events) of the open pages: at most MAX_STREAMS at once, each
// told when what a page shows may have changed, with the stamp a page compares with its own.

import type http from 'node:http';
import { SAFE_HEADERS } from './gate.js';

/** Live-update streams open at once at most; past it a new one gets 503. */
export const MAX_STREAMS = 32;

/** The open streams. */
export class LiveStreams {
  private readonly open = new Set<http.ServerResponse>();

  /** Open a stream on `res`, greeted with the stamp now (a page served before it opened compares). */
  add(res: http.ServerResponse, stamp: number): void {
    if (this.open.size >= MAX_STREAMS) {
      res.writeHead(503, {
        ...SAFE_HEADERS,
        'content-type': 'text/plain; charset=utf-8',
        'retry-after': '5',
      });
      res.end('Too many open pages.\n');
      return;
    }
    res.writeHead(200, {
      ...SAFE_HEADERS,
      'content-type': 'text/event-stream',
      connection: 'keep-alive',
    });
    res.write(`retry: 2000\nevent: hello\ndata: ${JSON.stringify({ version: stamp })}\n\n`);
    this.open.add(res);
    res.on('close', () => this.open.delete(res));
  }

  /** Tell every page: `message` for the reader (empty: none), and the stamp to fetch again for. */
  announce(stamp: number, message: string): void {
    const data = JSON.stringify({ version: stamp, message });
    for (const s of this.open) s.write(`event: changed\ndata: ${data}\n\n`);
  }

  /** End every stream. */
  close(): void {
    for (const s of this.open) s.end();
    this.open.clear();
  }
}
