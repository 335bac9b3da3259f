// Seeded per-trial random streams (docs/uncertainty.md "Seeding"): trial k draws from xoroshiro128+ seeded with
// the run's seed and jumped k times (2^64 draws apart), so its numbers depend only on (seed, k), whatever the split.
import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import type { JumpableRandomGenerator } from 'pure-rand/types/JumpableRandomGenerator';

/** Hands out trial generators in order from any starting trial; moving forward reuses the jumps made so far. */
export class TrialStreams {
  private readonly seed: number;
  private cursor: JumpableRandomGenerator;
  /** The trial whose generator next() returns. */
  private position = 0;

  constructor(seed: number, firstTrial = 0) {
    this.seed = seed >>> 0;
    this.cursor = xoroshiro128plus(this.seed);
    this.seek(firstTrial);
  }

  /** Positions the streams at trial k (forward from the current trial, else from the start). */
  seek(k: number): void {
    if (k < this.position) {
      this.cursor = xoroshiro128plus(this.seed);
      this.position = 0;
    }
    for (; this.position < k; this.position++) this.cursor.jump();
  }

  /** The next trial's generator (its own copy: the streams are 2^64 draws apart). */
  next(): JumpableRandomGenerator {
    const rng = this.cursor.clone();
    this.cursor.jump();
    this.position++;
    return rng;
  }
}

/**
 * Fills `out` with independent standard normals (Box-Muller on pure-rand's 53-bit uniforms, both outputs of each
 * pair used, in order).
 */
export function fillStandardNormals(rng: JumpableRandomGenerator, out: Float64Array): void {
  const n = out.length;
  for (let i = 0; i < n; i += 2) {
    const u1 = 1 - uniformFloat64(rng); // (0, 1]: the logarithm stays finite
    const u2 = uniformFloat64(rng);
    const r = Math.sqrt(-2 * Math.log(u1));
    const angle = 2 * Math.PI * u2;
    out[i] = r * Math.cos(angle);
    if (i + 1 < n) out[i + 1] = r * Math.sin(angle);
  }
}
