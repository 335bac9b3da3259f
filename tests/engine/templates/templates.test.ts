// Template catalogue, compilers, validation and materialisation: every template's defaults validate and
// compile to well-formed primitives, and each template models what docs/templates.md says.
import { describe, expect, it } from 'vitest';
import {
  TEMPLATES,
  TEMPLATE_GROUPS,
  HIDDEN_TEMPLATE_IDS,
  getTemplate,
  offeredInEventForm,
} from '../../../worker/engine/templates/catalogue';
import { TEMPLATE_DEFINITIONS, isTemplateId, type TemplateId } from '../../../worker/engine/templates/registry';
import {
  compileEvent,
  validateTemplateParameters,
  type EventToCompile,
} from '../../../worker/engine/templates/compile';
import { withDefaults, isParameterVisible } from '../../../worker/engine/templates/parameters';
import { materialiseEvent } from '../../../worker/engine/templates/materialise';
import { eventEntityId } from '../../../worker/engine/templates/entity-id';
import { TemplateSchema, type Template } from '../../../worker/engine/model/template';
import {
  PRIMARY_CASH,
  type Primitive,
  type PrimitiveFlow,
  type PrimitiveLoan,
  type PrimitiveTransfer,
  type PrimitiveAccount,
  type PrimitiveAdjustFlow,
} from '../../../worker/engine/primitives';
import { helpRepayment } from '../../../worker/engine/au/help';
import { BASE_ACCOUNTS, BASE_ITEMS, PICKS, makeContext } from './context';

const REQUIRED_IDS = [
  'buy_first_home',
  'investment_property',
  'negative_gearing',
  'interest_only_mortgage',
  'extra_mortgage_repayments',
  'job_income_change',
  'parental_leave',
  'debt_payoff',
  'asset_purchase',
  'debt_recycling',
  'superannuation',
  'major_purchase',
  'current_reality',
  'baseline',
];

function template(id: string): Template {
  const t = getTemplate(id);
  if (!t) throw new Error(`no template ${id}`);
  return t;
}

function event(id: string, params: Record<string, unknown> = {}, month = '2027-03'): EventToCompile {
  return { id: 'ev-1', name: 'Test event', trigger_month: month, template_id: id, template_parameters: params };
}

function compile(
  id: string,
  params: Record<string, unknown> = {},
  opts: { baseline?: boolean; month?: string } = {},
): Primitive[] {
  const t = template(id);
  const ctxOpts = { is_baseline: opts.baseline ?? false };
  const filled = { ...withDefaults(t, { ...PICKS[id], ...params }, ctxOpts) };
  return compileEvent(
    event(id, filled, opts.month),
    makeContext({ ...ctxOpts, trigger_month: opts.month ?? '2027-03' }),
  );
}

const flows = (ps: Primitive[]) => ps.filter((p): p is PrimitiveFlow => p.kind === 'flow');
const transfers = (ps: Primitive[]) => ps.filter((p): p is PrimitiveTransfer => p.kind === 'transfer');
const loans = (ps: Primitive[]) => ps.filter((p): p is PrimitiveLoan => p.kind === 'loan');
const accounts = (ps: Primitive[]) => ps.filter((p): p is PrimitiveAccount => p.kind === 'account');
const adjusts = (ps: Primitive[]) => ps.filter((p): p is PrimitiveAdjustFlow => p.kind === 'adjust_flow');
const byKey = (ps: Primitive[], local: string) => ps.find((p) => p.key === `ev-1:${local}`);

function allNumbers(value: unknown, out: number[] = []): number[] {
  if (typeof value === 'number') out.push(value);
  else if (Array.isArray(value)) value.forEach((v) => allNumbers(v, out));
  else if (value && typeof value === 'object') Object.values(value).forEach((v) => allNumbers(v, out));
  return out;
}

describe('registry', () => {
  it('serves each definition as its catalogue entry, in registry order', () => {
    expect(TEMPLATES.map((t) => t.template_id)).toEqual(TEMPLATE_DEFINITIONS.map((d) => d.template_id));
    for (const d of TEMPLATE_DEFINITIONS) {
      const { group: _g, in_event_form: _f, compile: _c, validate: _v, smart_create: _s, ...entry } = d;
      expect(getTemplate(d.template_id)).toEqual(entry);
    }
  });

  it('types every template id (TemplateId) and knows unknown ones', () => {
    const ids: TemplateId[] = ['buy_first_home', 'existing_mortgage', 'baseline'];
    for (const id of ids) expect(isTemplateId(id)).toBe(true);
    expect(isTemplateId('nope')).toBe(false);
  });

  it('gives chooser templates distinct positions in their group', () => {
    for (const g of TEMPLATE_GROUPS) {
      const positions = TEMPLATE_DEFINITIONS.filter((d) => d.group?.name === g.name).map((d) => d.group!.position);
      expect(new Set(positions).size, g.name).toBe(positions.length);
    }
  });

  it('supersedes only registered templates other than itself', () => {
    for (const d of TEMPLATE_DEFINITIONS) {
      for (const rule of d.smart_create?.supersedes ?? []) {
        expect(isTemplateId(rule.template), `${d.template_id} -> ${rule.template}`).toBe(true);
        expect(rule.template).not.toBe(d.template_id);
      }
    }
  });

  it('offers the event form the chooser templates, baseline scenarios the supports_baseline ones, never the baseline marker', () => {
    for (const t of TEMPLATES) {
      expect(offeredInEventForm(t.template_id, false), t.template_id).toBe(
        !HIDDEN_TEMPLATE_IDS.includes(t.template_id),
      );
      expect(offeredInEventForm(t.template_id, true), t.template_id).toBe(
        t.template_id !== 'baseline' && t.supports_baseline,
      );
    }
    expect(offeredInEventForm('nope', true)).toBe(false);
  });
});

