// Statement parsers against a fixture of every recognised layout (invented data in each bank's documented shape),
// and the edges: headers, sign conventions, encodings, skipped rows with their lines, column mapping, bad files.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  parseStatementFile,
  parseStatementWithMapping,
  StatementFileError,
  type CsvMapping,
  type ParsedStatement,
  type ParseStatementOptions,
  type StatementParseResult,
} from '../../../worker/engine/index';

const fixture = (name: string) => new Uint8Array(readFileSync(join(__dirname, 'fixtures', name)));
const bytes = (text: string) => new TextEncoder().encode(text);

function parsed(result: StatementParseResult): ParsedStatement {
  if (result.kind !== 'parsed') throw new Error(`expected a parsed statement, got ${result.kind}`);
  return result.statement;
}
const parseFixture = (name: string, options?: ParseStatementOptions) =>
  parsed(parseStatementFile(fixture(name), name, options));
const parseText = (text: string, options?: ParseStatementOptions) =>
  parsed(parseStatementFile(bytes(text), 'test.csv', options));

/** date, cents, description, payee, bank id, balance: the rows in a compact form for golden comparisons. */
const compact = (s: ParsedStatement) =>
  s.rows.map((r) => [r.line, r.date, r.amount_cents, r.payee, r.bank_id, r.balance_cents]);

function fileError(fn: () => unknown): StatementFileError {
  try {
    fn();
  } catch (err) {
    if (err instanceof StatementFileError) return err;
    throw err;
  }
  throw new Error('expected a StatementFileError');
}

