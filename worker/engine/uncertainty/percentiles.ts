// Percentiles of merged trials (docs/uncertainty.md "Percentiles"): linear interpolation between order statistics
// (Hyndman and Fan type 7, the default of R, NumPy and spreadsheets' PERCENTILE.INC), used for every figure.

/** The p-quantile (0..1) of values already sorted ascending; NaN for none. */
export function quantileSorted(sorted: ArrayLike<number>, p: number): number {
  const n = sorted.length;
  if (n === 0) return NaN;
  const h = (n - 1) * Math.min(1, Math.max(0, p));
  const lo = Math.floor(h);
  const hi = Math.min(n - 1, lo + 1);
  return sorted[lo] + (h - lo) * (sorted[hi] - sorted[lo]);
}

/** The percentiles the screen and the CLI show. */
export const PERCENTILES = [0.1, 0.25, 0.5, 0.75, 0.9] as const;
