// Reusable zeroed typed arrays owned by one simulator instance: large per-run tables (per-step deltas,
// transfer amounts, output columns) come from here so repeated runs do not feed the garbage collector.
// A run calls reset() first; every view handed out stays valid until the next reset of the same arena.

/** Smallest buffer kept, so tiny profiles do not reallocate when a slightly larger one follows. */
const MIN_LENGTH = 1024;

export class ScratchArena {
  private readonly float64Pool: Float64Array[] = [];
  private float64Used = 0;
  private readonly uint8Pool: Uint8Array[] = [];
  private uint8Used = 0;
  private occurrenceSteps = new Int32Array(0);
  private occurrenceDays = new Int32Array(0);

  /** Starts a run: every buffer handed out before may be handed out again. */
  reset(): void {
    this.float64Used = 0;
    this.uint8Used = 0;
  }

  /** A zeroed Float64Array of length n, distinct from every other one handed out since reset(). */
  float64(n: number): Float64Array {
    let buffer = this.float64Pool[this.float64Used];
    if (!buffer || buffer.length < n) {
      buffer = new Float64Array(Math.max(n, MIN_LENGTH));
      this.float64Pool[this.float64Used] = buffer;
    }
    this.float64Used++;
    const view = buffer.subarray(0, n);
    view.fill(0);
    return view;
  }

  /** A zeroed Uint8Array of length n, distinct from every other one handed out since reset(). */
  uint8(n: number): Uint8Array {
    let buffer = this.uint8Pool[this.uint8Used];
    if (!buffer || buffer.length < n) {
      buffer = new Uint8Array(Math.max(n, MIN_LENGTH));
      this.uint8Pool[this.uint8Used] = buffer;
    }
    this.uint8Used++;
    const view = buffer.subarray(0, n);
    view.fill(0);
    return view;
  }

  /** The (steps, days) buffers schedule expansion writes into (occurrences.ts), at least n long; not zeroed. */
  occurrenceBuffers(n: number): { steps: Int32Array; days: Int32Array } {
    if (this.occurrenceSteps.length < n) {
      this.occurrenceSteps = new Int32Array(n);
      this.occurrenceDays = new Int32Array(n);
    }
    return { steps: this.occurrenceSteps, days: this.occurrenceDays };
  }
}
