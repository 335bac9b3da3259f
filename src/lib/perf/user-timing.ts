// Named phases of long work (a statement import's parse, plan, write) as User Timing measures: DevTools' trace
// shows them on the timeline, and the benchmarks read them (performance.getEntriesByName) to say where time goes.

/** Runs `work` and records its duration as the measure `name` (also when it fails). */
export async function measured<T>(name: string, work: () => Promise<T>): Promise<T> {
  const start = performance.now();
  try {
    return await work();
  } finally {
    try {
      performance.measure(name, { start, end: performance.now() });
    } catch {
      // A runtime without User Timing Level 3: the measure is only a diagnostic.
    }
  }
}