describe('catalogue', () => {
  it('has every required template, at least 13, in the spec shape, with unique ids', () => {
    for (const id of REQUIRED_IDS) expect(getTemplate(id), id).toBeDefined();
    expect(TEMPLATES.length).toBeGreaterThanOrEqual(REQUIRED_IDS.length + 4);
    expect(new Set(TEMPLATES.map((t) => t.template_id)).size).toBe(TEMPLATES.length);
    for (const t of TEMPLATES) expect(TemplateSchema.safeParse(t).success, t.template_id).toBe(true);
  });

  it('groups every offered template exactly once, in the spec groups, hiding current_reality and baseline', () => {
    const grouped = TEMPLATE_GROUPS.flatMap((g) => g.template_ids);
    expect(new Set(grouped).size).toBe(grouped.length);
    const offered = TEMPLATES.map((t) => t.template_id).filter((id) => !HIDDEN_TEMPLATE_IDS.includes(id));
    expect([...grouped].sort()).toEqual([...offered].sort());
    const group = (name: string) => TEMPLATE_GROUPS.find((g) => g.name === name)?.template_ids ?? [];
    expect(group('Property')).toEqual(
      expect.arrayContaining([
        'buy_first_home',
        'investment_property',
        'negative_gearing',
        'interest_only_mortgage',
        'extra_mortgage_repayments',
      ]),
    );
    expect(group('Income & Career')).toEqual(expect.arrayContaining(['job_income_change', 'parental_leave']));
    expect(group('Debt & Payments')).toContain('debt_payoff');
    expect(group('Investments & Assets')).toEqual(
      expect.arrayContaining(['asset_purchase', 'debt_recycling', 'superannuation']),
    );
    expect(group('Purchases & Expenses')).toContain('major_purchase');
  });

  it('has well-formed parameters: unique names, select defaults among options, min <= default <= max', () => {
    for (const t of TEMPLATES) {
      const names = t.parameters.map((p) => p.name);
      expect(new Set(names).size, t.template_id).toBe(names.length);
      expect(t.icon.length, t.template_id).toBeGreaterThan(0);
      for (const p of t.parameters) {
        if (p.type === 'select')
          expect(
            p.options?.map((o) => o.value),
            `${t.template_id}.${p.name}`,
          ).toContain(p.default);
        if (typeof p.default === 'number') {
          if (p.min_value != null) expect(p.default).toBeGreaterThanOrEqual(p.min_value);
          if (p.max_value != null) expect(p.default).toBeLessThanOrEqual(p.max_value);
        }
        if (p.type === 'recurring_item') expect(p.filter_by, `${t.template_id}.${p.name}`).toBeTruthy();
      }
      if (t.supports_baseline) expect(t.baseline_name, t.template_id).toBeTruthy();
    }
  });

  it('uses the spec parameter names for debt_payoff and major_purchase', () => {
    const names = (id: string) => template(id).parameters.map((p) => p.name);
    expect(names('debt_payoff')).toEqual(
      expect.arrayContaining([
        'debt_account_id',
        'payoff_strategy',
        'lump_sum_amount',
        'lump_sum_date',
        'lump_sum_account_id',
        'extra_payment_amount',
        'extra_payment_start',
        'extra_payment_account_id',
      ]),
    );
    expect(template('debt_payoff').parameters.find((p) => p.name === 'payoff_strategy')?.default).toBe(
      'extra_payments',
    );
    expect(names('major_purchase')).toEqual(
      expect.arrayContaining(['payment_method', 'loan_term_years', 'loan_interest_rate']),
    );
    expect(
      template('major_purchase')
        .parameters.find((p) => p.name === 'payment_method')
        ?.options?.map((o) => o.value),
    ).toContain('loan');
    expect(names('job_income_change')).toEqual(expect.arrayContaining(['is_permanent', 'end_date']));
  });
});

