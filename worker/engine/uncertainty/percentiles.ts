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

/**
 * Rearranges a[left..right] (Hoare partitioning, median-of-three pivot) so that a[k] holds the value a full sort
 * would put there, with nothing greater before it and nothing smaller after it.
 */
function select(a: Float64Array, left: number, right: number, k: number): void {
  while (right > left) {
    const x = a[left];
    const y = a[(left + right) >>> 1];
    const z = a[right];
    const pivot = x < y ? (y < z ? y : x < z ? z : x) : x < z ? x : y < z ? z : y;
    let i = left;
    let j = right;
    while (i <= j) {
      while (a[i] < pivot) i++;
      while (a[j] > pivot) j--;
      if (i <= j) {
        const t = a[i];
        a[i] = a[j];
        a[j] = t;
        i++;
        j--;
      }
    }
    if (k <= j) right = j;
    else if (k >= i) left = i;
    else return; // between the two parts: equal to the pivot
  }
}

/**
 * The type-7 quantiles `ps` (ascending, 0..1) of `values`, reordering `values` in place: the same figures as
 * quantileSorted on a sorted copy, found by selection (linear time per quantile) instead of a full sort.
 */
export function quantilesInPlace(values: Float64Array, ps: ReadonlyArray<number>): number[] {
  const n = values.length;
  if (n === 0) return ps.map(() => NaN);
  const out: number[] = [];
  let from = 0;
  for (const p of ps) {
    const h = (n - 1) * Math.min(1, Math.max(0, p));
    const lo = Math.floor(h);
    select(values, from, n - 1, lo);
    const low = values[lo];
    let high = low;
    if (h > lo) {
      // The next order statistic is the smallest value after lo (everything there is at least values[lo]).
      high = Infinity;
      for (let i = lo + 1; i < n; i++) if (values[i] < high) high = values[i];
    }
    out.push(low + (h - lo) * (high - low));
    from = lo;
  }
  return out;
}
