// The event form's pure helpers: template choices, default names, prettified ids, month labels, the year
// window, form values to typed parameters and the event card's display text.
import { describe, expect, it } from 'vitest';
import { getTemplate } from '../../worker/engine/index';
import {
  defaultEventName,
  describeParameters,
  displayParameterValue,
  initialFormValues,
  isPercentSlider,
  monthLabel,
  prettifyTemplateId,
  templatesForScenario,
  toTemplateParameters,
  yearOptions,
} from '../../src/features/scenarios/event-form/template-values';

const t = (id: string) => getTemplate(id)!;

describe('event form helpers', () => {
  it('prettifies template ids and labels months', () => {
    expect(prettifyTemplateId('buy_first_home')).toBe('Buy First Home');
    expect(prettifyTemplateId('debt_payoff')).toBe('Debt Payoff');
    expect(monthLabel('2028-03')).toBe('Mar 2028');
    expect(monthLabel('2027-09')).toBe('Sep 2027');
  });

  it('offers 21 years around the current one', () => {
    const years = yearOptions(new Date(2026, 10, 21));
    expect(years).toHaveLength(21);
    expect(years[0]).toBe(2016);
    expect(years[20]).toBe(2036);
  });

  it('never offers baseline; baseline scenarios get supports_baseline templates; an edited event keeps its own', () => {
    expect(templatesForScenario(false).map((x) => x.template_id)).not.toContain('baseline');
    expect(templatesForScenario(false).map((x) => x.template_id)).not.toContain('current_reality');
    expect(templatesForScenario(true).every((x) => x.supports_baseline && x.template_id !== 'baseline')).toBe(true);
    expect(templatesForScenario(true).map((x) => x.template_id)).toContain('current_reality');
    expect(templatesForScenario(true, 'parental_leave').map((x) => x.template_id)).toContain('parental_leave');
  });

  it('names events baseline_name in baseline scenarios when present, else the template name', () => {
    expect(defaultEventName(t('buy_first_home'), true)).toBe('My Home');
    expect(defaultEventName(t('buy_first_home'), false)).toBe('Buy Your First Home');
    expect(defaultEventName(t('parental_leave'), true)).toBe('Parental Leave');
  });

  it('fills defaults (baseline_default in baseline scenarios) and converts back to typed parameters', () => {
    const values = initialFormValues(t('buy_first_home'), true);
    expect(values.purchase_price).toBe('900000');
    expect(values.is_first_home).toBe(true);
    expect(values.deposit_account_id).toBe('');
    const params = toTemplateParameters(t('buy_first_home'), {
      ...values,
      purchase_price: ' 800000 ',
      stamp_duty_amount: '',
    });
    expect(params.purchase_price).toBe(800000);
    expect(params.stamp_duty_amount).toBeNull();
    expect(params.deposit_account_id).toBeNull();
    expect(params.is_first_home).toBe(true);
    expect(initialFormValues(t('major_purchase'), false, { purchase_amount: 5 }).purchase_amount).toBe('5');
  });

  it('shows parameters with 2 decimals, option labels, names for ids and hides invisible ones', () => {
    const mp = t('major_purchase');
    const lookups = { accounts: [{ id: 'a1', name: 'Everyday' }], items: [{ id: 'i1', name: 'Rent' }] };
    expect(
      displayParameterValue(
        mp.parameters.find((p) => p.name === 'purchase_amount')!,
        1234.5,
        lookups,
      ),
    ).toBe('1,234.50');
    expect(
      displayParameterValue(
        mp.parameters.find((p) => p.name === 'funding_account_id')!,
        'a1',
        lookups,
      ),
    ).toBe('Everyday');
    expect(
      displayParameterValue(
        mp.parameters.find((p) => p.name === 'payment_method')!,
        'loan',
        lookups,
      ),
    ).toBe('Loan');
    expect(
      displayParameterValue(
        mp.parameters.find((p) => p.name === 'keeps_value')!,
        false,
        lookups,
      ),
    ).toBe('No');
    const rows = describeParameters(mp, { payment_method: 'cash' }, false, lookups);
    expect(rows.map((r) => r.name)).not.toContain('loan_term_years');
    const loanRows = describeParameters(mp, { payment_method: 'loan' }, false, lookups);
    expect(loanRows.find((r) => r.name === 'loan_term_years')?.value).toBe('5');
    expect(isPercentSlider(t('parental_leave').parameters.find((p) => p.name === 'return_salary_percent')!)).toBe(true);
    expect(isPercentSlider(t('parental_leave').parameters.find((p) => p.name === 'leave_weeks')!)).toBe(false);
  });
});
