// Statement cell values: amounts to whole cents from their digits, dates day first, and text decoding.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AmountFormatError,
  centsToDecimalString,
  decodeStatementBytes,
  parseCents,
  parseStatementDate,
} from '../../../worker/engine/index';
import { hostUtf8 } from '../../../worker/statement-api';

describe('parseCents', () => {
  it.each([
    ['-45.50', -4550],
    ['+1234.56', 123456],
    ['1,234.56', 123456],
    ['$1,234', 123400],
    ['-$5', -500],
    ['$-5.10', -510],
    ['($12.00)', -1200],
    ['(12.5)', -1250],
    ['12.00 CR', 1200],
    ['45.50 DR', -4550],
    ['45.50DR', -4550],
    ['5.00-', -500],
    ['\u22123.20', -320],
    ['1 234 567.89', 123456789],
    ['0.10', 10],
    ['.5', 50],
    ['7.', 700],
    ['-130.0000', -13000],
    ['0.07', 7],
    ['-0.00', 0],
    ['AUD 10.00', 1000],
    ['1,000,000.01', 100000001],
  ])('%s is %i cents', (text, cents) => {
    expect(parseCents(text)).toBe(cents);
  });

  it.each(['', '  ', '$'])('"%s" is empty (null)', (text) => {
    expect(parseCents(text)).toBeNull();
  });

  it.each(['abc', '1.005', '12,34', '1,2345.00', '--5', '(-5)', '5 CR DR', '1.2.3', '12a'])(
    '"%s" is not an amount',
    (text) => {
      expect(() => parseCents(text)).toThrow(AmountFormatError);
    },
  );

  it('reads every printed amount back to its cents exactly (no float on the way)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e13, max: 1e13 }), (cents) => {
        expect(parseCents(centsToDecimalString(cents))).toBe(cents);
        const [whole, frac] = centsToDecimalString(cents).split('.');
        const grouped = `${whole.replace(/\B(?=(\d{3})+$)/g, ',')}.${frac}`;
        expect(parseCents(grouped)).toBe(cents);
        expect(parseCents(cents < 0 ? `(${grouped.slice(1)})` : `+$${grouped}`)).toBe(cents);
      }),
    );
  });
});

describe('parseStatementDate', () => {
  it.each([
    ['05/03/2026', '2026-03-05'],
    ['5/3/26', '2026-03-05'],
    ['05-03-2026', '2026-03-05'],
    ['05.03.2026', '2026-03-05'],
    ['02 Feb 22', '2022-02-02'],
    ['2 Feb 2022', '2022-02-02'],
    ['10 Apr 2026', '2026-04-10'],
    ['10-Apr-2026', '2026-04-10'],
    ['10 April 2026', '2026-04-10'],
    ['4 Sept 2025', '2025-09-04'],
    ['April 10, 2026', '2026-04-10'],
    ['2026-03-05', '2026-03-05'],
    ['2026-03-05T08:15:02+11:00', '2026-03-05'],
    ['2026-03-05 23:59:59', '2026-03-05'],
    ['20260305', '2026-03-05'],
    ['05/03/2026 14:02', '2026-03-05'],
    ["6/3'26", '2026-03-06'],
    ["1/ 5' 4", '2004-05-01'],
    ['29/02/2024', '2024-02-29'],
    ['31/12/99', '1999-12-31'],
  ])('%s is %s', (text, iso) => {
    expect(parseStatementDate(text)).toBe(iso);
  });

  it.each([
    '13/13/2026',
    '29/02/2025',
    '31/04/2026',
    '',
    'Processed',
    '05/03',
    '2026-02-30',
    '32 Jan 2026',
    '1 Foo 2026',
  ])('"%s" is not a date', (text) => {
    expect(parseStatementDate(text)).toBeNull();
  });

  it('never reads a day-first date month first unless asked', () => {
    expect(parseStatementDate('03/13/26')).toBeNull();
    expect(parseStatementDate('03/04/2026')).toBe('2026-04-03');
    expect(parseStatementDate('03/13/26', 'mdy')).toBe('2026-03-13');
    expect(parseStatementDate('03/04/2026', 'mdy')).toBe('2026-03-04');
  });
});

describe('decodeStatementBytes', () => {
  const bytes = (...b: number[]) => new Uint8Array(b);
  it('reads UTF-8 with and without a byte-order mark', () => {
    expect(decodeStatementBytes(bytes(0xef, 0xbb, 0xbf, 0x43, 0x41, 0x46, 0xc3, 0x89))).toEqual({
      text: 'CAFÉ',
      encoding: 'utf-8',
    });
    expect(decodeStatementBytes(bytes(0x43, 0xc3, 0x89, 0xe2, 0x82, 0xac)).text).toBe('CÉ€');
  });
  it('falls back to Windows-1252 when the bytes are not valid UTF-8', () => {
    expect(decodeStatementBytes(bytes(0x43, 0x41, 0x46, 0xc9, 0x20, 0x92, 0x80, 0x96))).toEqual({
      text: 'CAFÉ \u2019€\u2013',
      encoding: 'windows-1252',
    });
    // A truncated multi-byte sequence at the end, an overlong form and a surrogate are not UTF-8.
    expect(decodeStatementBytes(bytes(0x41, 0xc3)).encoding).toBe('windows-1252');
    expect(decodeStatementBytes(bytes(0xc0, 0x80)).encoding).toBe('windows-1252');
    expect(decodeStatementBytes(bytes(0xed, 0xa0, 0x80)).encoding).toBe('windows-1252');
  });
  it("gives the same text and encoding with the host's TextDecoder as with its own decoder", () => {
    // Text as UTF-8 with some bytes changed (truncated, overlong and stray sequences), with or without a mark.
    const nearUtf8 = fc
      .tuple(
        fc.boolean(),
        fc.string({ unit: 'grapheme', maxLength: 60 }),
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { maxLength: 3 }),
      )
      .map(([bom, text, changes]) => {
        const b = new TextEncoder().encode(text);
        for (const [at, value] of changes) if (b.length > 0) b[at % b.length] = value;
        return bom ? new Uint8Array([0xef, 0xbb, 0xbf, ...b]) : b;
      });
    fc.assert(
      fc.property(fc.oneof(nearUtf8, fc.uint8Array({ maxLength: 40 })), (b) => {
        expect(decodeStatementBytes(b, hostUtf8)).toEqual(decodeStatementBytes(b));
      }),
      { numRuns: 2000 },
    );
  });
  it('reads UTF-16 with a byte-order mark', () => {
    expect(decodeStatementBytes(bytes(0xff, 0xfe, 0x41, 0x00, 0x2c, 0x00))).toEqual({
      text: 'A,',
      encoding: 'utf-16le',
    });
    expect(decodeStatementBytes(bytes(0xfe, 0xff, 0x00, 0x41))).toEqual({ text: 'A', encoding: 'utf-16be' });
  });
  it('decodes any valid UTF-8 exactly', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (s) => {
        const encoded = new TextEncoder().encode(s);
        expect(decodeStatementBytes(encoded)).toEqual({ text: s, encoding: 'utf-8' });
      }),
    );
  });
});