describe('every template with its defaults', () => {
  const cases = TEMPLATES.flatMap((t) => [
    { id: t.template_id, baseline: false },
    ...(t.supports_baseline ? [{ id: t.template_id, baseline: true }] : []),
  ]);

  it.each(cases)('$id (baseline $baseline) validates and compiles to well-formed primitives', ({ id, baseline }) => {
    const t = template(id);
    const params = withDefaults(t, { ...PICKS[id] }, { is_baseline: baseline });
    expect(
      validateTemplateParameters(t, params, {
        is_baseline: baseline,
        accounts: BASE_ACCOUNTS,
        recurring_items: BASE_ITEMS,
        trigger_month: '2027-03',
      }),
    ).toEqual([]);
    const ps = compileEvent(event(id, params), makeContext({ is_baseline: baseline }));
    for (const n of allNumbers(ps)) expect(Number.isFinite(n)).toBe(true);
    const keys = ps.map((p) => p.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const k of keys) expect(k.startsWith('ev-1:')).toBe(true);
    const known = new Set([PRIMARY_CASH, ...BASE_ACCOUNTS.map((a) => a.id), ...accounts(ps).map((a) => a.key)]);
    for (const f of flows(ps)) {
      expect(known.has(f.account), f.key).toBe(true);
      expect(f.amount).not.toBe(0);
      if (f.tax && 'super_account' in f.tax && f.tax.super_account) expect(known.has(f.tax.super_account)).toBe(true);
    }
    for (const tr of transfers(ps)) {
      expect(known.has(tr.from) && known.has(tr.to), tr.key).toBe(true);
      expect(tr.from).not.toBe(tr.to);
    }
    for (const l of loans(ps)) {
      expect(known.has(l.account)).toBe(true);
      expect(l.term_months).toBeGreaterThan(0);
      expect(l.interest_only_months ?? 0).toBeLessThanOrEqual(l.term_months);
    }
    for (const a of adjusts(ps)) expect(BASE_ITEMS.some((r) => r.id === a.target)).toBe(true);
    for (const a of accounts(ps)) {
      expect(a.opening_balance).toBeGreaterThanOrEqual(0);
      if (baseline) expect(a.opens).toBeUndefined();
    }
    if (!['current_reality', 'baseline'].includes(id)) expect(ps.length).toBeGreaterThan(0);
  });

  it('compiles without throwing or NaN on garbage parameter values', () => {
    const junk = ['x', -1, 1e300, null, true, '', Number.NaN];
    for (const t of TEMPLATES) {
      for (const value of junk) {
        const params = Object.fromEntries(t.parameters.map((p) => [p.name, value]));
        const ps = compileEvent(event(t.template_id, params), makeContext());
        for (const n of allNumbers(ps)) expect(Number.isFinite(n), t.template_id).toBe(true);
      }
    }
  });

  it('rejects an unknown template or a bad month with a field-named error', () => {
    expect(() => compileEvent({ ...event('buy_first_home'), template_id: 'nope' }, makeContext())).toThrow(
      /template_id/,
    );
    expect(() => compileEvent({ ...event('buy_first_home'), trigger_month: '2027-13' }, makeContext())).toThrow(
      /trigger_month/,
    );
  });
});

