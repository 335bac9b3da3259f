// Smart Create parser: result shape, edge cases (empty, over-long, nonsense), several events, parameters valid
// for their templates, and determinism.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import corpus from './corpus.json';
import { identifyTemplatesFromPrompt, SMART_CREATE_MESSAGES } from '../../../worker/engine/smart-create/identify';
import { getTemplate } from '../../../worker/engine/templates/catalogue';
import { validateTemplateParameters } from '../../../worker/engine/templates/compile';

const TODAY = '2026-11-21';
const read = (p: string) => identifyTemplatesFromPrompt(p, { today: TODAY });

describe('identifyTemplatesFromPrompt', () => {
  it('reads the first example from the issue', () => {
    const r = read('buy a $750k apartment in March 2028 with a 10% deposit');
    expect(r.error).toBeUndefined();
    expect(r.templates[0]).toEqual({
      template_id: 'buy_first_home',
      parameters: { purchase_price: 750_000, deposit_amount: 75_000 },
      trigger_month: '2028-03',
    });
    expect(r.scenario_name).toBe('Buy $750k apartment (Mar 2028)');
    expect(r.scenario_description).toBe(
      'Buy Your First Home in March 2028 (purchase price $750,000, deposit $75,000).',
    );
  });

  it('reads the second example from the issue', () => {
    const r = read('take 6 months parental leave from next July');
    expect(r.templates[0]).toEqual({
      template_id: 'parental_leave',
      parameters: { leave_weeks: 26, birth_date: '2027-07-01' },
      trigger_month: '2027-07',
    });
    expect(r.scenario_name).toBe('Parental leave, 26 weeks (Jul 2027)');
  });

  it('returns several templates, best first, when the prompt describes several events', () => {
    const r = read('buy a house and have a baby next year');
    expect(r.templates.map((t) => t.template_id)).toEqual(['buy_first_home', 'new_child']);
    expect(r.templates[1].parameters).toEqual({ birth_date: '2027-01-01' });
    expect(r.scenario_name).toBe('Buy house + Have a baby (Jan 2027)');
  });

  it('gives each event the values written in its own part of the prompt', () => {
    const r = read('sell the apartment for $800k and buy a $1.3m house in 2028');
    expect(r.templates.map((t) => [t.template_id, t.parameters])).toEqual([
      ['sell_property', { expected_sale_price: 800_000 }],
      ['buy_first_home', { purchase_price: 1_300_000 }],
    ]);
    expect(r.templates[1].trigger_month).toBe('2028-01');
  });

  it('splits a two-event prompt at its conjunction, so each event keeps its own numbers and date', () => {
    const r = read(
      'buy a $750k apartment in March 2028 with a 10% deposit and take 6 months parental leave from next July',
    );
    expect(r.templates).toEqual([
      {
        template_id: 'buy_first_home',
        parameters: { purchase_price: 750_000, deposit_amount: 75_000 },
        trigger_month: '2028-03',
      },
      {
        template_id: 'parental_leave',
        parameters: { leave_weeks: 26, birth_date: '2027-07-01' },
        trigger_month: '2027-07',
      },
    ]);
  });

  it("uses today's month as trigger_month when the prompt names no date", () => {
    expect(read('pay an extra $500 a month off my mortgage').templates[0].trigger_month).toBe('2026-11');
  });

  it('rejects an empty prompt with the required message, without throwing', () => {
    for (const p of ['', '   ', '\n\t']) {
      const r = read(p);
      expect(r).toEqual({
        templates: [],
        scenario_name: '',
        scenario_description: '',
        error: { code: 'empty', message: 'Please enter a description of your scenario' },
      });
    }
  });

  it('rejects a prompt over 500 characters', () => {
    const long = `buy a $750k apartment ${'x'.repeat(480)}`;
    expect(long.length).toBeGreaterThan(500);
    const r = read(long);
    expect(r.templates).toEqual([]);
    expect(r.error?.code).toBe('too_long');
    expect(read('buy a $750k apartment'.padEnd(500, ' ')).templates[0].template_id).toBe('buy_first_home');
  });

  it('returns no templates and the no-match message for nonsense', () => {
    for (const p of ['hello', 'asdf qwerty zxcv', 'what is the capital of France?', '1234 5678', '!!!']) {
      const r = read(p);
      expect(r.templates).toEqual([]);
      expect(r.error).toEqual({ code: 'no_match', message: SMART_CREATE_MESSAGES.no_match });
    }
    expect(SMART_CREATE_MESSAGES.no_match).toBe('No matching templates found. Please provide more details.');
  });

  it('never returns a parameter the template does not have, nor one that fails its validation', () => {
    for (const c of corpus.cases) {
      for (const t of read(c.prompt).templates) {
        const template = getTemplate(t.template_id)!;
        const names = template.parameters.map((p) => p.name);
        for (const k of Object.keys(t.parameters)) expect(names).toContain(k);
        const errors = validateTemplateParameters(template, t.parameters, {
          is_baseline: false,
          trigger_month: t.trigger_month,
        });
        expect(
          errors.filter((e) => e.field in t.parameters),
          c.prompt,
        ).toEqual([]);
      }
    }
  });

  it('drops a value outside its parameter range instead of clamping it', () => {
    const r = read('take 3 years of parental leave from March');
    expect(r.templates[0].template_id).toBe('parental_leave');
    expect(r.templates[0].parameters.leave_weeks).toBeUndefined();
    expect(read('buy a $500k house with a $600k deposit').templates[0].parameters).toEqual({ purchase_price: 500_000 });
  });

  it('is deterministic and never throws, for any text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 600 }), (s) => {
        const a = identifyTemplatesFromPrompt(s, { today: TODAY });
        expect(Array.isArray(a.templates)).toBe(true);
        expect(typeof a.scenario_name).toBe('string');
        expect(identifyTemplatesFromPrompt(s, { today: TODAY })).toEqual(a);
      }),
      { numRuns: 300 },
    );
  });

  it('reads relative dates against the given today, not the clock', () => {
    expect(
      identifyTemplatesFromPrompt('have a baby next year', { today: '2030-05-02' }).templates[0].trigger_month,
    ).toBe('2031-01');
    expect(
      identifyTemplatesFromPrompt('take parental leave in 6 months', { today: '2030-05-02' }).templates[0]
        .trigger_month,
    ).toBe('2030-11');
  });
});

