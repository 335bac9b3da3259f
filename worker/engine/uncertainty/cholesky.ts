// Cholesky factor of a correlation matrix (docs/uncertainty.md "Correlation"): L with L Lᵀ = C, so L z turns
// independent standard normals z into normals with correlations C. Rejects matrices that are not positive definite.

/** Thrown when a matrix is not a valid correlation matrix (not symmetric, diagonal not 1, or not positive definite). */
export class NotPositiveDefiniteError extends Error {}

/**
 * The lower-triangular factor of the n x n symmetric matrix `c` (row-major), row-major too. Throws
 * NotPositiveDefiniteError when `c` is not positive definite (a pivot at or below 1e-10: perfectly correlated
 * factors, or correlations that cannot all hold at once).
 */
export function cholesky(c: ArrayLike<number>, n: number): Float64Array {
  if (c.length !== n * n) throw new RangeError(`cholesky: expected ${n * n} entries, got ${c.length}`);
  const l = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j <= i; j++) {
      if (Math.abs(c[i * n + j] - c[j * n + i]) > 1e-12)
        throw new NotPositiveDefiniteError('the matrix is not symmetric');
      let sum = c[i * n + j];
      for (let k = 0; k < j; k++) sum -= l[i * n + k] * l[j * n + k];
      if (i === j) {
        if (!(sum > 1e-10)) throw new NotPositiveDefiniteError('the matrix is not positive definite');
        l[i * n + i] = Math.sqrt(sum);
      } else l[i * n + j] = sum / l[j * n + j];
    }
  }
  return l;
}
