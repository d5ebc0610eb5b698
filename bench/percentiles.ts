export type Percentiles = { p50: number; p95: number; p99: number; max: number; mean: number };

/** Nearest-rank percentiles of values in ms, to a tenth. */
export function percentiles(values: ArrayLike<number>): Percentiles {
  const sorted = Float64Array.from(values).sort();
  const at = (p: number) =>
    sorted.length ? sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN;
  const round = (n: number) => Math.round(n * 10) / 10;
  let sum = 0;
  for (const v of sorted) sum += v;
  return {
    p50: round(at(50)),
    p95: round(at(95)),
    p99: round(at(99)),
    max: round(sorted.at(-1) ?? NaN),
    mean: round(sum / Math.max(1, sorted.length)),
  };
}

/** "p50 … p95 … p99 … max … (mean …) ms", as every bench's table prints them. */
export const percentilesLine = (p: Percentiles) =>
  `p50 ${p.p50}  p95 ${p.p95}  p99 ${p.p99}  max ${p.max}  (mean ${p.mean}) ms`;
