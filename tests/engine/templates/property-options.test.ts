// The property and mortgage templates' household options: state rules (duty, grants, concessions named and
// UNCONFIRMED figures flagged), who buys, the Home Guarantee's refusals, offset accounts and redraw.
import { describe, expect, it } from 'vitest';
import { getTemplate } from '../../../worker/engine/templates/catalogue';
import { compileEvent, validateTemplateParameters } from '../../../worker/engine/templates/compile';
import { withDefaults } from '../../../worker/engine/templates/parameters';
import type {
  Primitive,
  PrimitiveAccount,
  PrimitiveFlow,
  PrimitiveLoan,
  PrimitiveTaxAdjustment,
} from '../../../worker/engine/primitives';
import { PICKS, makeContext } from './context';

function compile(id: string, params: Record<string, unknown> = {}, baseline = false): Primitive[] {
  const t = getTemplate(id)!;
  const filled = withDefaults(t, { ...PICKS[id], ...params }, { is_baseline: baseline });
  return compileEvent(
    { id: 'ev-1', name: 'Test event', trigger_month: '2027-03', template_id: id, template_parameters: filled },
    makeContext({ is_baseline: baseline }),
  );
}

function errors(id: string, params: Record<string, unknown>) {
  const t = getTemplate(id)!;
  return validateTemplateParameters(t, withDefaults(t, params, { is_baseline: false }), {
    is_baseline: false,
    trigger_month: '2027-03',
  });
}

const byKey = (ps: Primitive[], local: string) => ps.find((p) => p.key === `ev-1:${local}`);
const loan = (ps: Primitive[]) => ps.find((p): p is PrimitiveLoan => p.kind === 'loan')!;

describe('buy_first_home under each state rules', () => {
  it('QLD established first home at $750k: the home concession rate less the stepped concession, flagged', () => {
    const duty = byKey(
      compile('buy_first_home', { purchase_price: 750_000, deposit_amount: 150_000, state: 'QLD' }),
      'stamp_duty',
    ) as PrimitiveFlow;
    // Home rate: 10,150 + 4.5% x 210,000 = 19,600; concession 17,350 - 1,735 x 5 = 8,675; duty 10,925.
    expect(duty.amount).toBe(-10_925);
    expect(duty.name).toMatch(/first home concession/);
    expect(duty.name).toMatch(/UNCONFIRMED/);
  });

  it('QLD new first home: no duty; the grant after its $30,000 window is the UNCONFIRMED $15,000', () => {
    const ps = compile('buy_first_home', {
      purchase_price: 700_000,
      deposit_amount: 140_000,
      state: 'QLD',
      is_new_home: true,
    });
    expect(byKey(ps, 'stamp_duty')).toBeUndefined();
    const grant = byKey(ps, 'grant') as PrimitiveFlow;
    expect(grant.amount).toBe(15_000);
    expect(grant.name).toMatch(/UNCONFIRMED/);
  });

  it('NT: a new home bought by someone who owned before gets the FreshStart grant only in its window', () => {
    const ps = compile('buy_first_home', {
      purchase_price: 700_000,
      deposit_amount: 140_000,
      state: 'NT',
      is_new_home: true,
      is_first_home: false,
    });
    // Contract March 2027: after the HomeGrown and FreshStart grants (to 30 September 2026).
    expect(byKey(ps, 'grant')).toBeUndefined();
    expect(byKey(ps, 'stamp_duty')).toBeUndefined(); // House and Land Package Exemption to 30 June 2027
  });

  it('ACT: income over the Home Buyer Concession Scheme threshold pays owner-occupier duty', () => {
    const within = compile('buy_first_home', { purchase_price: 900_000, deposit_amount: 180_000, state: 'ACT' });
    expect(byKey(within, 'stamp_duty')).toBeUndefined();
    const over = byKey(
      compile('buy_first_home', {
        purchase_price: 900_000,
        deposit_amount: 180_000,
        state: 'ACT',
        household_income: 300_000,
      }),
      'stamp_duty',
    ) as PrimitiveFlow;
    // 19,208 + 5.9% x 150,000 = 28,058 (2025-26 owner-occupier rates).
    expect(over.amount).toBe(-28_058);
  });
});

describe('Home Guarantee refusals', () => {
  const base = { purchase_price: 700_000, deposit_amount: 35_000, use_home_guarantee: true, state: 'QLD' };
  it('refuses a buyer who is not a first home buyer', () => {
    expect(errors('buy_first_home', { ...base, is_first_home: false })).toEqual([
      {
        field: 'is_first_home',
        message: 'The Home Guarantee is only for first home buyers, or single parents under the Family Home Guarantee',
      },
    ]);
  });
  it('a single parent (not a first home buyer) with a 2% deposit: the Family Home Guarantee', () => {
    expect(
      errors('buy_first_home', { ...base, is_first_home: false, single_parent: true, deposit_amount: 14_000 }),
    ).toEqual([]);
    const ps = compile('buy_first_home', {
      ...base,
      is_first_home: false,
      single_parent: true,
      deposit_amount: 14_000,
    });
    expect(byKey(ps, 'lmi')).toBeUndefined();
  });
  it('refuses a couple as single parents, and a price above the region cap', () => {
    expect(
      errors('buy_first_home', { ...base, is_first_home: false, single_parent: true, buyer: 'both' }).map(
        (e) => e.field,
      ),
    ).toEqual(['is_first_home']);
    expect(
      errors('buy_first_home', { ...base, region: 'rest', purchase_price: 750_000, deposit_amount: 40_000 }),
    ).toEqual([
      { field: 'purchase_price', message: 'Above the Home Guarantee price cap of $700,000 in QLD (rest of state)' },
    ]);
  });
});

