// The machine's load average as the benchmarks print it beside their figures (the machine is shared, so a figure
// means little without it): the 1, 5 and 15 minute averages, one decimal each.
import { loadavg } from 'node:os';

export function loadAverage(): string {
  return loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
}