describe('buy_first_home', () => {
  it('NSW $700k first home: no duty; 10% deposit: LMI added to the loan', () => {
    const ps = compile('buy_first_home', { purchase_price: 700_000, deposit_amount: 70_000, state: 'NSW' });
    expect(byKey(ps, 'stamp_duty')).toBeUndefined();
    const lmi = byKey(ps, 'lmi') as PrimitiveFlow;
    expect(lmi.amount).toBe(-12_600); // 630,000 at 90% LVR x 2.0%
    const lmiDraw = byKey(ps, 'lmi_drawdown') as PrimitiveTransfer;
    expect(lmiDraw).toMatchObject({ from: 'ev-1:loan', amount: 12_600 });
    expect(byKey(ps, 'drawdown')).toMatchObject({ from: 'ev-1:loan', to: 'ev-1:property', amount: 630_000 });
    expect(byKey(ps, 'deposit')).toMatchObject({
      from: PRIMARY_CASH,
      to: 'ev-1:property',
      amount: 70_000,
      schedule: { type: 'once', date: '2027-03-01' },
    });
    expect(loans(ps)[0]).toMatchObject({ account: 'ev-1:loan', start: '2027-04', term_months: 360, annual_rate: 6.2 });
    expect(byKey(ps, 'property')).toMatchObject({
      account_type: 'property',
      opens: '2027-03',
      opening_balance: 0,
      annual_rate: 5.4,
    });
    expect(adjusts(ps)[0]).toMatchObject({ target: 'ri-rent', end_date: '2027-02-28' });
  });

  it('Home Guarantee: 5% deposit and no LMI; over the cap is a validation error', () => {
    const ps = compile('buy_first_home', { purchase_price: 700_000, deposit_amount: 35_000, use_home_guarantee: true });
    expect(byKey(ps, 'lmi')).toBeUndefined();
    expect(
      byKey(
        compile('buy_first_home', { purchase_price: 700_000, deposit_amount: 70_000, use_home_guarantee: true }),
        'lmi',
      ),
    ).toBeUndefined();
    expect(byKey(ps, 'drawdown')).toMatchObject({ amount: 665_000 });
    const t = template('buy_first_home');
    const errors = validateTemplateParameters(
      t,
      withDefaults(
        t,
        { purchase_price: 1_600_000, deposit_amount: 80_000, use_home_guarantee: true },
        { is_baseline: false },
      ),
      { is_baseline: false, trigger_month: '2027-03' },
    );
    expect(errors.map((e) => e.field)).toContain('purchase_price');
  });

  it('not a first home: full NSW duty; new home under the cap: the grant', () => {
    expect(
      (
        byKey(
          compile('buy_first_home', { purchase_price: 700_000, deposit_amount: 140_000, is_first_home: false }),
          'stamp_duty',
        ) as PrimitiveFlow
      ).amount,
    ).toBe(-25_912);
    const grant = byKey(
      compile('buy_first_home', { purchase_price: 550_000, deposit_amount: 110_000, is_new_home: true }),
      'grant',
    ) as PrimitiveFlow;
    expect(grant.amount).toBe(10_000);
  });

  it('VIC $700k first home pays the tapered duty; other states use an entered duty', () => {
    expect(
      (
        byKey(
          compile('buy_first_home', { purchase_price: 700_000, deposit_amount: 140_000, state: 'VIC' }),
          'stamp_duty',
        ) as PrimitiveFlow
      ).amount,
    ).toBe(-24_713.33);
    expect(
      (
        byKey(
          compile('buy_first_home', {
            purchase_price: 700_000,
            deposit_amount: 140_000,
            state: 'QLD',
            stamp_duty_amount: 8_750,
          }),
          'stamp_duty',
        ) as PrimitiveFlow
      ).amount,
    ).toBe(-8_750);
  });

  it('VIC principal place of residence rates for a home bought to live in; WA first home vacant land rates', () => {
    const duty = (params: Record<string, unknown>) =>
      (
        byKey(compile('buy_first_home', { deposit_amount: 100_000, ...params }), 'stamp_duty') as
          PrimitiveFlow | undefined
      )?.amount ?? 0; // no duty: no flow
    // $18,370 + 6% x (500,000 - 440,000) = $21,970 (the general rate would be $25,070).
    expect(duty({ purchase_price: 500_000, state: 'VIC', is_first_home: false })).toBe(-21_970);
    // Vacant land: $15.39 x 500 hundreds over $350,000 = $7,695; a $400,000 first home itself pays nothing.
    expect(duty({ purchase_price: 400_000, state: 'WA', is_vacant_land: true })).toBe(-7_695);
    expect(duty({ purchase_price: 400_000, state: 'WA' })).toBe(0);
  });

  it('VIC off the plan: duty on the price less the construction still to be done', () => {
    const duty = (params: Record<string, unknown>, month = '2026-03') =>
      (
        byKey(
          compile('buy_first_home', { deposit_amount: 100_000, state: 'VIC', ...params }, { month }),
          'stamp_duty',
        ) as PrimitiveFlow | undefined
      )?.amount ?? 0;
    // $800,000 apartment, 60% still to build: dutiable $320,000. Not a first home, lived in: PPR rates $2,870 +
    // 5% x 190,000 = $12,370 (instead of $2,870 + 6% x 670,000 = $43,070 on the whole price).
    expect(duty({ purchase_price: 800_000, is_first_home: false, off_the_plan_construction_pct: 60 })).toBe(-12_370);
    expect(duty({ purchase_price: 800_000, is_first_home: false })).toBe(-43_070);
    // A first home: $320,000 is under the $600,000 exemption.
    expect(duty({ purchase_price: 800_000, off_the_plan_construction_pct: 60 })).toBe(0);
    // From 21 October 2026 (UNCONFIRMED end) only homes to $550,000 (lived in) or first homes to $750,000 qualify.
    expect(duty({ purchase_price: 800_000, is_first_home: false, off_the_plan_construction_pct: 60 }, '2026-11')).toBe(
      -43_070,
    );
  });

  it('baseline: the home at its value and the loan at value minus equity, no purchase', () => {
    const ps = compile('buy_first_home', {}, { baseline: true });
    expect(byKey(ps, 'property')).toMatchObject({ opening_balance: 900_000 });
    expect(byKey(ps, 'loan')).toMatchObject({ opening_balance: 550_000, is_asset: false });
    expect(transfers(ps)).toEqual([]);
    expect(loans(ps)[0]).toMatchObject({ start: '2027-03', term_months: 300 });
  });
});

