// Domain model schemas: real dates, months, finite amounts, modification shapes, backup file and JSON paths.
import { describe, expect, it } from 'vitest';
import {
  AccountSchema,
  BackupFileSchema,
  IsoDateSchema,
  IsoMonthSchema,
  ModificationSchema,
  RecurringItemSchema,
  fieldErrors,
  jsonPath,
  resolveAssumptions,
  DEFAULT_ASSUMPTIONS,
  AssumptionsSchema,
} from '../../worker/engine/index';

const account = { id: 'a1', name: 'Everyday', account_type: 'checking', current_balance: 10, is_asset: true };

describe('model schemas', () => {
  it('dates must be real YYYY-MM-DD dates and months YYYY-MM', () => {
    expect(IsoDateSchema.safeParse('2028-02-29').success).toBe(true);
    expect(IsoDateSchema.safeParse('2027-02-29').success).toBe(false);
    expect(IsoDateSchema.safeParse('2027-13-01').success).toBe(false);
    expect(IsoDateSchema.safeParse('2027-1-01').success).toBe(false);
    expect(IsoMonthSchema.safeParse('2027-12').success).toBe(true);
    expect(IsoMonthSchema.safeParse('2027-00').success).toBe(false);
  });
  it('amounts must be finite numbers', () => {
    expect(AccountSchema.safeParse(account).success).toBe(true);
    expect(AccountSchema.safeParse({ ...account, current_balance: Infinity }).success).toBe(false);
    expect(AccountSchema.safeParse({ ...account, current_balance: NaN }).success).toBe(false);
    expect(AccountSchema.safeParse({ ...account, current_balance: '10' }).success).toBe(false);
    expect(AccountSchema.safeParse({ ...account, annual_rate: null, updated_at: '2026-01-01T00:00:00Z' }).success).toBe(
      true,
    );
    expect(AccountSchema.safeParse({ ...account, annual_rate: -100 }).success).toBe(false);
  });
  it('recurring items carry a frequency and a nullable end date', () => {
    const item = {
      id: 'r',
      name: 'Rent',
      amount: -500,
      frequency: 'weekly',
      start_date: '2027-01-01',
      end_date: null,
      account_id: 'a1',
      category_id: 'c',
      is_active: true,
    };
    expect(RecurringItemSchema.safeParse(item).success).toBe(true);
    expect(RecurringItemSchema.safeParse({ ...item, frequency: 'daily' }).success).toBe(false);
  });
  it('modification data is chosen by modification_type', () => {
    expect(
      ModificationSchema.safeParse({
        id: 'm',
        modification_type: 'modify_account',
        target_id: 'a1',
        modification_data: { balance: 5 },
      }).success,
    ).toBe(true);
    expect(
      ModificationSchema.safeParse({
        id: 'm',
        modification_type: 'modify_account',
        target_id: 'a1',
        modification_data: { amount: 5 },
      }).success,
    ).toBe(false);
    expect(
      ModificationSchema.safeParse({
        id: 'm',
        modification_type: 'add_one_time',
        target_id: null,
        modification_data: {
          date: '2027-03-01',
          amount: -100,
          description: 'Fridge',
          account_id: 'a1',
          category_id: 'c',
        },
      }).success,
    ).toBe(true);
    expect(ModificationSchema.safeParse({ id: 'm', modification_type: 'rename', modification_data: {} }).success).toBe(
      false,
    );
  });
  it('names the JSON path of a bad field', () => {
    const file = {
      version: 1,
      categories: [],
      accounts: [account, account, account, { ...account, current_balance: 'x' }],
      recurring_items: [],
      scenarios: [],
    };
    const r = BackupFileSchema.safeParse(file);
    expect(r.success).toBe(false);
    if (!r.success) expect(fieldErrors(r.error)[0].path).toBe('$.accounts[3].current_balance');
    const missing = BackupFileSchema.safeParse({
      version: 1,
      categories: [],
      accounts: [{ ...account, name: undefined }],
      recurring_items: [],
      scenarios: [],
    });
    if (!missing.success)
      expect(fieldErrors(missing.error)[0]).toEqual({ path: '$.accounts[0].name', message: 'is required (string)' });
    expect(jsonPath(['scenarios', 0, 'template_parameters', 'odd key'])).toBe(
      '$.scenarios[0].template_parameters["odd key"]',
    );
  });
  it('backup version must be 1', () => {
    const r = BackupFileSchema.safeParse({
      version: 2,
      categories: [],
      accounts: [],
      recurring_items: [],
      scenarios: [],
    });
    expect(r.success).toBe(false);
    if (!r.success) expect(fieldErrors(r.error)[0].path).toBe('$.version');
  });
  it('assumptions merge a partial override over the defaults', () => {
    const a = resolveAssumptions({ inflation_rate: 3, account_type_rates: { savings: 5 } });
    expect(a.inflation_rate).toBe(3);
    expect(a.account_type_rates.savings).toBe(5);
    expect(a.account_type_rates.property).toBe(DEFAULT_ASSUMPTIONS.account_type_rates.property);
    expect(AssumptionsSchema.safeParse(DEFAULT_ASSUMPTIONS).success).toBe(true);
  });
});
