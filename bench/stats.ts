// Summary statistics for timing samples: median and 90th percentile.

/** A variant's timings in ms: median, 90th percentile and the raw samples. */
export interface Summary {
  median: number;
  p90: number;
  samples: number[];
}

/** The q-quantile (0…1) of `values`, linearly interpolated between the closest ranks. */
export function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const pos = (sorted.length - 1) * q;
  const lo = sorted[Math.floor(pos)] as number;
  const hi = sorted[Math.ceil(pos)] as number;
  return lo + (hi - lo) * (pos - Math.floor(pos));
}

/** Summarise one variant's samples. */
export function summarize(samples: readonly number[]): Summary {
  return { median: quantile(samples, 0.5), p90: quantile(samples, 0.9), samples: [...samples] };
}