describe('supersession order (templates absorb each other in registry order)', () => {
  const ids = (prompt: string) =>
    identifyTemplatesFromPrompt(prompt, { today: '2026-11-21' }).templates.map((t) => t.template_id);

  it('retirement absorbs super before super could absorb the shares', () => {
    expect(ids('retire in 2040, voluntary super contributions $200 a fortnight and invest $10k in ETFs')).toEqual([
      'retirement',
      'asset_purchase',
    ]);
  });

  it('a lump sum beside a HELP debt does not turn extra mortgage repayments into a debt payoff', () => {
    expect(
      ids('my HECS debt of $30k, pay off my credit card with a lump sum and extra mortgage repayments of $500 a month'),
    ).toEqual(['help_debt', 'extra_mortgage_repayments']);
  });

  it('an investment property sold absorbs the purchase words first', () => {
    expect(ids('sell my investment property and buy a $750k house')).toEqual(['sell_property']);
  });

  it('orders templates whose cues start at the same word by template id', () => {
    const r = identifyTemplatesFromPrompt('pay rise to $110k and pay off my credit card', { today: '2026-11-21' });
    expect(r.templates.map((t) => t.template_id)).toEqual(['debt_payoff', 'job_income_change']);
    expect(r.templates[1].parameters).toEqual({ gross_annual_salary: 110000 });
  });

  it('salary sacrifice absorbs super and shares', () => {
    expect(ids('salary sacrifice $500 a month and invest $10k in ETFs')).toEqual(['salary_sacrifice']);
  });
});
