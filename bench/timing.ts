// Round-robin timer: each round runs every variant once, rotating who goes first, so drift hits all alike.

import { performance } from 'node:perf_hooks';
import { type Summary, summarize } from './stats.js';

/** A measured action: sync or async (a returned promise is awaited inside the timed span). */
export interface Variant {
  name: string;
  run: () => unknown;
}

/** How many rounds to run; warm-up rounds are timed but discarded. */
export interface RoundOptions {
  warmup: number;
  rounds: number;
}

/** Time `variants` round-robin and summarise each one's kept samples, keyed by name. */
export async function timeRoundRobin(
  variants: readonly Variant[],
  o: RoundOptions,
): Promise<Record<string, Summary>> {
  const samples = new Map<string, number[]>(variants.map((v) => [v.name, []]));
  for (let round = 0; round < o.warmup + o.rounds; round++) {
    for (let i = 0; i < variants.length; i++) {
      const v = variants[(round + i) % variants.length] as Variant;
      const start = performance.now();
      const result = v.run();
      if (result instanceof Promise) await result;
      const ms = performance.now() - start;
      if (round >= o.warmup) samples.get(v.name)?.push(ms);
    }
  }
  return Object.fromEntries([...samples].map(([name, s]) => [name, summarize(s)]));
}
