import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { RefreshQueue } from './watch-queue.js';

/** A hang guard, not a speed assertion: a queue that never goes idle fails instead of stalling. */
const GUARD = { timeout: 10_000 };

describe('the refresh queue', () => {
  it('takes a delayed re-read in as a batch, then is idle', GUARD, async () => {
    const taken: string[][] = [];
    const queue = new RefreshQueue(5, async (files) => {
      taken.push(files);
      return [];
    });
    queue.addLater('/lib/new', 5);
    await queue.idle();
    assert.deepEqual(taken, [['/lib/new']]);
    queue.stop();
  });

  it(
    'is idle once it gives way to polling, a delayed re-read pending or asked for after',
    GUARD,
    async () => {
      const taken: string[][] = [];
      const queue = new RefreshQueue(5, async (files) => {
        taken.push(files);
        return [];
      });
      queue.add('/lib/a');
      queue.addLater('/lib/new', 20);
      queue.halt();
      queue.addLater('/lib/later', 5);
      await queue.idle();
      // Polling reads every root again: nothing pending is taken in as a batch.
      assert.deepEqual(taken, []);
      queue.stop();
    },
  );
});