describe('offset accounts and redraw', () => {
  it('links an existing asset account and turns on redraw', () => {
    const l = loan(compile('buy_first_home', { offset_account_id: 'acc-save', redraw: true }));
    expect(l).toMatchObject({ offset_accounts: ['acc-save'], redraw: true });
  });
  it('opens a new offset account with a deposit moved from cash when the loan starts', () => {
    const ps = compile('investment_property', { new_offset_deposit: 25_000 });
    expect(byKey(ps, 'offset')).toMatchObject({
      is_asset: true,
      opens: '2027-03',
      annual_rate: 0,
    } as Partial<PrimitiveAccount>);
    expect(byKey(ps, 'offset_deposit')).toMatchObject({ to: 'ev-1:offset', amount: 25_000 });
    expect(loan(ps).offset_accounts).toEqual(['ev-1:offset']);
    expect(loan(ps).redraw).toBeUndefined();
  });
  it('existing and interest-only mortgages take the option; a debt account is never an offset', () => {
    expect(loan(compile('existing_mortgage', { offset_account_id: 'acc-cash' })).offset_accounts).toEqual(['acc-cash']);
    expect(loan(compile('interest_only_mortgage', { offset_account_id: 'acc-cc' })).offset_accounts).toBeUndefined();
    expect(loan(compile('interest_only_mortgage', {})).offset_accounts).toBeUndefined();
  });
  it('a baseline links an offset but opens none', () => {
    const ps = compile('buy_first_home', { new_offset_deposit: 10_000, offset_account_id: 'acc-save' }, true);
    expect(byKey(ps, 'offset')).toBeUndefined();
    expect(loan(ps).offset_accounts).toEqual(['acc-save']);
  });
});

describe('joint investment owners', () => {
  it("'both' splits rent, costs and depreciation 50/50 between self and partner", () => {
    const ps = compile('investment_property', { taxpayer: 'both', depreciation_annual: 6_000 });
    const rent = byKey(ps, 'rent') as PrimitiveFlow;
    const rentPartner = byKey(ps, 'rent:partner') as PrimitiveFlow;
    expect(rent.tax).toEqual({ kind: 'assessable', taxpayer: 'self' });
    expect(rentPartner.tax).toEqual({ kind: 'assessable', taxpayer: 'partner' });
    expect(rent.amount).toBeCloseTo((600 * 50) / 52 / 2, 2);
    expect((byKey(ps, 'council_rates:partner') as PrimitiveFlow).amount).toBeCloseTo(-2_200 / 4 / 2, 2);
    expect((byKey(ps, 'depreciation:partner') as PrimitiveTaxAdjustment).amount).toBe(-250);
    expect(loan(ps)).toMatchObject({ deductible_share: 1, taxpayer: 'self' });
  });
});

describe('sell_property dates the purchase', () => {
  const gain = (ps: Primitive[]) => (byKey(ps, 'capital_gain') as PrimitiveTaxAdjustment).amount;
  const inv = { is_main_residence: false };
  it('by the purchase date: the discount needs 12 months excluding the day bought and the day sold', () => {
    // Sale on 1 March 2027 (the event's month); 277,500 gain, half assessable when discounted.
    expect(gain(compile('sell_property', { ...inv, purchase_date: '2026-02-28' }))).toBe(138_750);
    expect(gain(compile('sell_property', { ...inv, purchase_date: '2026-03-01' }))).toBe(277_500);
    expect(gain(compile('sell_property', { ...inv, purchase_date: '2026-09-15' }))).toBe(277_500);
  });
  it('by the buying event when the property is an account an event made', () => {
    const t = getTemplate('sell_property')!;
    const params = withDefaults(
      t,
      { ...inv, property_account_id: 'acc-bought', purchase_date: '2020-01-01' },
      {
        is_baseline: false,
      },
    );
    const ctx = makeContext({
      event_months: { 'ev-buy': '2026-06' },
      accounts: [
        ...makeContext().accounts,
        {
          id: 'acc-bought',
          name: 'Flat',
          account_type: 'property',
          is_asset: true,
          current_balance: 0,
          scenario_event_id: 'ev-buy',
        },
      ],
    });
    const ps = compileEvent(
      { id: 'ev-1', name: 'Sell', trigger_month: '2027-03', template_id: 'sell_property', template_parameters: params },
      ctx,
    );
    // Bought June 2026 (the event), sold March 2027: 8 months, no discount (the entered 2020 date is not used).
    expect(gain(ps)).toBe(277_500);
  });
  it('older saved events with months owned still work; with neither, more than 12 months is assumed', () => {
    expect(gain(compile('sell_property', { ...inv, months_owned: 6 }))).toBe(277_500);
    expect(gain(compile('sell_property', { ...inv, months_owned: 13 }))).toBe(138_750);
    expect(gain(compile('sell_property', { ...inv }))).toBe(138_750);
  });
});
