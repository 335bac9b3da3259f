// Dashboard data pieces (docs/product.md section 3): net worth, cash flow, spending and income by category, and
// the Recurring Items summary. Figures are dollars rounded to cents (docs/money.md).
import { z } from 'zod';
import { FiniteNumberSchema } from './common';

const money = FiniteNumberSchema;

export const NetWorthDataSchema = z.object({
  net_worth: money,
  total_assets: money,
  /** The amount owed, positive. */
  total_liabilities: money,
});
export type NetWorthData = z.infer<typeof NetWorthDataSchema>;

export const CashFlowDataSchema = z.object({
  total_income: money,
  /** Positive: the amount spent. */
  total_expenses: money,
  net_cash_flow: money,
});
export type CashFlowData = z.infer<typeof CashFlowDataSchema>;

export const CategoryAmountSchema = z.object({
  category_id: z.string(),
  category_name: z.string(),
  amount: money,
  /** Percent of the period's total, 0..100, to 2 decimals. */
  percentage: money,
});
export type CategoryAmount = z.infer<typeof CategoryAmountSchema>;

/** Amounts by category, largest first. */
export const CategoryAmountsSchema = z.object({ categories: z.array(CategoryAmountSchema) });

export const SpendingByCategorySchema = CategoryAmountsSchema;
export type SpendingByCategory = z.infer<typeof SpendingByCategorySchema>;

export const IncomeByCategorySchema = CategoryAmountsSchema;
export type IncomeByCategory = z.infer<typeof IncomeByCategorySchema>;

/** The Recurring Items page summary: normalised monthly equivalents (docs/forecast-model.md section 2). */
export const RecurringSummarySchema = z.object({
  monthly_income: money,
  /** Positive: the amount spent. */
  monthly_expenses: money,
  net_cash_flow: money,
});
export type RecurringSummary = z.infer<typeof RecurringSummarySchema>;

export const DashboardDataSchema = z.object({
  net_worth: NetWorthDataSchema,
  cash_flow: CashFlowDataSchema,
  spending_by_category: SpendingByCategorySchema,
});
export type DashboardData = z.infer<typeof DashboardDataSchema>;