describe('investment_property and negative_gearing', () => {
  it('rent is assessable, costs and interest deductible for the chosen taxpayer', () => {
    const ps = compile('investment_property', { taxpayer: 'partner' });
    const rent = byKey(ps, 'rent') as PrimitiveFlow;
    expect(rent.amount).toBeCloseTo((600 * 50) / 52, 2);
    expect(rent.tax).toEqual({ kind: 'assessable', taxpayer: 'partner' });
    expect((byKey(ps, 'council_rates') as PrimitiveFlow).tax).toEqual({ kind: 'deductible', taxpayer: 'partner' });
    expect(loans(ps)[0]).toMatchObject({ deductible_share: 1, taxpayer: 'partner', annual_rate: 6.5 });
    expect(byKey(ps, 'grant')).toBeUndefined();
  });

  it('negative gearing defaults to an interest-only period', () => {
    expect(loans(compile('negative_gearing'))[0].interest_only_months).toBe(60);
  });

  it('the opt-in 2027 limits untag rental flows from 1 July 2027 and end the interest deduction on 30 June 2027', () => {
    const ps = compile('negative_gearing', { apply_2027_rules: true, depreciation_annual: 6_000 });
    expect(loans(ps)[0]).toMatchObject({ deductible_share: 1, deductible_until: '2027-06-30' });
    expect(byKey(ps, 'depreciation')).toMatchObject({
      kind: 'tax_adjustment',
      amount: -500,
      schedule: { frequency: 'monthly', start_date: '2027-04-01', end_date: '2027-06-30' },
    });
    const rentAfter = byKey(ps, 'rent:from_2027') as PrimitiveFlow;
    expect(rentAfter.tax).toBeUndefined();
    expect(rentAfter.schedule).toMatchObject({ start_date: '2027-07-01' });
    expect((byKey(ps, 'rent') as PrimitiveFlow).schedule).toMatchObject({ end_date: '2027-06-30' });
    const newBuild = compile('negative_gearing', { apply_2027_rules: true, is_new_build: true });
    expect(loans(newBuild)[0].deductible_share).toBe(1);
    expect(loans(newBuild)[0].deductible_until).toBeUndefined();
  });

  it('a depreciation claim is a monthly tax-only adjustment for the taxpayer (none by default)', () => {
    expect(byKey(compile('investment_property'), 'depreciation')).toBeUndefined();
    const ps = compile('investment_property', { depreciation_annual: 8_000, taxpayer: 'partner' });
    expect(byKey(ps, 'depreciation')).toEqual({
      kind: 'tax_adjustment',
      key: 'ev-1:depreciation',
      name: 'Depreciation claim',
      taxpayer: 'partner',
      amount: -666.67,
      schedule: { type: 'recurring', frequency: 'monthly', start_date: '2027-04-01', end_date: null },
    });
  });
});

describe('parental_leave', () => {
  it('pauses the salary, pays 130 PPL days for a 2026-27 birth and restores pay on return', () => {
    const ps = compile('parental_leave', { birth_date: '2026-08-03', return_salary_percent: 60 }, { month: '2026-08' });
    const ppl = flows(ps).filter((f) => f.tax?.kind === 'ppl');
    const days = ppl.reduce((n, f) => n + Number(/\((\d+) days\)/.exec(f.name)?.[1]), 0);
    expect(days).toBe(130);
    expect(ppl.reduce((s, f) => s + f.amount, 0)).toBeCloseTo(26_122.2, 2);
    expect(ppl[0].tax).toEqual({ kind: 'ppl', taxpayer: 'self', super_account: 'acc-super', birth_date: '2026-08-03' });
    const [pause, back] = adjusts(ps);
    expect(pause).toMatchObject({ target: 'ri-salary', from: '2026-08-03', amount: 0 });
    expect(back).toMatchObject({ target: 'ri-salary', from: '2027-08-02', amount: 1_800 });
  });

  it('PPL starts after employer-paid leave and never exceeds the unpaid weekdays', () => {
    const ps = compile(
      'parental_leave',
      { birth_date: '2026-08-03', employer_paid_weeks: 10, leave_weeks: 20 },
      { month: '2026-08' },
    );
    const ppl = flows(ps).filter((f) => f.tax?.kind === 'ppl');
    expect(ppl[0].schedule.type === 'once' && ppl[0].schedule.date >= '2026-10-12').toBe(true);
    expect(ppl.reduce((s, f) => s + f.amount, 0)).toBeCloseTo(50 * 200.94, 2);
  });
});

