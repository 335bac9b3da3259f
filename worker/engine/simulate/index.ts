// The simulator's one entry: everything outside simulate/ (compare, explain, Monte Carlo, the engine's own entry)
// imports the simulator from here, never its internal modules (ESLint enforces it). Three steps, each usable alone:
// spec (forecast.ts: a scenario of a prepared profile composed into a SimulationSpec), compile (a spec into flat
// per-step tables and output columns) and run (the month loop over them); createSimulator runs compile and run
// on reused buffers, forecastPrepared runs all three. The shared shapes are in types.ts.
export type {
  AccountTable,
  BaseFlowCache,
  EventCompiler,
  LoanTable,
  Plan,
  PrimitiveGroup,
  ScenarioForecast,
  ScenarioSummaryFigures,
  SimAccountInput,
  SimulationResult,
  SimulationSpec,
  Simulator,
  TaxPlan,
  TaxYearFigures,
  TransferTable,
} from './types';
export {
  BASE_SCENARIO_ID,
  MAX_YEARS,
  ForecastOptionsSchema,
  forecastPrepared,
  forecastScenario,
  prepareProfile,
  scenarioIdsOf,
  scenarioSpec,
  summarise,
  type ForecastOptions,
  type PreparedProfile,
  type ScenarioSpec,
} from './forecast';
export { compileSpec, createSimulator, runCompiled, simulate, type CompiledSpec } from './simulate';
export { defaultEventCompiler } from './default-compiler';
export { KIND_CASH, KIND_DEBT, KIND_GROWTH, KIND_LENT } from './plan';
export { ScratchArena } from './scratch';
export { SHARED_TOTALS_WIDTH, sharedAccountPass } from './month-loop';
export { readsSuperTotal } from './retirement';
export { type Columns } from './snapshots';
export { pmt } from './loans';
export { TaxSettlement } from './tax-settlement';
export {
  createTraceLog,
  type TraceBucket,
  type TraceContext,
  type TraceEntry,
  type TraceKind,
  type TraceRecorder,
} from './trace';
