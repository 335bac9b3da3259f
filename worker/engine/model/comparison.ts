// Forecast snapshots and the comparison result, both as numbers (engine, app) and as the API carries
// them (decimal strings with 2 decimals, POST /scenarios/compare).
import { z } from 'zod';
import { DecimalStringSchema, FiniteNumberSchema, IsoDateSchema } from './common';

const money = FiniteNumberSchema;

/** Snapshot k: state at the end of month k (snapshot 0: at as_of). Flow figures are for the month ending at `date`. */
export const SnapshotSchema = z.object({
  date: IsoDateSchema,
  net_worth: money,
  cash_flow: money,
  capital_growth: money,
  total_assets: money,
  /** The amount owed, positive. */
  total_liabilities: money,
  /** Checking plus savings. */
  liquid_cash: money,
  income: money,
  /** Positive: the amount spent (tax included). */
  expenses: money,
  /** Personal income tax charged in the month (negative: a refund). Included in expenses. */
  tax: money,
  /** Interest offset accounts saved on their loans in the month (present only when a loan has an offset). */
  offset_saving: money.optional(),
});
export type Snapshot = z.infer<typeof SnapshotSchema>;

export const SNAPSHOT_FIGURES = [
  'net_worth',
  'cash_flow',
  'capital_growth',
  'total_assets',
  'total_liabilities',
  'liquid_cash',
  'income',
  'expenses',
  'tax',
] as const satisfies ReadonlyArray<keyof Snapshot>;

export const ScenarioSummarySchema = z.object({
  current_net_worth: money,
  projected_net_worth: money,
  total_change: money,
  from_cash_flow: money,
  from_growth: money,
});
export type ScenarioSummary = z.infer<typeof ScenarioSummarySchema>;

export const ApiSnapshotSchema = z.object({
  date: IsoDateSchema,
  net_worth: DecimalStringSchema,
  cash_flow: DecimalStringSchema,
  capital_growth: DecimalStringSchema,
  total_assets: DecimalStringSchema.optional(),
  total_liabilities: DecimalStringSchema.optional(),
  liquid_cash: DecimalStringSchema.optional(),
  income: DecimalStringSchema.optional(),
  expenses: DecimalStringSchema.optional(),
  tax: DecimalStringSchema.optional(),
  offset_saving: DecimalStringSchema.optional(),
});
export type ApiSnapshot = z.infer<typeof ApiSnapshotSchema>;

/** POST /scenarios/compare response: keyed by scenario id. */
export const ComparisonResultSchema = z.record(
  z.string(),
  z.object({ name: z.string(), snapshots: z.array(ApiSnapshotSchema) }),
);
export type ComparisonResult = z.infer<typeof ComparisonResultSchema>;
