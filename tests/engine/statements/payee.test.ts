// Payee normalisation (deterministic, idempotent) and payee rules.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyPayeeRules, normalisePayee } from '../../../worker/engine/index';

describe('normalisePayee', () => {
  it.each([
    ['VISA PURCHASE WOOLWORTHS 1234 SYDNEY NSW AU', 'Woolworths'],
    ['EFTPOS COLES 0456 MANLY NSW AU', 'Coles'],
    ['CAFE NERO SYDNEY NS AUS Card xx1234 Value Date: 03/03/2026', 'Cafe Nero'],
    ['Visa Purchase - Receipt 123456 In KMART 1050 MELBOURNE Date 28 Feb 2026 Card 462263xxxxxx1234', 'Kmart'],
    ['DEBIT CARD PURCHASE NETFLIX.COM MELBOURNE AU', 'Netflix.com'],
    ['SPOTIFY P1234ABCD SYDNEY AUS', 'Spotify'],
    ['Direct Debit 123456 AGL ENERGY REF 998877', 'AGL Energy'],
    ['ALDI STORES 23 PADDINGTON QLD AUS', 'Aldi Stores'],
    ['EFTPOS PURCHASE BUNNINGS 123 CANNINGTON WA', 'Bunnings'],
    ['  woolworths   metro  ', 'Woolworths Metro'],
    ['UBER *TRIP HELP.UBER.COM', 'Uber Trip Help.uber.com'],
    ['SQ *THE GROUNDS', 'The Grounds'],
    ['Transfer to xx9876 CommBank app', 'Transfer To Commbank App'],
    ['SERVICE NSW REGO', 'Service NSW Rego'],
    ['SERVICE NSW PARRAMATTA NSW AU', 'Service NSW'],
    ['TRANSPORT FOR NSW OPAL', 'Transport For NSW Opal'],
    ['WOOLWORTHS 1234 SYDNEY NSW 2000', 'Woolworths'],
  ])('%s -> %s', (description, payee) => {
    expect(normalisePayee(description)).toBe(payee);
  });

  it.each([
    ['DIRECT DEBIT ATO PAYMENT PLAN', 'ATO Payment Plan'],
    ['AGL SALES PTY LTD', 'AGL Sales Pty Ltd'],
    ['NRMA INSURANCE SYDNEY NSW AU', 'NRMA Insurance'],
    ['RACV MEMBERSHIP', 'RACV Membership'],
    ['BP EXPRESS 1234 KEW VIC', 'BP Express'],
    ['ANZ CARDS', 'ANZ Cards'],
    ['NAB HOME LOAN', 'NAB Home Loan'],
    ['ING DIRECT', 'ING Direct'],
    ['AMP SUPER', 'AMP Super'],
    ['HCF HEALTH', 'HCF Health'],
    ['BUPA HEALTH INSURANCE', 'BUPA Health Insurance'],
    ['KFC 123 PENRITH NSW', 'KFC'],
    ['JB HI-FI 0456 CHADSTONE VIC', 'JB Hi-fi'],
    ['H&M GEORGE ST', 'H&M George St'],
    // Words without a vowel that abbreviate words stay in title case, and so do words with one.
    ['CNR MT STREET DR PTY LTD', 'Cnr Mt Street Dr Pty Ltd'],
    ['SKY GYM', 'Sky Gym'],
  ])('keeps acronyms in capitals: %s -> %s', (description, payee) => {
    expect(normalisePayee(description)).toBe(payee);
    expect(normalisePayee(payee)).toBe(payee);
  });

  it('the same payee from differently written descriptions', () => {
    const forms = [
      'VISA PURCHASE WOOLWORTHS 1234 SYDNEY NSW AU Card xx1234',
      'EFTPOS WOOLWORTHS 5678 BONDI JUNCTION NS AUS 12/03',
      'Woolworths 0001 Perth WA',
    ];
    expect(new Set(forms.map(normalisePayee))).toEqual(new Set(['Woolworths']));
  });

  it('never empties a description that has text', () => {
    expect(normalisePayee('CARD xx1234')).toBe('Card Xx1234');
    expect(normalisePayee('VISA PURCHASE')).toBe('Visa Purchase');
    expect(normalisePayee('咖啡')).toBe('咖啡');
    expect(normalisePayee('')).toBe('');
  });

  it('is idempotent and deterministic (any text)', () => {
    const words = fc.constantFrom(
      'VISA',
      'PURCHASE',
      'EFTPOS',
      'CARD',
      'xx1234',
      'SYDNEY',
      'NSW',
      'AU',
      'RECEIPT',
      '123456',
      'WOOLWORTHS',
      '1234',
      'IN',
      'AT',
      '03/03/2026',
      'Value',
      'Date:',
      '28 Feb 2026',
      'SQ',
      '*',
      'Café',
      '-',
      'MELBOURNE',
      'VIC',
      'ST KILDA',
    );
    const descriptions = fc.oneof(
      fc.array(words, { maxLength: 10 }).map((w) => w.join(' ')),
      fc.string({ unit: 'grapheme', maxLength: 40 }),
      fc.string({ unit: 'binary', maxLength: 40 }),
    );
    fc.assert(
      fc.property(descriptions, (d) => {
        const once = normalisePayee(d);
        expect(normalisePayee(once)).toBe(once);
        expect(normalisePayee(d)).toBe(once);
        if (d.trim() !== '') expect(once).not.toBe('');
      }),
      { numRuns: 1500 },
    );
  });
});

describe('applyPayeeRules', () => {
  it('sets the category of rows whose payee has a rule (case-insensitive), keeping categories already set', () => {
    const rows = [
      { payee: 'Woolworths', category_id: null },
      { payee: 'WOOLWORTHS ', category_id: undefined },
      { payee: 'Netflix.com', category_id: 'cat-fun' },
      { payee: 'Coles' },
    ];
    const out = applyPayeeRules(rows, [
      { payee: 'woolworths', category_id: 'cat-food' },
      { payee: 'Netflix.com', category_id: 'cat-subs' },
    ]);
    expect(out.map((r) => r.category_id)).toEqual(['cat-food', 'cat-food', 'cat-fun', null]);
    expect(rows[0].category_id).toBeNull();
  });
});
