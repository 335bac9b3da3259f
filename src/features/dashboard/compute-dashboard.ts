// Runs the engine's dashboardDataInSlices without blocking the page: a yield to the browser between slices of
// the recurring items (10,000 items on a cold JIT would otherwise be one 100+ ms task). The figures are exactly
// the engine's dashboardData(); this file only schedules.
import { dashboardDataInSlices, type DashboardData } from '../../../worker/engine/index';
import type { Ledger } from '../../data/repositories/summaries';

/** Items per slice: small enough that one slice stays well under the 100 ms long-task budget. */
export const SLICE_SIZE = 500;

const yieldToBrowser = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export class DashboardCancelled extends Error {
  constructor() {
    super('Dashboard computation superseded');
    this.name = 'DashboardCancelled';
  }
}

/**
 * The figures already computed for a ledger snapshot (the kept read's, shared while it is current) and day:
 * coming back to the dashboard shows them at once instead of computing them again.
 */
const computedFor = new WeakMap<Ledger, { today: string; data: DashboardData }>();

export function computedDashboard(ledger: Ledger, today: string): DashboardData | null {
  const hit = computedFor.get(ledger);
  return hit && hit.today === today ? hit.data : null;
}

/** dashboardData(ledger, today), computed in slices; `cancelled()` stops early when newer data has arrived. */
export async function computeDashboard(
  ledger: Ledger,
  today: string,
  cancelled: () => boolean = () => false,
): Promise<DashboardData> {
  const known = computedDashboard(ledger, today);
  if (known) return known;
  const steps = dashboardDataInSlices(ledger, today, SLICE_SIZE);
  for (;;) {
    const step = steps.next();
    if (step.done) {
      computedFor.set(ledger, { today, data: step.value });
      return step.value;
    }
    await yieldToBrowser();
    if (cancelled()) throw new DashboardCancelled();
  }
}