describe('income, super and debt templates', () => {
  it('job_income_change: gross salary tagged salary with SG into super, replacing the old pay', () => {
    const ps = compile('job_income_change', { gross_annual_salary: 130_000 });
    const salary = byKey(ps, 'salary') as PrimitiveFlow;
    expect(salary.amount).toBe(5_000);
    expect(salary.schedule).toEqual({
      type: 'recurring',
      frequency: 'fortnightly',
      start_date: '2027-03-01',
      end_date: null,
    });
    expect(salary.tax).toEqual({ kind: 'salary', taxpayer: 'self', super_account: 'acc-super' });
    expect(salary.indexation_rate).toBe(3.7);
    expect(adjusts(ps)[0]).toMatchObject({ target: 'ri-salary', end_date: '2027-02-28' });
    const temp = byKey(
      compile('job_income_change', { is_permanent: false, end_date: '2028-02-29' }),
      'salary',
    ) as PrimitiveFlow;
    expect(temp.schedule).toMatchObject({ end_date: '2028-02-29' });
  });

  it('debt_payoff: monthly extra payments by default, or one lump sum', () => {
    const extra = transfers(compile('debt_payoff'));
    expect(extra).toHaveLength(1);
    expect(extra[0]).toMatchObject({
      from: PRIMARY_CASH,
      to: 'acc-cc',
      amount: 500,
      schedule: { type: 'recurring', frequency: 'monthly' },
    });
    const lump = transfers(
      compile('debt_payoff', {
        payoff_strategy: 'lump_sum',
        lump_sum_amount: 4_000,
        lump_sum_date: '2027-06-15',
        lump_sum_account_id: 'acc-save',
      }),
    );
    expect(lump).toEqual([
      expect.objectContaining({
        from: 'acc-save',
        to: 'acc-cc',
        amount: 4_000,
        schedule: { type: 'once', date: '2027-06-15' },
      }),
    ]);
  });

  it('debt_recycling: each repayment of the home loan is matched by a redraw into investments', () => {
    const ps = compile('debt_recycling', { recycle_amount: 2_000, initial_amount: 20_000 });
    expect(byKey(ps, 'recycle_repay')).toMatchObject({ to: 'acc-mort', amount: 2_000 });
    expect(byKey(ps, 'recycle_redraw')).toMatchObject({
      from: 'ev-1:investment_split',
      to: 'ev-1:investments',
      amount: 2_000,
    });
    expect(byKey(ps, 'initial_redraw')).toMatchObject({ amount: 20_000 });
    expect(loans(ps)[0]).toMatchObject({ account: 'ev-1:investment_split', deductible_share: 1 });
  });

  it('salary_sacrifice and before-tax super contributions carry the salary_sacrifice tag', () => {
    expect((byKey(compile('salary_sacrifice'), 'sacrifice') as PrimitiveFlow).tax).toEqual({
      kind: 'salary_sacrifice',
      taxpayer: 'self',
      super_account: 'acc-super',
    });
    const ps = compile('superannuation', {
      super_account_id: 'acc-super',
      voluntary_contribution: 300,
      contribution_type: 'before_tax',
    });
    expect(accounts(ps)).toEqual([]);
    expect((byKey(ps, 'concessional') as PrimitiveFlow).tax).toMatchObject({
      kind: 'salary_sacrifice',
      super_account: 'acc-super',
    });
  });

  it('help_debt: compulsory repayments by financial year from the HELP schedule', () => {
    const ps = compile(
      'help_debt',
      { help_balance: 30_000, repayment_income: 90_000, income_growth_rate: 0 },
      { month: '2026-10' },
    );
    const first = byKey(ps, 'repayment_2026') as PrimitiveTransfer;
    expect(first.amount).toBeCloseTo(helpRepayment(90_000, '2026-07-01') / 12, 2);
    expect(first.amount).toBe(287.5);
    expect(first.schedule).toEqual({
      type: 'recurring',
      frequency: 'monthly',
      start_date: '2026-10-01',
      end_date: '2027-06-30',
    });
  });

  it('major_purchase with a loan opens an amortising loan; in cash it is an expense', () => {
    const loan = compile('major_purchase', { payment_method: 'loan', loan_term_years: 3 });
    expect(loans(loan)[0]).toMatchObject({ term_months: 36, annual_rate: 11 });
    const cash = compile('major_purchase');
    expect(loans(cash)).toEqual([]);
    expect((byKey(cash, 'purchase') as PrimitiveFlow).amount).toBe(-30_000);
  });
});

