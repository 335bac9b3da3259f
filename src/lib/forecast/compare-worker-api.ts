// What the compare worker exposes, as plain functions (the in-process runner calls the same code): plain data in,
// plain data out, errors as data because Comlink would drop an error's field list.
import { EngineInputError, type FieldError } from '../../../worker/engine/index';
import { compareForScreen, type CompareRequest, type CompareView } from './compare-view';

export type CompareOutcome = { ok: true; view: CompareView } | { ok: false; message: string; errors: FieldError[] };

/** A tiny profile for warming the engine up: every code path a real comparison takes, on almost no data. */
const WARM_UP_PROFILE = {
  accounts: [
    { id: 'w-chk', name: 'Cash', account_type: 'checking', current_balance: 1000, is_asset: true },
    { id: 'w-home', name: 'Home', account_type: 'property', current_balance: 500000, is_asset: true },
    { id: 'w-loan', name: 'Loan', account_type: 'mortgage', current_balance: -300000, is_asset: false },
  ],
  recurring_items: [
    { id: 'w-pay', name: 'Pay', amount: 4000, frequency: 'fortnightly', start_date: '2020-01-03', end_date: null, account_id: 'w-chk', category_id: 'c', is_active: true },
    { id: 'w-rent', name: 'Costs', amount: -3000, frequency: 'monthly', start_date: '2020-01-01', end_date: null, account_id: 'w-chk', category_id: 'c', is_active: true },
  ],
  scenarios: [],
};

export const compareWorkerApi = {
  /**
   * Loads and exercises the engine so the user's first comparison runs warm: on the user's own data when given
   * (every scenario, a short period: it reaches every template they use), else on a tiny profile.
   */
  warmUp(asOf: string, backup?: unknown): boolean {
    try {
      compareForScreen({ backup: backup ?? WARM_UP_PROFILE, as_of: asOf, years: backup ? 2 : 30, scenario_ids: [] });
      return true;
    } catch {
      return false;
    }
  },

  compare(request: CompareRequest): CompareOutcome {
    try {
      return { ok: true, view: compareForScreen(request) };
    } catch (err) {
      if (err instanceof EngineInputError) return { ok: false, message: err.message, errors: err.errors };
      const message = err instanceof Error ? err.message : String(err);
      return { ok: false, message, errors: [{ path: '$', message }] };
    }
  },
};

export type CompareWorkerApi = typeof compareWorkerApi;
