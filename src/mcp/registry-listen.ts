// A registry server hears of publishes on the registry's channel (LISTEN/NOTIFY): each one names the
// namespace made current. The listening connection is its own; when it is lost (PostgreSQL restarted),
// it is made again, waiting longer each time up to 10 s, and then every namespace is checked, since
// publishes may have been missed meanwhile. Announcements are handled one at a time, in order.

import type pg from 'pg';
import type { Registry } from '../registry/reader.js';

/** The channel publishes are announced on (as search/pg-flip.ts sends them). */
const CHANNEL = 'skillset_index';

/** The longest wait between attempts to listen again. */
const MAX_RETRY_MS = 10_000;

/** Call `onPublish(space)` for each namespace made current (undefined: any may have been); `close` stops. */
export async function listenForPublishes(
  registry: Registry,
  onPublish: (space: string | undefined) => Promise<void>,
): Promise<{ close(): Promise<void> }> {
  let closed = false;
  let client: pg.PoolClient | undefined;
  let queue: Promise<void> = Promise.resolve();
  let retry: NodeJS.Timeout | undefined;
  const tell = (space: string | undefined): void => {
    queue = queue.then(() => onPublish(space)).catch(() => undefined);
  };
  const listen = async (wait: number): Promise<void> => {
    if (closed) return;
    try {
      const c = await registry.pool.connect();
      c.on('notification', (n) => {
        const [schema, space] = (n.payload ?? '').split(':');
        if (n.channel === CHANNEL && schema === registry.schema && space) tell(space);
      });
      c.on('error', () => {
        c.release(true);
        if (client === c) client = undefined;
        tell(undefined);
        again(1_000);
      });
      await c.query(`LISTEN ${CHANNEL}`);
      client = c;
    } catch {
      again(Math.min(wait * 2, MAX_RETRY_MS));
    }
  };
  const again = (wait: number): void => {
    if (closed) return;
    retry = setTimeout(() => void listen(wait), wait);
    retry.unref();
  };
  await listen(1_000);
  return {
    async close() {
      closed = true;
      clearTimeout(retry);
      client?.release(true);
      await queue;
    },
  };
}
