// Parser properties: any rows written in a bank's layout read back as the same dates, cents, descriptions and
// balances; and any bytes at all either parse or end in a StatementFileError with a message (never a crash).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  centsToDecimalString,
  parseStatementFile,
  StatementFileError,
  type ParsedStatement,
} from '../../../worker/engine/index';

type Row = { date: string; cents: number; description: string; balance: number };

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const rowsArb = fc
  .record({
    start: fc.integer({ min: 0, max: 3000 }),
    opening: fc.integer({ min: -5_000_000, max: 5_000_000 }),
    entries: fc.array(
      fc.record({
        gap: fc.integer({ min: 0, max: 3 }),
        cents: fc.integer({ min: -99_999_999, max: 99_999_999 }).filter((c) => c !== 0),
        description: fc.stringMatching(/^[A-Z][A-Z0-9 &'./*-]{0,38}[A-Z0-9]$/),
      }),
      { minLength: 1, maxLength: 25 },
    ),
  })
  .map(({ start, opening, entries }) => {
    let day = Date.UTC(2018, 0, 1) + start * 86_400_000;
    let balance = opening;
    return entries.map((e): Row => {
      day += e.gap * 86_400_000;
      balance += e.cents;
      return { date: new Date(day).toISOString().slice(0, 10), cents: e.cents, description: e.description, balance };
    });
  });

const dmy = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
const dMonYy = (iso: string) => `${iso.slice(8, 10)} ${MONTHS[Number(iso.slice(5, 7)) - 1]} ${iso.slice(2, 4)}`;
const dMonYyyy = (iso: string) => `${iso.slice(8, 10)} ${MONTHS[Number(iso.slice(5, 7)) - 1]} ${iso.slice(0, 4)}`;
const money = (c: number) => centsToDecimalString(c);
const plus = (c: number) => (c > 0 ? `+${money(c)}` : money(c));
const grouped = (c: number) => {
  const [whole, frac] = money(Math.abs(c)).split('.');
  return `${whole.replace(/\B(?=(\d{3})+$)/g, ',')}.${frac}`;
};

/** Each layout as its bank writes it (quoting, signs, split columns, date style). */
const LAYOUTS: Record<string, (rows: Row[]) => string> = {
  commbank: (rows) =>
    rows.map((r) => `"${dmy(r.date)}","${plus(r.cents)}","${r.description}","${plus(r.balance)}"`).join('\r\n'),
  westpac: (rows) =>
    [
      'Bank Account,Date,Narrative,Debit Amount,Credit Amount,Balance,Categories,Serial',
      ...rows.map(
        (r) =>
          `732000123456,${dmy(r.date)},"${r.description}",${r.cents < 0 ? `"${grouped(r.cents)}"` : ''},${r.cents > 0 ? `"${grouped(r.cents)}"` : ''},"${r.balance < 0 ? '-' : ''}${grouped(r.balance)}",OTHER,`,
      ),
    ].join('\r\n'),
  nab: (rows) =>
    [
      'Date,Amount,Account Number,,Transaction Type,Transaction Details,Balance,Category,Merchant Name',
      ...rows.map((r) => `${dMonYy(r.date)},${money(r.cents)},083-123 1,,T,"${r.description}",${money(r.balance)},X,`),
    ].join('\n'),
  anz: (rows) => rows.map((r) => `${dmy(r.date)},${money(r.cents)},"${r.description}"`).join('\n'),
  ing: (rows) =>
    [
      'Date,Description,Credit,Debit,Balance',
      ...rows.map(
        (r) =>
          `${dmy(r.date)},"${r.description}",${r.cents > 0 ? money(r.cents) : ''},${r.cents < 0 ? money(r.cents) : ''},${money(r.balance)}`,
      ),
    ].join('\n'),
  macquarie: (rows) =>
    [
      '"Transaction Date","Details","Account","Category","Subcategory","Tags","Notes","Debit","Credit","Balance","Original Description"',
      ...rows.map(
        (r) =>
          `"${dMonYyyy(r.date)}","x","Acc","","","","","${r.cents < 0 ? money(-r.cents) : ''}","${r.cents > 0 ? money(r.cents) : ''}","${money(r.balance)}","${r.description}"`,
      ),
    ].join('\n'),
  bankwest: (rows) =>
    [
      'BSB Number,Account Number,Transaction Date,Narration,Cheque,Debit,Credit,Balance,Transaction Type',
      ...rows.map(
        (r) =>
          `306-089,1234567,${dmy(r.date)},"${r.description}",,${r.cents < 0 ? money(-r.cents) : ''},${r.cents > 0 ? money(r.cents) : ''},${money(r.balance)},X`,
      ),
    ].join('\n'),
  generic: (rows) =>
    [
      'Date,Description,Amount,Balance',
      ...rows.map(
        (r) =>
          `${r.date},"${r.description}","${r.cents < 0 ? `($${grouped(r.cents)})` : `$${grouped(r.cents)}`}",${money(r.balance)}`,
      ),
    ].join('\n'),
  ofx: (rows) =>
    `OFXHEADER:100\nDATA:OFXSGML\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><BANKTRANLIST>\n${rows
      .map(
        (r, i) =>
          `<STMTTRN>\n<DTPOSTED>${r.date.replace(/-/g, '')}\n<TRNAMT>${money(r.cents)}\n<FITID>F${i}\n<NAME>${r.description.replace(/&/g, '&amp;')}\n</STMTTRN>`,
      )
      .join('\n')}\n</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\n`,
  qif: (rows) =>
    `!Type:Bank\n${rows.map((r) => `D${dmy(r.date)}\nT${grouped(r.cents).replace(/^/, r.cents < 0 ? '-' : '')}\nP${r.description}\n^`).join('\n')}\n`,
};

const NO_BALANCE = new Set(['anz', 'ofx', 'qif']);

describe('parser round trips', () => {
  for (const [layout, write] of Object.entries(LAYOUTS)) {
    it(`${layout}: rows written in the layout read back exactly`, () => {
      fc.assert(
        fc.property(rowsArb, (rows) => {
          const result = parseStatementFile(new TextEncoder().encode(write(rows)), `f.${layout}`);
          expect(result.kind).toBe('parsed');
          const s = (result as { statement: ParsedStatement }).statement;
          if (!['ofx', 'qif'].includes(layout)) expect(s.bank).toBe(layout);
          expect(s.skipped).toEqual([]);
          expect(s.rows.map((r) => [r.date, r.amount_cents, r.description])).toEqual(
            rows.map((r) => [r.date, r.cents, r.description]),
          );
          if (!NO_BALANCE.has(layout)) {
            expect(s.rows.map((r) => r.balance_cents)).toEqual(rows.map((r) => r.balance));
            expect(s.balance_check?.breaks ?? []).toEqual([]);
          }
          for (const r of s.rows) expect(r.payee).not.toBe('');
        }),
        { numRuns: 60 },
      );
    });
  }
});

describe('any bytes', () => {
  const outcome = (bytes: Uint8Array) => {
    try {
      return parseStatementFile(bytes, 'any').kind;
    } catch (err) {
      expect(err).toBeInstanceOf(StatementFileError);
      expect((err as StatementFileError).message.length).toBeGreaterThan(10);
      return 'error';
    }
  };
  it('parse, ask for a mapping, or end in a StatementFileError with a message', () => {
    const texty = fc
      .array(
        fc.oneof(
          fc.constantFrom(
            '01/02/2026',
            '-4.50',
            '+1,234.00',
            'Date',
            'Amount',
            '<OFX>',
            '<STMTTRN>',
            '!Type:Bank',
            '^',
          ),
          fc.constantFrom('D01/02/26', 'T-1', ',', ';', '"', '\n', '\r\n', ' ', '<TRNAMT>', 'OFXHEADER:100', '</OFX>'),
          fc.string({ maxLength: 8 }),
        ),
        { maxLength: 60 },
      )
      .map((parts) => new TextEncoder().encode(parts.join('')));
    fc.assert(
      fc.property(fc.oneof(texty, fc.uint8Array({ maxLength: 300 })), (bytes) => {
        expect(['parsed', 'mapping_needed', 'error']).toContain(outcome(bytes));
      }),
      { numRuns: 1500 },
    );
  });
});
