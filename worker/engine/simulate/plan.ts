// The compiled plan's account kinds and the account types of each (the plan's shape, Plan, is in types.ts).
import type { AccountType } from '../model/common';

/** How an account earns or costs money each month (docs/forecast-model.md section 5). */
export const KIND_CASH = 0; // checking/savings asset: interest r/12 on a positive balance, in cash_flow
export const KIND_GROWTH = 1; // property/investment/super asset: (1+r)^(1/12) on a positive value, in capital_growth
export const KIND_LENT = 2; // an asset of a debt type (money lent): interest r/12 in cash_flow
export const KIND_DEBT = 3; // a liability: interest r/12 on what is owed, an expense

export const DEBT_TYPES: ReadonlySet<AccountType> = new Set(['mortgage', 'loan', 'credit_card']);
export const GROWTH_TYPES: ReadonlySet<AccountType> = new Set(['property', 'investment', 'superannuation']);
export const CASH_TYPES: ReadonlySet<AccountType> = new Set(['checking', 'savings']);
