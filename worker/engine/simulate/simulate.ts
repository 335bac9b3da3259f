// The simulator: primitives in, monthly snapshots out (docs/forecast-model.md sections 2-5). A run compiles the
// spec into flat per-step tables (compile.ts), runs the month loop over them (month-loop.ts) and turns the
// columns it wrote into snapshots (snapshots.ts). It knows only primitives; composition of base, events and
// modifications lives in forecast.ts.
import { compilePlan } from './compile';
import { runMonths } from './month-loop';
import { ScratchArena } from './scratch';
import { allocateColumns, toSnapshots } from './snapshots';
import type { SimulationResult, SimulationSpec } from './spec';

export { buildBaseFlowCache, type BaseFlowCache } from './flows';
export { pmt } from './loans';
export type { PrimitiveGroup, SimAccountInput, SimulationResult, SimulationSpec } from './spec';

/**
 * One simulator: owns the scratch buffers its runs reuse (so repeated runs do not feed the garbage
 * collector). Runs are synchronous and return plain objects that never point into the buffers, so any
 * number of instances can run side by side or interleaved in one worker, and one instance can run any
 * sequence of specs.
 */
export type Simulator = { run: (spec: SimulationSpec) => SimulationResult };

export function createSimulator(): Simulator {
  const scratch = new ScratchArena();
  let running = false;
  const run = (spec: SimulationSpec): SimulationResult => {
    // A spec's callback (entity_id) that starts another run on this instance finds the buffers in use.
    if (running) return createSimulator().run(spec);
    running = true;
    try {
      scratch.reset();
      const { plan, warnings } = compilePlan(spec, scratch);
      const columns = allocateColumns(plan.months + 1, scratch);
      const settlement = runMonths(plan, columns, scratch);
      const result: SimulationResult = {
        snapshots: toSnapshots(columns, plan.stepDates, plan.loans.offsetRows.length > 0),
        warnings,
      };
      if (settlement.count > 0) result.tax_years = settlement.figures();
      return result;
    } finally {
      running = false;
    }
  };
  return { run };
}

/** One simulation; pass a simulator to reuse its buffers across calls (a fresh one otherwise). */
export function simulate(spec: SimulationSpec, simulator: Simulator = createSimulator()): SimulationResult {
  return simulator.run(spec);
}