describe('CSV layouts recognised by shape', () => {
  it('CommBank: no header, explicit + on credits, signed balance, newest first', () => {
    const s = parseFixture('commbank.csv');
    expect([s.format, s.bank, s.encoding]).toEqual(['csv', 'commbank', 'utf-8']);
    expect(compact(s)).toEqual([
      [1, '2026-03-05', -450, 'Cafe Nero', null, 234550],
      [2, '2026-03-05', -450, 'Cafe Nero', null, 235000],
      [3, '2026-03-04', 250000, 'Acme Pty Ltd Salary', null, 235450],
      [4, '2026-03-02', -12000, 'Woolworths', null, -14550],
      [5, '2026-03-01', -2550, 'Transfer To Commbank App', null, -2550],
    ]);
    expect(s.rows[0].description).toBe('CAFE NERO SYDNEY NS AUS Card xx1234 Value Date: 03/03/2026');
    expect(s.balance_check).toEqual({ order: 'newest_first', checked: 4, breaks: [] });
    expect([s.closing_balance_cents, s.closing_balance_date]).toEqual([234550, '2026-03-05']);
    expect(s.skipped).toEqual([]);
  });

  it('Westpac: header (after a BOM), split unsigned debit and credit, Serial as the bank id', () => {
    const s = parseFixture('westpac.csv');
    expect(s.bank).toBe('westpac');
    expect(compact(s)).toEqual([
      [2, '2026-03-01', -5620, 'Coles', null, 94380],
      [3, '2026-03-02', 150000, 'Online Salary Acme', null, 244380],
      [4, '2026-03-03', -20000, 'Cheque', '000123', 224380],
      [5, '2026-03-04', -1699, 'Netflix.com', null, 222681],
    ]);
    expect(s.balance_check).toEqual({ order: 'oldest_first', checked: 3, breaks: [] });
  });

  it('NAB: the blank 4th header is matched by position only; dd Mon yy dates; Merchant Name as payee', () => {
    const s = parseFixture('nab.csv');
    expect(s.bank).toBe('nab');
    expect(compact(s)).toEqual([
      [2, '2026-03-02', -1250, 'Bakers Delight', null, 98750],
      [3, '2026-03-03', 120000, 'Internet Transfer From J Citizen', null, 218750],
      [4, '2026-03-04', -8900, 'AGL', null, 209850],
      [5, '2026-03-05', -300, 'Account Fee', null, null],
    ]);
    expect(s.rows[0].description).toBe('V1234 02/03 BAKERS DELIGHT CHATSWOOD AU 123456');
    // The newer export adds Processed On; the columns still map by name.
    const newer = parseFixture('nab-processed-on.csv');
    expect(newer.bank).toBe('nab');
    expect(compact(newer)).toEqual([
      [2, '2026-03-02', -1250, 'Bakers Delight', null, 98750],
      [3, '2026-03-03', 120000, 'Internet Transfer From J Citizen', null, 218750],
    ]);
  });

  it("NAB's older export without a header: details and balance by position", () => {
    const s = parseText(
      '02 Feb 22,-12.50,,,EFTPOS DEBIT,BAKERS DELIGHT CHATSWOOD,987.50\n03 Feb 22,1200.00,,,TRANSFER CREDIT,J CITIZEN,2187.50\n',
    );
    expect(s.bank).toBe('nab');
    expect(compact(s)).toEqual([
      [1, '2022-02-02', -1250, 'Bakers Delight', null, 98750],
      [2, '2022-02-03', 120000, 'J Citizen', null, 218750],
    ]);
    expect(parseText('02 Feb 22,-12.50,,,EFTPOS DEBIT,SHOP,987.50\n', { bank: 'nab' }).bank).toBe('nab');
  });

  it('a blank header name never matches another column (the NAB trap)', () => {
    // Blank names everywhere but the date: nothing can be mapped by name, so the user maps the columns.
    const r = parseStatementFile(bytes(',Date,,\n-5.00,01/03/2026,Shop,100.00\n'), 'blank.csv');
    expect(r.kind).toBe('mapping_needed');
    // NAB's names without the blank column are not NAB (and not silently mis-mapped).
    const s = parseText(
      'Date,Amount,Account Number,X,Transaction Type,Transaction Details,Balance\n02 Mar 26,-1.00,1,,T,Shop,9.00\n',
    );
    expect(s.bank).toBe('generic');
    expect(s.rows[0]).toMatchObject({ amount_cents: -100, description: 'Shop', balance_cents: 900 });
  });

  it('ANZ: no header, three columns, no balance; two identical coffees are two rows', () => {
    const s = parseFixture('anz.csv');
    expect(s.bank).toBe('anz');
    expect(compact(s)).toEqual([
      [1, '2026-03-01', -450, 'Coffee Club', null, null],
      [2, '2026-03-01', -450, 'Coffee Club', null, null],
      [3, '2026-03-02', -10000, 'ATO Payment Plan', null, null],
      [4, '2026-03-03', 123456, 'Pay/salary From Acme Pty Ltd', null, null],
    ]);
    expect(s.balance_check).toBeNull();
  });

  it('ANZ with its optional columns present but empty is ANZ, not a CommBank card export', () => {
    const s = parseText('13/02/2026,-9.99,"NETFLIX.COM MELBOURNE",,,,,\n14/02/2026,+5.00,"REFUND",,,,,\n');
    expect(s.bank).toBe('anz');
    expect(s.rows.map((r) => [r.date, r.amount_cents, r.balance_cents])).toEqual([
      ['2026-02-13', -999, null],
      ['2026-02-14', 500, null],
    ]);
    expect(parseText('03/01/2026,"-45.50","WOOLWORTHS",""\n04/01/2026,"+100.00","PAYMENT",""\n').bank).toBe('commbank');
  });

  it('ING: debits already negative (amount = credit + debit), receipt number as the bank id', () => {
    const s = parseFixture('ing.csv');
    expect(s.bank).toBe('ing');
    expect(compact(s)).toEqual([
      [2, '2026-03-01', -4500, 'Kmart', 'receipt:123456', 95500],
      [3, '2026-03-02', 200000, 'Acme Pty Ltd', 'receipt:123457', 295500],
      [4, '2026-03-03', -50000, 'Internal Transfer To Savings Maximiser', 'receipt:123458', 245500],
    ]);
    expect(s.balance_check?.breaks).toEqual([]);
  });

  it('Macquarie: every value quoted, dd Mon yyyy, split unsigned, Details as payee', () => {
    const s = parseFixture('macquarie.csv');
    expect(s.bank).toBe('macquarie');
    expect(compact(s)).toEqual([
      [2, '2026-03-10', -1199, 'Spotify', null, 198801],
      [3, '2026-03-11', 300000, 'Acme Pty Ltd', null, 498801],
      [4, '2026-03-12', -6735, 'Aldi', null, 492066],
    ]);
    expect(s.rows[0].description).toBe('SPOTIFY P1234ABCD SYDNEY AUS');
  });

  it('Up: Time as a datetime, signed Total (AUD), the Payee column', () => {
    const s = parseFixture('up.csv');
    expect(s.bank).toBe('up');
    expect(compact(s)).toEqual([
      [2, '2026-03-01', -550, 'Coffee Supreme', null, null],
      [3, '2026-03-02', 240000, 'Acme Pty Ltd', null, null],
      [4, '2026-03-03', -2340, 'Uber', null, null],
    ]);
  });

  it('Bankwest: header, split debit and credit', () => {
    const s = parseFixture('bankwest.csv');
    expect(s.bank).toBe('bankwest');
    expect(compact(s)).toEqual([
      [2, '2026-03-01', -8540, 'Bunnings', null, 91460],
      [3, '2026-03-02', 210000, 'Pay Acme Pty Ltd', null, 301460],
    ]);
  });

  it('generic: exact header names; ISO dates, $ signs, thousands, parentheses, CR and DR', () => {
    const s = parseFixture('generic.csv');
    expect(s.bank).toBe('generic');
    expect(s.rows.map((r) => r.amount_cents)).toEqual([100000, -4510, 1200, -250]);
    expect(s.balance_check).toEqual({ order: 'oldest_first', checked: 3, breaks: [] });
    const split = parseText(
      'Posted Date,Narration,Withdrawals,Deposits\n2026-03-01,Rent,400.00,\n2026-03-02,Pay,,900\n',
    );
    expect(split.rows.map((r) => r.amount_cents)).toEqual([-40000, 90000]);
  });

  it('Windows-1252 files are decoded (CommBank shape)', () => {
    const s = parseFixture('commbank-cp1252.csv');
    expect([s.bank, s.encoding]).toEqual(['commbank', 'windows-1252']);
    expect(s.rows[0].description).toBe('CAFÉ ROMA \u2019S SYDNEY');
    expect(s.rows[0].payee).toBe("Cafe Roma 's");
  });

  it('a UTF-8 byte-order mark in front of Windows-1252 text is dropped, not read as text (NAB header intact)', () => {
    const text =
      'Date,Amount,Account Number,,Transaction Type,Transaction Details,Balance,Category,Merchant Name\r\n' +
      '02 Feb 26,-12.30,083,,EFTPOS,CAF\u00c9 ROMA\u2019S SYDNEY,987.70,,\r\n';
    const cp1252 = Uint8Array.from(text, (ch) => (ch === '\u2019' ? 0x92 : ch.charCodeAt(0)));
    const withBom = new Uint8Array([0xef, 0xbb, 0xbf, ...cp1252]);
    const s = parsed(parseStatementFile(withBom, 'nab.csv'));
    expect([s.bank, s.encoding]).toEqual(['nab', 'windows-1252']);
    expect(s.rows[0].description).toBe('CAF\u00c9 ROMA\u2019S SYDNEY');
  });

  it('tab, semicolon and pipe delimiters, CRLF and bare CR line ends', () => {
    const rows = (text: string) => parseText(text).rows.map((r) => [r.line, r.date, r.amount_cents]);
    expect(rows('01/03/2026\t-1.00\tA\n02/03/2026\t+2.00\tB\n')).toEqual([
      [1, '2026-03-01', -100],
      [2, '2026-03-02', 200],
    ]);
    expect(rows('Date;Description;Amount\r01/03/2026;A;-1.00\r02/03/2026;B;2\r')).toEqual([
      [2, '2026-03-01', -100],
      [3, '2026-03-02', 200],
    ]);
    expect(rows('Date|Description|Amount\r\n01/03/2026|A|-1.00\r\n')).toEqual([[2, '2026-03-01', -100]]);
  });
});

