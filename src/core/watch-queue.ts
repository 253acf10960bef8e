// The batches of a watch: paths pending, the timer that gathers them into one batch, and the one
// refresh running at a time. A path that arrives during a refresh starts another after it, so no
// update is lost; `idle` resolves once nothing is pending, timed or running.

/** Takes a batch of paths (sorted) in; returns the paths to take in again, a batch later. */
export type TakeBatch = (files: string[]) => Promise<string[]>;

/** A watch's queue of paths to take in, in batches, one batch at a time. */
export class RefreshQueue {
  private readonly pending = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  /** Paths to add once their files should be stable (see `addLater`). */
  private readonly later = new Set<NodeJS.Timeout>();
  private running: Promise<void> | undefined;
  private idleWaiters: Array<() => void> = [];
  /** Once the watch is closed or polls, no batch is scheduled. */
  private stopped = false;

  /** `take` handles each batch; paths within `batchMs` of each other are one batch. */
  constructor(
    private readonly batchMs: number,
    private readonly take: TakeBatch,
  ) {}

  /** Queue a path; the batch is taken in `batchMs` after the last one queued. */
  add(p: string): void {
    this.pending.add(p);
    this.schedule();
  }

  /** Queue a path after `ms` (a new folder, read again once its files are stable). */
  addLater(p: string, ms: number): void {
    if (this.stopped) return;
    const t = setTimeout(() => {
      this.later.delete(t);
      this.pending.add(p);
      this.schedule();
      this.settle();
    }, ms);
    this.later.add(t);
  }

  /** Run `task` after the refresh running now, as the one running (a poll). */
  chain(task: () => Promise<void>): void {
    const before = this.running;
    this.running = (async () => {
      await before;
      await task();
    })().finally(() => {
      this.running = undefined;
      this.settle();
    });
  }

  /** Resolves when no batch is pending or running. */
  idle(): Promise<void> {
    return new Promise<void>((resolve) => {
      this.idleWaiters.push(resolve);
      this.settle();
    });
  }

  /**
   * Stop batching for polling: drop what is pending, the batch timer and the delayed re-reads (a
   * poll reads every root again anyway; a re-read landing after would wait for a batch that never
   * comes, and `idle` would never resolve).
   */
  halt(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    for (const t of this.later) clearTimeout(t);
    this.later.clear();
    this.pending.clear();
    this.settle();
  }

  /** Stop for good: clear every timer (what runs now runs on; see `drained`). */
  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    for (const t of this.later) clearTimeout(t);
    this.later.clear();
    this.timer = undefined;
  }

  /** Resolves once the refresh running now, if any, is done. */
  async drained(): Promise<void> {
    await this.running;
  }

  /** Tell the idle waiters, if nothing is pending, timed or running. */
  private settle(): void {
    if (this.timer || this.running || this.pending.size > 0 || this.later.size > 0) return;
    for (const w of this.idleWaiters) w();
    this.idleWaiters = [];
  }

  /** (Re)start the batch timer. */
  private schedule(): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.flush(), this.batchMs);
  }

  /** The batch timer fired: take the pending paths in, unless a refresh is running. */
  private flush(): void {
    this.timer = undefined;
    if (this.running) return; // the running refresh picks the pending files up when it is done
    this.running = this.run().finally(() => {
      this.running = undefined;
      if (this.pending.size > 0) this.schedule();
      else this.settle();
    });
  }

  /** Take batches in until none is pending. */
  private async run(): Promise<void> {
    while (this.pending.size > 0) {
      const files = [...this.pending].sort();
      this.pending.clear();
      const again = await this.take(files);
      // A folder newly watched may change before its watch begins: one more read, a batch later.
      if (again.length > 0) {
        for (const d of again) this.pending.add(d);
        await new Promise((resolve) => setTimeout(resolve, this.batchMs));
      }
    }
  }
}
