// The statement CLI: output shape, files read in order into one account (overlaps de-duplicated, near matches
// listed), --bank and --format overrides, and exit 2 with a message for bad files and arguments.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../worker/cli/statement';

const root = resolve(__dirname, '../..');
const fx = (name: string) => join(__dirname, 'statements/fixtures', name);

function json(...args: string[]) {
  const r = runCli(args);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  return JSON.parse(r.stdout);
}

describe('statement CLI', () => {
  it('prints the documented JSON when run as users run it', () => {
    const r = spawnSync(join(root, 'node_modules/.bin/tsx'), ['worker/cli/statement.ts', fx('westpac.csv')], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(Object.keys(out)).toEqual(['format', 'bank', 'transactions', 'skipped', 'proposed_matches']);
    expect(out).toMatchObject({ format: 'csv', bank: 'westpac', skipped: [], proposed_matches: [] });
    expect(out.transactions[0]).toEqual({
      date: '2026-03-01',
      amount: '-56.20',
      description: 'EFTPOS PURCHASE COLES 0456 MANLY NSW AU',
      payee: 'Coles',
      balance: '943.80',
      bank_id: null,
    });
    expect(out.transactions[2]).toMatchObject({ amount: '-200.00', balance: '2243.80', bank_id: '000123' });
  });

  it('reads overlapping files into one account: overlap dropped, repeats kept, near match proposed', () => {
    const out = json(fx('anz-early.csv'), fx('anz-late.csv'));
    expect(out.transactions.map((t: { date: string; amount: string }) => `${t.date} ${t.amount}`)).toEqual([
      '2026-02-01 -4.50',
      '2026-02-03 -60.00',
      '2026-02-04 -60.00',
      '2026-02-06 -4.50',
      '2026-02-06 -4.50',
      '2026-02-08 -100.00',
      '2026-02-15 -100.00',
      '2026-02-16 2500.00',
    ]);
    expect(out.skipped).toEqual([{ line: 6, reason: 'anz-late.csv: "not a row" is not a date (not a row)' }]);
    expect(out.proposed_matches).toEqual([
      {
        transaction: {
          date: '2026-02-04',
          amount: '-60.00',
          description: 'WOOLWORTHS 1234 SYDNEY NSW',
          file: 'anz-late.csv',
          line: 1,
        },
        possible_duplicate_of: {
          date: '2026-02-03',
          amount: '-60.00',
          description: 'PENDING WOOLWORTHS 1234 SYDNEY',
          file: 'anz-early.csv',
          line: 2,
        },
        days_apart: 1,
        reason: 'same amount, 1 day apart, similar description ("PENDING WOOLWORTHS 1234 SYDNEY")',
      },
    ]);
    // The same file twice is one import's rows.
    expect(json(fx('anz.csv'), fx('anz.csv')).transactions).toHaveLength(4);
  });

  it('sorts newest-first files into date order and reads OFX and QIF', () => {
    const cba = json(fx('commbank.csv'));
    expect(cba.transactions.map((t: { date: string }) => t.date)).toEqual([
      '2026-03-01',
      '2026-03-02',
      '2026-03-04',
      '2026-03-05',
      '2026-03-05',
    ]);
    expect(cba.transactions.map((t: { balance: string }) => t.balance)).toEqual([
      '-25.50',
      '-145.50',
      '2354.50',
      '2350.00',
      '2345.50',
    ]);
    const mixed = json(fx('bank-sgml.ofx'), fx('bank-aus.qif'));
    expect([mixed.format, mixed.bank]).toEqual(['ofx,qif', 'ofx,qif']);
    expect(mixed.transactions).toHaveLength(6);
    expect(mixed.skipped).toEqual([{ line: 17, reason: 'bank-aus.qif: "not a date" is not a date' }]);
    expect(json(fx('bank-us.qif'), '--us-dates').transactions[0]).toMatchObject({
      date: '2026-03-13',
      amount: '-20.00',
    });
  });

  it('same-day rows from overlapping files follow their running balances, whichever file is read first', () => {
    const dir = mkdtempSync(join(tmpdir(), 'statement-order-'));
    const early = join(dir, 'early.csv');
    const late = join(dir, 'late.csv');
    // CommBank (newest first): the early export has both coffees of 5 March, the late one only the second.
    writeFileSync(
      early,
      '05/03/2026,"-4.50","COFFEE","+800.00"\n05/03/2026,"-4.50","COFFEE","+804.50"\n03/03/2026,"-100.00","ATO","+809.00"\n',
    );
    writeFileSync(late, '10/03/2026,"-100.00","ATO","+700.00"\n05/03/2026,"-4.50","COFFEE","+800.00"\n');
    const balances = (...files: string[]) => json(...files).transactions.map((t: { balance: string }) => t.balance);
    const expected = ['809.00', '804.50', '800.00', '700.00'];
    expect(balances(early, late)).toEqual(expected);
    expect(balances(late, early)).toEqual(expected);
  });

  it('lists proposed matches in date order', () => {
    const dir = mkdtempSync(join(tmpdir(), 'statement-proposed-'));
    const first = join(dir, 'first.csv');
    const second = join(dir, 'second.csv');
    writeFileSync(first, '10/03/2026,-100.00,ATO PAYMENT PLAN\n05/03/2026,-4.50,COFFEE\n');
    // Newest first: the 11 March near match comes before the 6 March one in the file.
    writeFileSync(second, '11/03/2026,-100.00,ATO PAYMENT PLAN 2\n06/03/2026,-4.50,COFFEE SHOP\n');
    const out = json(first, second);
    expect(out.proposed_matches.map((p: { transaction: { date: string } }) => p.transaction.date)).toEqual([
      '2026-03-06',
      '2026-03-11',
    ]);
  });

  it('--bank overrides the recognised layout and is checked against the file; --format forces the reader', () => {
    const anz = json(fx('commbank.csv'), '--bank', 'anz');
    expect(anz.bank).toBe('anz');
    expect(anz.transactions.every((t: { balance: string | null }) => t.balance === null)).toBe(true);
    const wrong = runCli([fx('commbank.csv'), '--bank', 'nab']);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('This file does not have the NAB layout');
    const forced = runCli([fx('commbank.csv'), '--format', 'ofx']);
    expect(forced.code).toBe(2);
    expect(forced.stderr).toContain('This OFX file has no <OFX> section');
  });

  it('--recurring adds the series detected in the imported rows, as of --as-of', () => {
    const out = json(fx('recurring.csv'), '--recurring', '--as-of', '2026-03-10');
    expect(Object.keys(out)).toEqual(['format', 'bank', 'transactions', 'skipped', 'recurring', 'proposed_matches']);
    const ato = out.recurring.find((r: { payee: string }) => r.payee === 'ATO Payment Plan');
    expect(ato).toMatchObject({ amount: '-100.00', frequency: 'weekly', next_date: '2026-03-16', occurrences: 10 });
    expect(Object.keys(ato)).toEqual(['payee', 'amount', 'frequency', 'next_date', 'occurrences', 'confidence']);
    expect(out.recurring.map((r: { frequency: string }) => r.frequency).sort()).toEqual([
      'fortnightly',
      'monthly',
      'weekly',
    ]);
    expect(json(fx('recurring.csv'))).not.toHaveProperty('recurring');
  });

  it('prints warnings on stderr, keeping stdout the JSON', () => {
    const r = runCli([fx('bank-sgml.ofx'), '--bank', 'westpac']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).transactions).toHaveLength(3);
    expect(r.stderr).toBe(
      `statement: ${fx('bank-sgml.ofx')}: The Westpac layout applies to CSV files; this OFX file was read as OFX.\n`,
    );
  });

  it('exits 2 with a message for bad arguments, unknown layouts and files that are not statements', () => {
    const cases: [string[], string][] = [
      [[], 'statement: FILE is required'],
      [[fx('anz.csv'), '--bank', 'bigbank'], '--bank: must be one of commbank, westpac'],
      [[fx('anz.csv'), '--format', 'xls'], '--format: must be csv, ofx or qif (got "xls")'],
      [[fx('anz.csv'), '--as-of', '2026-02-30'], '--as-of: must be a real date written YYYY-MM-DD'],
      [[fx('missing.csv')], 'cannot read'],
      [[fx('unknown.csv')], 'this CSV layout is not recognised; name it with --bank'],
      [[fx('not-a-statement.txt')], 'This file is not a bank statement'],
    ];
    for (const [args, message] of cases) {
      const r = runCli(args);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toContain(message);
    }
  });
});