describe('skipped rows and line numbers', () => {
  it('every skipped row has its line and reason; a quoted newline keeps later line numbers true', () => {
    const s = parseText(
      [
        'Account: 123-456 Everyday',
        '',
        'Date,Description,Amount,Balance',
        '01/03/2026,"Two-line',
        'memo",-1.00,99.00',
        '31/02/2026,Bad date,-1.00,98.00',
        '02/03/2026,Bad amount,12.3.4,97.00',
        '03/03/2026,No amount,,97.00',
        'Closing balance,,,97.00',
        '04/03/2026,Fine,-2.00,95.00',
        '',
      ].join('\n'),
    );
    expect(s.rows.map((r) => [r.line, r.description, r.amount_cents])).toEqual([
      [4, 'Two-line\nmemo', -100],
      [10, 'Fine', -200],
    ]);
    expect(s.skipped).toEqual([
      { line: 1, reason: 'before the header row' },
      { line: 6, reason: '"31/02/2026" is not a date (31/02/2026, Bad date, -1.00, 98.00)' },
      { line: 7, reason: '"12.3.4" is not an amount' },
      { line: 8, reason: 'no amount' },
      { line: 9, reason: '"Closing balance" is not a date (Closing balance, 97.00)' },
    ]);
    // Rows are missing between 99.00 and 95.00: the running balance says so.
    expect(s.balance_check).toEqual({
      order: 'oldest_first',
      checked: 1,
      breaks: [{ line: 10, expected_cents: 9700, found_cents: 9500 }],
    });
    expect(s.warnings?.[0]).toMatch(/running balance does not follow the amounts at 1 row \(first at line 10\)/);
  });

  it('a running balance that breaks reports where (missing or reordered rows)', () => {
    const s = parseText('01/03/2026,-1.00,A,+99.00\n02/03/2026,-1.00,B,+98.00\n04/03/2026,-1.00,D,+96.00\n');
    expect(s.balance_check).toEqual({
      order: 'oldest_first',
      checked: 2,
      breaks: [{ line: 3, expected_cents: 9700, found_cents: 9600 }],
    });
  });

  it('bank ids that repeat within a file are dropped (matched by content instead), with a warning', () => {
    const s = parseText(
      'Date,Description,Amount,Transaction ID\n01/03/2026,A,-1,X1\n01/03/2026,B,-2,X1\n02/03/2026,C,-3,X2\n',
    );
    expect(s.rows.map((r) => r.bank_id)).toEqual([null, null, 'X2']);
    expect(s.warnings).toContain('2 rows share a bank id with another row; they are matched by their content instead.');
  });
});

