// The simulator: primitives in, monthly snapshots out (docs/forecast-model.md sections 2-5). A run compiles the
// spec into flat per-step tables (compile.ts), runs the month loop over them (month-loop.ts) and turns the
// columns it wrote into snapshots (snapshots.ts). It knows only primitives; composition of base, events and
// modifications lives in forecast.ts.
import { compilePlan } from './compile';
import { runMonths } from './month-loop';
import { ScratchArena } from './scratch';
import { allocateColumns, toSnapshots, type Columns } from './snapshots';
import type { AccountRow } from './accounts';
import type { Plan, SimulationResult, SimulationSpec, Simulator } from './types';

/** A spec compiled for running: the plan's flat tables, its account rows and the columns a run writes. */
export type CompiledSpec = {
  plan: Plan;
  accountRows: ReadonlyArray<AccountRow>;
  columns: Columns;
  warnings: string[];
};

/** The compile step: the spec as flat per-step tables and output columns, in `arena`'s buffers. */
export function compileSpec(spec: SimulationSpec, arena: ScratchArena): CompiledSpec {
  const { plan, warnings, accountRows } = compilePlan(spec, arena);
  return { plan, accountRows, warnings, columns: allocateColumns(plan.months + 1, arena) };
}

/** The run step: the month loop over a compiled spec from its plan's current balances, writing its columns. */
export function runCompiled(compiled: Pick<CompiledSpec, 'plan' | 'columns'>, scratch: ScratchArena) {
  return runMonths(compiled.plan, compiled.columns, scratch);
}

/**
 * One simulator (the shape is in types.ts): the spec's compile and run steps on buffers it owns and reuses.
 */
export function createSimulator(): Simulator {
  const scratch = new ScratchArena();
  let running = false;
  const run = (spec: SimulationSpec): SimulationResult => {
    // A spec's callback (entity_id) that starts another run on this instance finds the buffers in use.
    if (running) return createSimulator().run(spec);
    running = true;
    try {
      scratch.reset();
      const compiled = compileSpec(spec, scratch);
      const { plan, columns, warnings } = compiled;
      const settlement = runCompiled(compiled, scratch);
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
