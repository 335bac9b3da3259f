// Dashboard data pieces (product-spec section 3): net worth, cash flow and spending by category.
import { z } from 'zod';

const money = z.number().refine((n) => Number.isFinite(n), 'must be a finite number');

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
  /** 0..100. */
  percentage: money,
});
export type CategoryAmount = z.infer<typeof CategoryAmountSchema>;

export const SpendingByCategorySchema = z.object({ categories: z.array(CategoryAmountSchema) });
export type SpendingByCategory = z.infer<typeof SpendingByCategorySchema>;

export const DashboardDataSchema = z.object({
  net_worth: NetWorthDataSchema,
  cash_flow: CashFlowDataSchema,
  spending_by_category: SpendingByCategorySchema,
});
export type DashboardData = z.infer<typeof DashboardDataSchema>;
