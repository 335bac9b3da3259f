// Reusable zeroed typed arrays owned by one simulator instance: large per-run tables (per-step deltas,
// transfer amounts, output columns) come from here so repeated runs do not feed the garbage collector.
// A run calls reset() first; every view handed out stays valid until the next reset of the same arena.

/** Smallest buffer kept, so tiny profiles do not reallocate when a slightly larger one follows. */
const MIN_LENGTH = 1024;

/** Zeroed views of one element type, handed out in order from buffers kept across runs. */
class ZeroedPool<T extends Float64Array | Uint8Array> {
  private readonly buffers: T[] = [];
  private used = 0;

  constructor(private readonly allocate: (length: number) => T) {}

  reset(): void {
    this.used = 0;
  }

  take(n: number): T {
    const kept = this.buffers[this.used];
    let view: T;
    if (kept && kept.length >= n) {
      view = kept.subarray(0, n) as T;
      view.fill(0);
    } else {
      // A new buffer is already zeroed.
      const buffer = this.allocate(Math.max(n, MIN_LENGTH));
      this.buffers[this.used] = buffer;
      view = buffer.subarray(0, n) as T;
    }
    this.used++;
    return view;
  }
}

export class ScratchArena {
  private readonly float64Pool = new ZeroedPool((n) => new Float64Array(n));
  private readonly uint8Pool = new ZeroedPool((n) => new Uint8Array(n));
  private occurrenceSteps = new Int32Array(0);
  private occurrenceDays = new Int32Array(0);

  /** Starts a run: every buffer handed out before may be handed out again. */
  reset(): void {
    this.float64Pool.reset();
    this.uint8Pool.reset();
  }

  /** A zeroed Float64Array of length n, distinct from every other one handed out since reset(). */
  float64(n: number): Float64Array {
    return this.float64Pool.take(n);
  }

  /** A zeroed Uint8Array of length n, distinct from every other one handed out since reset(). */
  uint8(n: number): Uint8Array {
    return this.uint8Pool.take(n);
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