describe('--bank and format overrides', () => {
  it('a named bank must fit the file: ANZ on a CommBank file drops the balance column, Westpac on it fails', () => {
    const s = parseFixture('commbank.csv', { bank: 'anz' });
    expect(s.bank).toBe('anz');
    expect(s.rows.every((r) => r.balance_cents === null)).toBe(true);
    const err = fileError(() => parseStatementFile(fixture('commbank.csv'), 'commbank.csv', { bank: 'westpac' }));
    expect(err.code).toBe('bad_mapping');
    expect(err.message).toBe(
      'This file does not have the Westpac layout (its columns do not match). Choose another bank or map the columns.',
    );
  });
  it('generic reads a known bank by its generic column names', () => {
    const s = parseFixture('bankwest.csv', { bank: 'generic' });
    expect(s.bank).toBe('generic');
    expect(s.rows.map((r) => r.amount_cents)).toEqual([-8540, 210000]);
  });
});

describe('column mapping for unknown layouts', () => {
  it('an unknown CSV asks for a mapping, with the first rows and a suggestion', () => {
    const r = parseStatementFile(fixture('unknown.csv'), 'unknown.csv');
    expect(r.kind).toBe('mapping_needed');
    if (r.kind !== 'mapping_needed') return;
    expect(r.preview.column_count).toBe(4);
    expect(r.preview.rows[0]).toEqual({ line: 1, cells: ['When', 'What', 'How much', 'Left'] });
    expect(r.preview.suggested).toMatchObject({ header: true, date: 0, description: [1] });
  });

  it('reads the file with the chosen mapping: each sign convention', () => {
    const text = 'Txn,Dt,Memo,Out,In,Bal\nA1,03/01/2026,Shop,12.50,,87.50\nA2,04/01/2026,Pay,,100.00,187.50\n';
    const base: CsvMapping = { header: true, date: 1, description: [2], sign: 'split_unsigned', debit: 3, credit: 4 };
    const s = parseStatementWithMapping(bytes(text), 'x.csv', { ...base, balance: 5, bank_id: 0 });
    expect(s.bank).toBe('mapped');
    expect(s.rows.map((r) => [r.line, r.date, r.amount_cents, r.bank_id, r.balance_cents])).toEqual([
      [2, '2026-01-03', -1250, 'A1', 8750],
      [3, '2026-01-04', 10000, 'A2', 18750],
    ]);
    expect(s.balance_check?.breaks).toEqual([]);
    const mdy = parseStatementWithMapping(bytes(text), 'x.csv', { ...base, date_order: 'mdy' });
    expect(mdy.rows.map((r) => r.date)).toEqual(['2026-03-01', '2026-04-01']);
    const negDebit = 'D,T,C,Dr\n01/01/2026,x,,-5.00\n02/01/2026,y,3.00,\n';
    expect(
      parseStatementWithMapping(bytes(negDebit), 'x.csv', {
        header: true,
        date: 0,
        description: [1],
        sign: 'split_negative_debit',
        credit: 2,
        debit: 3,
      }).rows.map((r) => r.amount_cents),
    ).toEqual([-500, 300]);
    const card = '01/01/2026,Shop,25.00\n02/01/2026,Payment,-100.00\n';
    expect(
      parseStatementWithMapping(bytes(card), 'x.csv', {
        header: false,
        date: 0,
        description: [1],
        sign: 'inverted',
        amount: 2,
      }).rows.map((r) => r.amount_cents),
    ).toEqual([-2500, 10000]);
  });

  it('an incomplete or impossible mapping is a clear error', () => {
    const text = '01/01/2026,Shop,25.00\n';
    const err = fileError(() =>
      parseStatementWithMapping(bytes(text), 'x.csv', { header: false, date: 0, description: [1], sign: 'signed' }),
    );
    expect([err.code, err.message]).toEqual([
      'bad_mapping',
      'The column mapping is incomplete: choose the amount column.',
    ]);
    const wide = fileError(() =>
      parseStatementWithMapping(bytes(text), 'x.csv', {
        header: false,
        date: 0,
        description: [1],
        sign: 'signed',
        amount: 7,
      }),
    );
    expect(wide.message).toBe('The column mapping names a column this file does not have (it has 3).');
  });
});

