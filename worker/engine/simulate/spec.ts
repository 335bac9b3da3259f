// The simulator's horizon rule, shared by the compile step and the base items' cache (flows.ts).

/** Horizon in whole years, clamped as the simulator runs it (1..50). */
export function horizonYears(years: number): number {
  return Math.max(1, Math.min(50, Math.round(years)));
}
