// sell_property dates the purchase of a property an event bought by that event's trigger month (issue 12
// follow-up): the forecast gives every event's month to the template compilers (CompileContext.event_months), so
// the CGT discount (held more than 12 months) follows the event dates. Figures are hand arithmetic from
// docs/au-rules.md.
import { describe, expect, it } from 'vitest';
import { DEFAULT_ASSUMPTIONS, forecast, getTemplate, withDefaults } from '../../worker/engine/index';

const ZERO_RATES = Object.fromEntries(Object.keys(DEFAULT_ASSUMPTIONS.account_type_rates).map((k) => [k, 0]));

function event(id: string, templateId: string, month: string, params: Record<string, unknown>) {
  const t = getTemplate(templateId)!;
  return {
    id,
    scenario_id: 'sc-1',
    name: t.name,
    trigger_month: month,
    template_id: templateId,
    template_parameters: withDefaults(t, params, { is_baseline: false }),
  };
}

/** A unit the event 'ev-buy' bought (its materialised account), sold by 'ev-sale' in March 2028. */
function profile(boughtIn: string) {
  return {
    assumptions: { account_type_rates: ZERO_RATES },
    accounts: [
      { id: 'cash', name: 'Everyday', account_type: 'checking', is_asset: true, current_balance: 50_000 },
      {
        id: 'unit',
        name: 'Unit',
        account_type: 'property',
        is_asset: true,
        current_balance: 700_000,
        scenario_event_id: 'ev-buy',
      },
    ],
    recurring_items: [],
    scenarios: [
      {
        id: 'sc-1',
        name: 'Plan',
        is_baseline: false,
        modifications: [],
        events: [
          // The buying event itself moves no taxed money here (a small asset bought from cash, no return): only
          // its month matters to the sale.
          event('ev-buy', 'asset_purchase', boughtIn, { asset_name: 'Unit deposit', purchase_amount: 1_000 }),
          event('ev-sale', 'sell_property', '2028-03', {
            property_account_id: 'unit',
            expected_sale_price: 900_000,
            selling_costs_percent: 2.5,
            cost_base: 600_000,
            is_main_residence: false,
          }),
        ],
      },
    ],
  };
}

const fy2728 = (boughtIn: string) =>
  forecast(profile(boughtIn), { as_of: '2026-11-21', years: 3, scenario_id: 'sc-1' }).tax_years!.find(
    (y) => y.financial_year === '2027-28',
  )!;

describe('sell_property dated by its buying event', () => {
  // Gain: 900,000 - 22,500 selling costs - 600,000 cost base = 277,500; no other income.
  // 2027-28 rates: 14% over 18,200, 30% over 45,000, 37% over 135,000, 45% over 190,000; Medicare 2%.
  it('bought January 2027, sold 1 March 2028 (13 whole months): the 50% discount, tax on 138,750', () => {
    // 0.14 x 26,800 + 0.30 x 90,000 + 0.37 x 3,750 = 3,752 + 27,000 + 1,387.50 = 32,139.50; Medicare 2,775.
    const y = fy2728('2027-01');
    expect(y.taxable_income).toBeCloseTo(138_750, 2);
    expect(y.tax_charged).toBeCloseTo(32_139.5 + 2_775, 1);
  });

  it('bought June 2027, sold 1 March 2028 (8 whole months): no discount, tax on 277,500', () => {
    // 3,752 + 27,000 + 0.37 x 55,000 + 0.45 x 87,500 = 3,752 + 27,000 + 20,350 + 39,375 = 90,477; Medicare 5,550.
    const y = fy2728('2027-06');
    expect(y.taxable_income).toBeCloseTo(277_500, 2);
    expect(y.tax_charged).toBeCloseTo(90_477 + 5_550, 1);
  });
});