describe('OFX and QFX', () => {
  it('OFX 1.x SGML: unclosed elements, FITID, NAME and MEMO, LEDGERBAL as the closing balance', () => {
    const s = parseFixture('bank-sgml.ofx');
    expect([s.format, s.bank]).toEqual(['ofx', 'ofx']);
    expect(s.rows.map((r) => [r.line, r.date, r.amount_cents, r.description, r.payee, r.bank_id])).toEqual([
      [1, '2026-03-02', -4550, 'WOOLWORTHS 1234 SYDNEY Card xx1234', 'Woolworths', '202603020001'],
      [2, '2026-03-03', 250000, 'ACME PTY LTD SALARY', 'Acme Pty Ltd Salary', '202603030001'],
      [3, '2026-03-04', -1999, 'AT&T INTERNATIONAL', 'AT&T International', '202603040001'],
    ]);
    expect([s.closing_balance_cents, s.closing_balance_date]).toEqual([343451, '2026-03-10']);
  });

  it('QFX / OFX 2.x XML card statement: ids keep leading zeros, 4-decimal amounts', () => {
    const s = parseFixture('card-xml.qfx');
    expect(s.rows.map((r) => [r.date, r.amount_cents, r.description, r.bank_id])).toEqual([
      ['2026-03-05', -13000, 'QANTAS AIRWAYS MASCOT Flight', '00042'],
      ['2026-03-06', 50000, 'PAYMENT THANK YOU', '00043'],
    ]);
    expect(s.closing_balance_cents).toBe(-163000);
  });

  it('bad transactions are skipped with their ordinal; investment statements are refused', () => {
    const ofx = (trn: string) =>
      `OFXHEADER:100\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><BANKTRANLIST>${trn}</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>`;
    const s = parseText(
      ofx(
        '<STMTTRN><DTPOSTED>2026<TRNAMT>-1.00</STMTTRN><STMTTRN><DTPOSTED>20260301<TRNAMT>x</STMTTRN><STMTTRN><DTPOSTED>20260301<TRNAMT>-2<NAME>OK</STMTTRN>',
      ),
    );
    expect(s.rows.map((r) => [r.line, r.amount_cents, r.bank_id])).toEqual([[3, -200, null]]);
    expect(s.skipped).toEqual([
      { line: 1, reason: 'transaction 1: no valid DTPOSTED date ("2026")' },
      { line: 2, reason: 'transaction 2: "x" is not an amount' },
    ]);
    const inv = fileError(() =>
      parseStatementFile(
        bytes(
          'OFXHEADER:100\n<OFX><INVSTMTMSGSRSV1><INVSTMTTRNRS><INVSTMTRS><CURDEF>AUD</INVSTMTRS></INVSTMTTRNRS></INVSTMTMSGSRSV1></OFX>',
        ),
        'i.ofx',
      ),
    );
    expect(inv.code).toBe('unsupported');
  });
});