describe('validation and conditional visibility', () => {
  const v = (id: string, params: Record<string, unknown>, baseline = false) =>
    validateTemplateParameters(template(id), params, {
      is_baseline: baseline,
      accounts: BASE_ACCOUNTS,
      recurring_items: BASE_ITEMS,
    });
  const filled = (id: string, params: Record<string, unknown>, baseline = false) =>
    withDefaults(template(id), { ...PICKS[id], ...params }, { is_baseline: baseline });

  it('required, numbers, ranges, options and dates name their field', () => {
    expect(v('job_income_change', { ...filled('job_income_change', {}), gross_annual_salary: '' })).toEqual([
      { field: 'gross_annual_salary', message: 'New gross salary (per year, before tax) is required' },
    ]);
    expect(v('job_income_change', filled('job_income_change', { gross_annual_salary: 'lots' }))[0].field).toBe(
      'gross_annual_salary',
    );
    expect(v('job_income_change', filled('job_income_change', { gross_annual_salary: -5 }))[0].message).toMatch(
      /at least 0/,
    );
    expect(v('parental_leave', filled('parental_leave', { leave_weeks: 10.5 }))[0].message).toMatch(/whole number/);
    expect(v('job_income_change', filled('job_income_change', { pay_frequency: 'daily' }))[0].field).toBe(
      'pay_frequency',
    );
    expect(v('parental_leave', filled('parental_leave', { birth_date: '2027-02-30' }))[0].field).toBe('birth_date');
    expect(v('debt_payoff', filled('debt_payoff', { debt_account_id: 'acc-save' }))[0].message).toMatch(/debt/);
    expect(v('debt_payoff', filled('debt_payoff', { debt_account_id: 'missing' }))[0].message).toMatch(
      /no such account/,
    );
  });

  it('end_date shows (and is required) only when is_permanent is explicitly false', () => {
    const t = template('job_income_change');
    const endDate = t.parameters.find((p) => p.name === 'end_date')!;
    expect(isParameterVisible(t, endDate, { is_permanent: true }, { is_baseline: false })).toBe(false);
    expect(isParameterVisible(t, endDate, {}, { is_baseline: false })).toBe(false);
    expect(isParameterVisible(t, endDate, { is_permanent: false }, { is_baseline: false })).toBe(true);
    expect(v('job_income_change', filled('job_income_change', { is_permanent: false }))).toEqual([
      { field: 'end_date', message: 'End date is required when this is not permanent' },
    ]);
    expect(v('job_income_change', filled('job_income_change', { is_permanent: true, end_date: 'garbage' }))).toEqual(
      [],
    );
  });

  it('debt_payoff: lump sum fields only for lump_sum, extra payment fields only for extra_payments (the default)', () => {
    const t = template('debt_payoff');
    const p = (n: string) => t.parameters.find((x) => x.name === n)!;
    expect(isParameterVisible(t, p('lump_sum_amount'), {}, { is_baseline: false })).toBe(false);
    expect(isParameterVisible(t, p('extra_payment_amount'), {}, { is_baseline: false })).toBe(true);
    expect(isParameterVisible(t, p('lump_sum_amount'), { payoff_strategy: 'lump_sum' }, { is_baseline: false })).toBe(
      true,
    );
    expect(
      isParameterVisible(t, p('extra_payment_amount'), { payoff_strategy: 'lump_sum' }, { is_baseline: false }),
    ).toBe(false);
    // A hidden required parameter is not required.
    expect(
      v('debt_payoff', { debt_account_id: 'acc-cc', payoff_strategy: 'lump_sum', lump_sum_amount: 1_000 }),
    ).toEqual([]);
    expect(v('debt_payoff', { debt_account_id: 'acc-cc', payoff_strategy: 'lump_sum', lump_sum_amount: null })).toEqual(
      [{ field: 'lump_sum_amount', message: 'Lump sum is required' }],
    );
    // Absent parameters take their defaults.
    expect(v('debt_payoff', { debt_account_id: 'acc-cc', payoff_strategy: 'lump_sum' })).toEqual([]);
  });

  it('major_purchase: loan fields only when paying with a loan', () => {
    const t = template('major_purchase');
    const term = t.parameters.find((x) => x.name === 'loan_term_years')!;
    expect(isParameterVisible(t, term, { payment_method: 'cash' }, { is_baseline: false })).toBe(false);
    expect(isParameterVisible(t, term, { payment_method: 'loan' }, { is_baseline: false })).toBe(true);
    expect(v('major_purchase', { purchase_name: 'Boat', purchase_amount: 20_000, payment_method: 'cash' })).toEqual([]);
    expect(
      v('major_purchase', {
        purchase_name: 'Boat',
        purchase_amount: 20_000,
        payment_method: 'loan',
        loan_interest_rate: 9,
        loan_term_years: '',
      })[0].field,
    ).toBe('loan_term_years');
  });

  it('baseline_hidden parameters are hidden and not required in baseline scenarios', () => {
    const t = template('buy_first_home');
    const dep = t.parameters.find((x) => x.name === 'deposit_account_id')!;
    expect(isParameterVisible(t, dep, {}, { is_baseline: true })).toBe(false);
    expect(isParameterVisible(t, dep, {}, { is_baseline: false })).toBe(true);
  });

  it('cross-field: deposit above price, employer weeks above leave', () => {
    expect(
      v('buy_first_home', filled('buy_first_home', { purchase_price: 500_000, deposit_amount: 600_000 }))[0].field,
    ).toBe('deposit_amount');
    expect(v('parental_leave', filled('parental_leave', { leave_weeks: 10, employer_paid_weeks: 12 }))[0].field).toBe(
      'employer_paid_weeks',
    );
  });
});

