// Smart Create's household phrases: 'my partner', 'our', 'offset', 'retire at 65' and relative pay changes.
import { describe, expect, it } from 'vitest';
import { identifyTemplatesFromPrompt } from '../../../worker/engine/smart-create/identify';
import { grossFromNet } from '../../../worker/engine/au/take-home';

const TODAY = '2026-11-21';
const read = (prompt: string, extra: Record<string, unknown> = {}) =>
  identifyTemplatesFromPrompt(prompt, { today: TODAY, ...extra });

const PAY = {
  id: 'ri-pay',
  name: 'Pay',
  amount: 3_000,
  frequency: 'fortnightly',
  is_active: true,
  category_name: 'Salary',
};
const PARTNER_PAY = { ...PAY, id: 'ri-pay-2', name: "Sam's pay (partner)", amount: 2_000 };

describe("'my partner' and 'our'", () => {
  it('my partner goes on parental leave in March 2027: the partner takes it', () => {
    const t = read('my partner goes on parental leave in March 2027').templates[0];
    expect(t.template_id).toBe('parental_leave');
    expect(t.parameters.taxpayer).toBe('partner');
    expect(t.trigger_month).toBe('2027-03');
  });
  it('our first home in Brisbane for $750k: bought by both, in QLD, a first home', () => {
    const t = read('our first home in Brisbane for $750k').templates[0];
    expect(t.template_id).toBe('buy_first_home');
    expect(t.parameters).toMatchObject({ buyer: 'both', state: 'QLD', purchase_price: 750_000, is_first_home: true });
  });
  it('my partner buys a $600k unit: the partner buys', () => {
    expect(read('my partner buys a $600k unit in Perth').templates[0].parameters).toMatchObject({
      buyer: 'partner',
      state: 'WA',
    });
  });
  it('our investment property: joint owners, 50/50', () => {
    expect(
      read('we buy an investment property for $650k renting at $600 a week').templates[0].parameters,
    ).toMatchObject({ taxpayer: 'both', purchase_price: 650_000 });
  });
});

describe("'offset'", () => {
  it('with an offset account: asks for the account to link', () => {
    const t = read('buy a $700k house with an offset account').templates[0];
    expect(t.parameters.purchase_price).toBe(700_000);
    expect(t.parameters.new_offset_deposit).toBeUndefined();
    expect(t.notes?.join(' ')).toMatch(/offset/);
  });
  it('an amount in the offset opens a new offset account with it, not the price', () => {
    const t = read('buy a $700k house with $50k in an offset account').templates[0];
    expect(t.parameters).toMatchObject({ purchase_price: 700_000, new_offset_deposit: 50_000 });
    expect(t.parameters.deposit_amount).toBeUndefined();
  });
});

describe("'retire at 65'", () => {
  it('dates the retirement at the month the person turns 65 when the birth date is known', () => {
    const r = read('retire at 65', {
      people: [{ id: 'self', name: 'Alex', birth_date: '1975-08-14' }],
    });
    expect(r.templates[0].template_id).toBe('retirement');
    expect(r.templates[0].trigger_month).toBe('2040-08');
    expect(r.templates[0].notes).toBeUndefined();
  });
  it("my partner retires at 67: the partner's birth date", () => {
    const r = read('my partner retires at 67', {
      people: [
        { id: 'self', name: 'Alex', birth_date: '1975-08-14' },
        { id: 'partner', name: 'Sam', birth_date: '1978-02-01' },
      ],
    });
    expect(r.templates[0].trigger_month).toBe('2045-02');
  });
  it('without a birth date: a clear note asking for it', () => {
    const t = read('I want to retire at 65').templates[0];
    expect(t.template_id).toBe('retirement');
    expect(t.trigger_month).toBe('2026-11');
    expect(t.notes).toEqual([
      "Add your birth date (Assumptions, people in the plan) to date 'retire at 65': until then the event is in the month shown.",
    ]);
  });
});

describe('relative pay changes', () => {
  const gross = grossFromNet(3_000 * 26, TODAY);
  it('a 10% pay rise in July 2027: current gross salary x 1.10, from the salary item', () => {
    const t = read('a 10% pay rise in July 2027', { recurring_items: [PAY] }).templates[0];
    expect(t.template_id).toBe('job_income_change');
    expect(t.trigger_month).toBe('2027-07');
    expect(t.parameters).toMatchObject({
      gross_annual_salary: Math.round(gross * 1.1 * 100) / 100,
      current_salary_item: 'ri-pay',
      pay_frequency: 'fortnightly',
    });
  });
  it("a 5% pay cut for my partner: the partner's item", () => {
    const t = read('my partner takes a 5% pay cut from March 2027', { recurring_items: [PAY, PARTNER_PAY] })
      .templates[0];
    const partnerGross = grossFromNet(2_000 * 26, TODAY);
    expect(t.parameters).toMatchObject({
      gross_annual_salary: Math.round(partnerGross * 0.95 * 100) / 100,
      current_salary_item: 'ri-pay-2',
      taxpayer: 'partner',
    });
  });
  it('a $10k raise adds to the gross salary', () => {
    const t = read('a $10k raise next July', { recurring_items: [PAY] }).templates[0];
    expect(t.parameters.gross_annual_salary).toBe(gross + 10_000);
  });
  it('without the user items: no salary invented, a note says why', () => {
    const t = read('a 10% pay rise in July 2027').templates[0];
    expect(t.parameters.gross_annual_salary).toBeUndefined();
    expect(t.notes?.[0]).toMatch(/Enter the new salary/);
  });
});