describe('QIF', () => {
  it('reads D/T/U/P/M/N records with Australian date forms; bad records are skipped with their line', () => {
    const s = parseFixture('bank-aus.qif');
    expect(s.format).toBe('qif');
    expect(s.rows.map((r) => [r.line, r.date, r.amount_cents, r.description, r.payee, r.bank_id])).toEqual([
      [2, '2026-03-05', -4200, 'BP AUSTRALIA 123 PARRAMATTA NSW Fuel', 'BP', null],
      [7, '2026-03-06', 185000, 'ACME PTY LTD', 'Acme Pty Ltd', 'N:1001'],
      [12, '2026-03-07', -995, 'SPOTIFY', 'Spotify', null],
    ]);
    expect(s.skipped).toEqual([{ line: 17, reason: '"not a date" is not a date' }]);
  });

  it('month-first dates only when chosen (Quicken US)', () => {
    const dayFirst = parseFixture('bank-us.qif');
    expect(dayFirst.rows).toEqual([]);
    expect(dayFirst.skipped).toEqual([{ line: 2, reason: '"03/13/26" is not a date' }]);
    const us = parseFixture('bank-us.qif', { qif_date_order: 'mdy' });
    expect(us.rows.map((r) => [r.date, r.amount_cents])).toEqual([['2026-03-13', -2000]]);
  });

  it('an investment QIF is refused', () => {
    expect(fileError(() => parseStatementFile(bytes('!Type:Invst\nD01/01/26\n^\n'), 'i.qif')).code).toBe('unsupported');
  });
});

describe('files that are not statements', () => {
  it.each([
    ['a PDF', [0x25, 0x50, 0x44, 0x46, 0x2d, 0x31], 'This file is a PDF, not a bank statement.'],
    [
      'an xlsx',
      [0x50, 0x4b, 0x03, 0x04, 0, 0],
      'This file is a compressed or Excel (.xlsx) file, not a bank statement.',
    ],
    ['a binary file', [0x41, 0x00, 0x42, 0x43], 'This file is a binary file, not a bank statement.'],
  ])('%s is refused with a clear message', (_what, content, message) => {
    const err = fileError(() => parseStatementFile(new Uint8Array(content), 'f'));
    expect(err.code).toBe('not_a_statement');
    expect(err.message.startsWith(message)).toBe(true);
  });

  it('prose, empty files and a CSV with no readable rows are refused', () => {
    expect(fileError(() => parseStatementFile(fixture('not-a-statement.txt'), 'n.txt')).message).toBe(
      'This file is not a bank statement: no rows with a date and an amount were found.',
    );
    expect(fileError(() => parseStatementFile(new Uint8Array(), 'e.csv')).message).toBe('"e.csv" is empty.');
    expect(fileError(() => parseStatementFile(bytes('\r\n \n'), 'e.csv')).code).toBe('empty');
    const none = fileError(() => parseStatementFile(bytes('Date,Description,Amount\nsoon,x,1\nlater,y,2\n'), 'n.csv'));
    expect(none.message).toBe(
      'No transactions could be read from "n.csv" (2 rows skipped; first, line 2: "soon" is not a date (soon, x, 1)).',
    );
  });
});