describe('materialiseEvent', () => {
  it("creates the event's accounts and recurring items with deterministic UUID-shaped ids", () => {
    const t = template('buy_first_home');
    const ev = event('buy_first_home', withDefaults(t, {}, { is_baseline: true }));
    const ctx = makeContext({ is_baseline: true });
    const a = materialiseEvent(ev, ctx);
    const b = materialiseEvent(ev, ctx);
    expect(a).toEqual(b);
    expect(a.accounts.map((x) => x.id)).toEqual([
      eventEntityId('ev-1', 'ev-1:property'),
      eventEntityId('ev-1', 'ev-1:loan'),
    ]);
    for (const x of [...a.accounts, ...a.recurring_items]) {
      expect(x.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(x.scenario_event_id).toBe('ev-1');
    }
    expect(a.accounts[0]).toMatchObject({ account_type: 'property', current_balance: 900_000, is_asset: true });
    expect(a.accounts[1]).toMatchObject({
      account_type: 'mortgage',
      current_balance: -550_000,
      is_asset: false,
      annual_rate: 6.2,
    });
    const rates = a.recurring_items.find((r) => r.name.includes('council'));
    expect(rates).toMatchObject({
      amount: -550,
      frequency: 'quarterly',
      account_id: 'acc-cash',
      category_id: '',
      is_active: true,
    });
    expect(a.category_hints[rates!.id]).toEqual({ name: 'Housing', type: 'expense' });
    // Another event gets other ids.
    expect(materialiseEvent({ ...ev, id: 'ev-2' }, ctx).accounts[0].id).not.toBe(a.accounts[0].id);
  });

  it('maps category hints through a resolver and event account keys to their ids', () => {
    const t = template('investment_property');
    const ev = event('investment_property', withDefaults(t, {}, { is_baseline: false }));
    const out = materialiseEvent(ev, { ...makeContext(), resolveCategory: (hint, type) => `${type}/${hint}` });
    const rent = out.recurring_items.find((r) => r.name === 'Rent received');
    expect(rent?.category_id).toBe('income/Rental income');
    expect(out.accounts.every((a) => a.current_balance === 0)).toBe(true);
    // The same compiler the forecast uses: the same flows, the same amounts.
    const ps = compileEvent(ev, makeContext());
    expect(out.recurring_items.map((r) => r.amount)).toEqual(
      flows(ps)
        .filter((f) => f.schedule.type === 'recurring')
        .map((f) => f.amount),
    );
  });
});

describe('more template behaviour', () => {
  it('sell_property: sells at the forecast value, pays out the mortgage, CGT only off the main residence', () => {
    const home = compile('sell_property');
    expect(byKey(home, 'sale')).toMatchObject({ from: 'acc-home', to: PRIMARY_CASH, amount: 'all' });
    expect(byKey(home, 'repay_mortgage')).toMatchObject({ from: PRIMARY_CASH, to: 'acc-mort', amount: 'all' });
    expect((byKey(home, 'selling_costs') as PrimitiveFlow).amount).toBe(-22_500);
    expect(byKey(home, 'cgt')).toBeUndefined();
    expect(adjusts(home)[0]).toMatchObject({ target: 'ri-repay' });
    // 900,000 - 22,500 costs - 600,000 cost base = 277,500 gain; half assessable, in the FY of the sale.
    const inv = compile('sell_property', { is_main_residence: false, taxpayer: 'partner' });
    expect(byKey(inv, 'cgt')).toBeUndefined();
    expect(byKey(inv, 'capital_gain')).toMatchObject({
      kind: 'tax_adjustment',
      taxpayer: 'partner',
      amount: 138_750,
      schedule: { type: 'once', date: '2027-03-01' },
    });
    // Held under 12 months: no discount.
    expect(
      byKey(compile('sell_property', { is_main_residence: false, months_owned: 6 }), 'capital_gain'),
    ).toMatchObject({ amount: 277_500 });
  });

  it('new_child: costs to 18 and subsidised childcare between the ages', () => {
    const ps = compile('new_child', { birth_date: '2027-03-10' });
    expect(byKey(ps, 'child_costs')).toMatchObject({
      amount: -900,
      schedule: { start_date: '2027-03-10', end_date: '2045-03-09' },
      indexation_rate: 2.5,
    });
    expect(byKey(ps, 'childcare')).toMatchObject({
      amount: -225,
      schedule: { frequency: 'weekly', start_date: '2028-03-10', end_date: '2032-03-09' },
    });
    // An older child in a baseline: only what is left from the event month.
    const older = compile('new_child', { birth_date: '2020-01-15' }, { baseline: true });
    expect(byKey(older, 'childcare')).toBeUndefined();
    expect(byKey(older, 'child_costs')).toMatchObject({
      schedule: { start_date: '2027-03-01', end_date: '2038-01-14' },
    });
  });

  it('retirement: salary stops and yearly stepped drawdowns move super to cash', () => {
    const ps = compile('retirement', { annual_drawdown: 60_000, drawdown_growth_rate: 3 });
    expect(adjusts(ps)[0]).toMatchObject({ target: 'ri-salary', end_date: '2027-02-28' });
    expect(byKey(ps, 'drawdown_1')).toMatchObject({
      from: 'acc-super',
      amount: 5_000,
      schedule: { start_date: '2027-03-01', end_date: '2028-02-29' },
    });
    expect((byKey(ps, 'drawdown_2') as PrimitiveTransfer).amount).toBe(5_150);
  });

  it('interest_only_mortgage: switches the picked mortgage and replaces its repayment', () => {
    const ps = compile('interest_only_mortgage', { investment_share_percent: 40 });
    expect(accounts(ps)).toEqual([]);
    expect(loans(ps)[0]).toMatchObject({
      account: 'acc-mort',
      interest_only_months: 60,
      term_months: 360,
      deductible_share: 0.4,
      start: '2027-03',
    });
    expect(adjusts(ps)[0]).toMatchObject({ target: 'ri-repay' });
  });

  it('car_loan: a depreciating car bought with a deposit and an amortising loan', () => {
    const ps = compile('car_loan');
    expect(byKey(ps, 'car')).toMatchObject({ account_type: 'investment', annual_rate: -15 });
    expect(byKey(ps, 'drawdown')).toMatchObject({ amount: 40_000, to: 'ev-1:car' });
    expect(loans(ps)[0]).toMatchObject({ term_months: 60, annual_rate: 8.5 });
  });
});
