// Property test: for random parameter values drawn from each template's own ranges and options, validation
// passes and the compiler returns finite, well-keyed primitives (and never throws).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { TEMPLATES } from '../../../worker/engine/templates/catalogue';
import { compileEvent, validateTemplateParameters } from '../../../worker/engine/templates/compile';
import type { TemplateParameter } from '../../../worker/engine/model/template';
import { BASE_ACCOUNTS, BASE_ITEMS, makeContext } from './context';

function numbersIn(value: unknown, out: number[] = []): number[] {
  if (typeof value === 'number') out.push(value);
  else if (value && typeof value === 'object') Object.values(value).forEach((v) => numbersIn(v, out));
  return out;
}

const DEBTS = BASE_ACCOUNTS.filter((a) => !a.is_asset).map((a) => a.id);
const ASSETS = BASE_ACCOUNTS.filter((a) => a.is_asset).map((a) => a.id);

function arb(p: TemplateParameter): fc.Arbitrary<unknown> {
  const lo = p.min_value ?? 0;
  const hi = Math.min(p.max_value ?? 1_000_000, 5_000_000);
  switch (p.type) {
    case 'decimal':
      return fc
        .double({ min: lo, max: hi, noNaN: true, noDefaultInfinity: true })
        .map((n) => Math.round(n * 100) / 100)
        .filter((n) => n >= lo && n <= hi);
    case 'integer':
      return fc.integer({ min: Math.ceil(lo), max: Math.floor(hi) });
    case 'boolean':
      return fc.boolean();
    case 'date':
      return fc
        .date({ min: new Date('2025-01-01T00:00:00Z'), max: new Date('2040-12-31T00:00:00Z'), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10));
    case 'select':
      return fc.constantFrom(...(p.options ?? []).map((o) => o.value));
    case 'recurring_item':
      return fc.constantFrom(
        null,
        ...BASE_ITEMS.filter((r) => (p.filter_by === 'income' ? r.amount > 0 : r.amount < 0)).map((r) => r.id),
      );
    case 'text':
      if (p.name === 'debt_account_id') return fc.constantFrom(...DEBTS);
      if (p.name === 'property_account_id') return fc.constant('acc-home');
      if (p.name.includes('account_id'))
        return p.required ? fc.constantFrom(...ASSETS) : fc.constantFrom(null, ...ASSETS);
      return fc.string({ minLength: 1, maxLength: 30 });
  }
}

describe('random valid parameters', () => {
  it.each(TEMPLATES.map((t) => ({ id: t.template_id, t })))('$id', ({ t }) => {
    const record = fc.record(Object.fromEntries(t.parameters.map((p) => [p.name, arb(p)])));
    fc.assert(
      fc.property(record, fc.boolean(), (params, baseline) => {
        const isBaseline = baseline && t.supports_baseline;
        const errors = validateTemplateParameters(t, params, {
          is_baseline: isBaseline,
          accounts: BASE_ACCOUNTS,
          recurring_items: BASE_ITEMS,
          trigger_month: '2027-03',
        });
        // Cross-field rules may reject some draws; those are not compiled by the app.
        fc.pre(errors.length === 0);
        const ps = compileEvent(
          { id: 'ev-9', name: 'E', trigger_month: '2027-03', template_id: t.template_id, template_parameters: params },
          makeContext({ is_baseline: isBaseline }),
        );
        for (const p of ps) {
          expect(p.key.startsWith('ev-9:')).toBe(true);
          for (const n of numbersIn(p)) expect(Number.isFinite(n)).toBe(true);
        }
        expect(new Set(ps.map((p) => p.key)).size).toBe(ps.length);
      }),
      { numRuns: 150, seed: 20261121 },
    );
  });
});
