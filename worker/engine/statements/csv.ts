// CSV statements: papaparse splits the text; the bank's layout is recognised by its shape (exact header names, or
// the columns' contents for the banks with no header row) and turned into a column mapping; rows are read with
// that mapping. An unknown layout returns the first rows for the user's column-mapping step, and
// parseCsvWithMapping reads the file with the mapping the user chose (the same row reader the banks use).
import Papa from 'papaparse/papaparse.min.js';
import { z } from 'zod';
import { StatementFileError } from './errors';
import { normalisePayee } from './payee';
import type { ParsedRow, SkippedRow } from './types';
import { amountOrSkip, parseCents, parseStatementDate, type DateOrder } from './values';

/** How the amount columns carry the sign. */
export const SIGN_CONVENTIONS = ['signed', 'inverted', 'split_unsigned', 'split_negative_debit'] as const;
export type SignConvention = (typeof SIGN_CONVENTIONS)[number];

/** Which column holds what (0-based indexes), for a recognised bank or chosen by the user. */
export const CsvMappingSchema = z
  .object({
    /** The first non-blank row is a header (not a transaction). */
    header: z.boolean(),
    date: z.number().int().min(0),
    date_order: z.enum(['dmy', 'ymd', 'mdy']).default('dmy'),
    /**
     * 'signed': one amount column, money out negative; 'inverted': one column, money out positive (some card
     * exports); 'split_unsigned': debit and credit columns, both written without a sign; 'split_negative_debit':
     * debit and credit columns with debits already negative (amount = credit + debit).
     */
    sign: z.enum(SIGN_CONVENTIONS),
    amount: z.number().int().min(0).nullable().optional(),
    debit: z.number().int().min(0).nullable().optional(),
    credit: z.number().int().min(0).nullable().optional(),
    /** One or more columns joined with a space. */
    description: z.array(z.number().int().min(0)).min(1, 'choose the description column'),
    balance: z.number().int().min(0).nullable().optional(),
    bank_id: z.number().int().min(0).nullable().optional(),
    /** A column that names the payee (else the payee is normalised from the description). */
    payee: z.number().int().min(0).nullable().optional(),
  })
  .superRefine((m, ctx) => {
    const split = m.sign === 'split_unsigned' || m.sign === 'split_negative_debit';
    if (split && (m.debit == null || m.credit == null)) {
      ctx.addIssue({ code: 'custom', message: 'choose both the debit and the credit column', path: ['debit'] });
    }
    if (!split && m.amount == null) {
      ctx.addIssue({ code: 'custom', message: 'choose the amount column', path: ['amount'] });
    }
  });
export type CsvMapping = z.input<typeof CsvMappingSchema>;
type Mapping = z.output<typeof CsvMappingSchema>;

/** A recognised layout: its mapping plus what only that bank needs. */
type Layout = {
  bank: string;
  mapping: Mapping;
  /** The row index of the header (-1: no header). */
  headerRow: number;
  /** ING puts its receipt number inside the description: the bank's id for that row. */
  receiptInDescription?: boolean;
  /** Up and NAB name the merchant in a column; Macquarie cleans it in Details. */
  payeeFallbackToDescription?: boolean;
};

/** The bank layouts recognised by name (also the names `--bank` accepts), in the order docs/transactions.md lists them. */
export const CSV_BANKS = [
  'commbank',
  'westpac',
  'nab',
  'anz',
  'ing',
  'macquarie',
  'up',
  'bankwest',
  'generic',
] as const;
export type CsvBank = (typeof CSV_BANKS)[number];

type Table = { rows: string[][]; lines: number[] };

/** Splits CSV text into rows of trimmed cells, with each row's 1-based starting line. */
export function splitCsv(text: string): Table {
  const normalised = text.replace(/\r\n?/g, '\n');
  const rows: string[][] = [];
  const lines: number[] = [];
  let line = 1;
  let counted = 0;
  let prevEnd = -1;
  Papa.parse(normalised, {
    newline: '\n',
    delimitersToGuess: [',', '\t', ';', '|'],
    skipEmptyLines: false,
    step: (r) => {
      const start = prevEnd < 0 ? 0 : prevEnd + 1;
      for (let i = counted; i < start && i < normalised.length; i++) if (normalised.charCodeAt(i) === 10) line += 1;
      counted = Math.max(counted, start);
      rows.push(r.data.map((c) => c.trim()));
      lines.push(line);
      prevEnd = r.meta.cursor;
    },
  });
  // Trailing blank rows are dropped; blank rows inside stay (as blanks) so line numbers stay true.
  while (rows.length > 0 && rows[rows.length - 1].every((c) => c === '')) {
    rows.pop();
    lines.pop();
  }
  return { rows, lines };
}

const isBlank = (row: string[]) => row.every((c) => c === '');
const isDate = (cell: string | undefined) => cell !== undefined && parseStatementDate(cell) !== null;
function isMoney(cell: string | undefined): boolean {
  if (cell === undefined || !/\d/.test(cell)) return false;
  try {
    return parseCents(cell) !== null;
  } catch {
    return false;
  }
}
const isMoneyOrEmpty = (cell: string | undefined) => cell === undefined || cell === '' || isMoney(cell);

const lower = (row: string[]) => row.map((c) => c.trim().toLowerCase());

/** The index of a header name (exact, case-insensitive); -1 when absent. Never matches a blank name by accident. */
function col(header: string[], ...names: string[]): number {
  for (const n of names) {
    const i = header.indexOf(n);
    if (i >= 0 && n !== '') return i;
  }
  return -1;
}
const opt = (i: number) => (i >= 0 ? i : null);

function headerLayout(header: string[], headerRow: number): Layout | null {
  const h = lower(header);
  const has = (...names: string[]) => names.every((n) => h.includes(n));
  const base = { header: true, date_order: 'dmy' as DateOrder };
  if (has('bank account', 'date', 'narrative', 'debit amount', 'credit amount', 'balance')) {
    return {
      bank: 'westpac',
      headerRow,
      mapping: {
        ...base,
        date: col(h, 'date'),
        sign: 'split_unsigned',
        debit: col(h, 'debit amount'),
        credit: col(h, 'credit amount'),
        description: [col(h, 'narrative')],
        balance: col(h, 'balance'),
        bank_id: opt(col(h, 'serial')),
      },
    };
  }
  // NAB: the blank 4th column name is part of the shape; a blank name is only ever matched by position.
  if (has('date', 'amount', 'account number', 'transaction type', 'transaction details', 'balance') && h[3] === '') {
    const details = col(h, 'transaction details');
    return {
      bank: 'nab',
      headerRow,
      payeeFallbackToDescription: true,
      mapping: {
        ...base,
        date: col(h, 'date'),
        sign: 'signed',
        amount: col(h, 'amount'),
        description: [details],
        balance: col(h, 'balance'),
        payee: opt(col(h, 'merchant name')),
      },
    };
  }
  if (h.length === 5 && h.join('|') === 'date|description|credit|debit|balance') {
    return {
      bank: 'ing',
      headerRow,
      receiptInDescription: true,
      mapping: {
        ...base,
        date: 0,
        sign: 'split_negative_debit',
        credit: 2,
        debit: 3,
        description: [1],
        balance: 4,
      },
    };
  }
  if (has('transaction date', 'details', 'debit', 'credit', 'balance') && has('account')) {
    const original = col(h, 'original description');
    return {
      bank: 'macquarie',
      headerRow,
      payeeFallbackToDescription: true,
      mapping: {
        ...base,
        date: col(h, 'transaction date'),
        sign: 'split_unsigned',
        debit: col(h, 'debit'),
        credit: col(h, 'credit'),
        description: [original >= 0 ? original : col(h, 'details')],
        balance: col(h, 'balance'),
        payee: original >= 0 ? col(h, 'details') : null,
      },
    };
  }
  if (has('time', 'payee', 'description', 'total (aud)')) {
    return {
      bank: 'up',
      headerRow,
      payeeFallbackToDescription: true,
      mapping: {
        ...base,
        date: col(h, 'time'),
        sign: 'signed',
        amount: col(h, 'total (aud)'),
        description: [col(h, 'description')],
        payee: col(h, 'payee'),
      },
    };
  }
  if (has('bsb number', 'account number', 'transaction date', 'narration', 'debit', 'credit', 'balance')) {
    return {
      bank: 'bankwest',
      headerRow,
      mapping: {
        ...base,
        date: col(h, 'transaction date'),
        sign: 'split_unsigned',
        debit: col(h, 'debit'),
        credit: col(h, 'credit'),
        description: [col(h, 'narration')],
        balance: col(h, 'balance'),
      },
    };
  }
  return genericLayout(h, headerRow);
}

const DATE_NAMES = [
  'date',
  'transaction date',
  'posted date',
  'posting date',
  'value date',
  'effective date',
  'txn date',
];
const AMOUNT_NAMES = ['amount', 'transaction amount', 'amount (aud)', 'amount aud', 'value', 'net amount'];
const DEBIT_NAMES = ['debit', 'debits', 'debit amount', 'withdrawal', 'withdrawals', 'money out', 'paid out', 'out'];
const CREDIT_NAMES = ['credit', 'credits', 'credit amount', 'deposit', 'deposits', 'money in', 'paid in', 'in'];
const DESCRIPTION_NAMES = [
  'description',
  'narrative',
  'details',
  'transaction details',
  'narration',
  'memo',
  'particulars',
  'transaction description',
  'payee',
  'reference',
];
const BALANCE_NAMES = ['balance', 'running balance', 'account balance', 'closing balance'];
const ID_NAMES = ['transaction id', 'fitid', 'id', 'reference number', 'receipt number'];

/** A header with a date, an amount (or debit and credit) and a description column, by exact names. */
function genericLayout(h: string[], headerRow: number): Layout | null {
  const date = col(h, ...DATE_NAMES);
  const amount = col(h, ...AMOUNT_NAMES);
  const debit = col(h, ...DEBIT_NAMES);
  const credit = col(h, ...CREDIT_NAMES);
  const description = col(h, ...DESCRIPTION_NAMES);
  if (date < 0 || description < 0 || (amount < 0 && (debit < 0 || credit < 0))) return null;
  const payee = col(h, 'payee', 'merchant', 'merchant name');
  return {
    bank: 'generic',
    headerRow,
    payeeFallbackToDescription: true,
    mapping: {
      header: true,
      date_order: 'dmy',
      date,
      ...(amount >= 0 ? { sign: 'signed' as const, amount } : { sign: 'split_unsigned' as const, debit, credit }),
      description: [description],
      balance: opt(col(h, ...BALANCE_NAMES)),
      bank_id: opt(col(h, ...ID_NAMES)),
      payee: payee >= 0 && payee !== description ? payee : null,
    },
  };
}

/**
 * CommBank (date, signed amount, description, balance), ANZ (date, signed amount, description) and NAB's older
 * export (date, amount, two blank columns, type, details, balance): no header.
 */
function headerlessLayout(rows: string[][]): Layout | null {
  const sample = rows.filter((r) => !isBlank(r)).slice(0, 20);
  if (sample.length === 0) return null;
  const fits = (test: (r: string[]) => boolean) => sample.filter(test).length >= Math.ceil(sample.length * 0.8);
  const base = { header: false, date_order: 'dmy' as DateOrder, date: 0, sign: 'signed' as const, amount: 1 };
  const textAt2 = (r: string[]) => isDate(r[0]) && isMoney(r[1]) && r[2] !== undefined && r[2] !== '' && !isMoney(r[2]);
  // NAB before its 2022 header: date, amount, (blank), (blank), type, details, balance.
  const nabOld = (r: string[]) =>
    isDate(r[0]) &&
    isMoney(r[1]) &&
    r.length >= 7 &&
    (r[4] ?? '') !== '' &&
    (r[5] ?? '') !== '' &&
    isMoneyOrEmpty(r[6]);
  if (fits(nabOld) && !fits(textAt2)) {
    return { bank: 'nab', headerRow: -1, mapping: { ...base, description: [5], balance: 6 } };
  }
  // ANZ's wider export leaves its optional columns empty: rows wider than four with nothing after the description
  // are ANZ, not a CommBank card export (four columns, its balance empty).
  const anzWide = sample.every((r) => r.length > 4 && r.slice(3).every((c) => c === ''));
  if (
    !anzWide &&
    fits((r) => textAt2(r) && r.length >= 4 && isMoneyOrEmpty(r[3]) && r.slice(4).every((c) => c === ''))
  ) {
    return { bank: 'commbank', headerRow: -1, mapping: { ...base, description: [2], balance: 3 } };
  }
  if (fits((r) => textAt2(r) && (r.length === 3 || !isMoney(r[3])))) {
    return { bank: 'anz', headerRow: -1, mapping: { ...base, description: [2] } };
  }
  return null;
}

/** The layout a named bank uses, checked against this file (so `--bank` cannot silently mis-map columns). */
function forcedLayout(bank: CsvBank, rows: string[][]): Layout | null {
  if (bank === 'nab') {
    const old = headerlessLayout(rows);
    if (old?.bank === 'nab') return old;
  }
  if (bank === 'commbank' || bank === 'anz') {
    const found = headerlessLayout(rows);
    if (found && (found.bank === bank || (bank === 'anz' && found.bank === 'commbank'))) {
      return bank === 'anz' ? { ...found, bank, mapping: { ...found.mapping, balance: null } } : found;
    }
    return null;
  }
  for (let i = 0; i < Math.min(rows.length, 15); i++) {
    const found = headerLayout(rows[i], i);
    if (found && bank === 'generic') {
      const g = genericLayout(lower(rows[i]), i);
      if (g) return g;
    }
    if (found && found.bank === bank) return found;
  }
  return null;
}

/** The recognised layout: a header row among the first 15 rows, else a headerless shape. */
function recogniseLayout(rows: string[][]): Layout | null {
  for (let i = 0; i < Math.min(rows.length, 15); i++) {
    if (isBlank(rows[i])) continue;
    if (isDate(rows[i][0])) break;
    const found = headerLayout(rows[i], i);
    if (found) return found;
  }
  return headerlessLayout(rows);
}

/** What the column-mapping step shows: the first rows as split, and a starting guess at the mapping. */
export type CsvPreview = {
  column_count: number;
  /** The first rows (up to 20 non-blank), each with its line number. */
  rows: { line: number; cells: string[] }[];
  suggested: CsvMapping | null;
};

/** A starting guess for an unknown layout: the first date column, the first money column, the longest text. */
function suggestMapping(rows: string[][]): CsvMapping | null {
  const nonBlank = rows.filter((r) => !isBlank(r)).slice(0, 20);
  if (nonBlank.length === 0) return null;
  const header = !isDate(nonBlank[0][0]) && nonBlank[0].every((c) => !isMoney(c));
  const data = header ? nonBlank.slice(1) : nonBlank;
  const width = Math.max(...nonBlank.map((r) => r.length));
  const share = (i: number, test: (c: string | undefined) => boolean) =>
    data.length === 0 ? 0 : data.filter((r) => test(r[i])).length / data.length;
  const columns = Array.from({ length: width }, (_, i) => i);
  const date = columns.find((i) => share(i, isDate) >= 0.8);
  const amount = columns.find((i) => i !== date && share(i, isMoney) >= 0.8);
  if (date === undefined || amount === undefined) return null;
  const textLength = (i: number) =>
    data.reduce((n, r) => n + (isMoney(r[i]) || isDate(r[i]) ? 0 : (r[i] ?? '').length), 0);
  const description = columns
    .filter((i) => i !== date && i !== amount)
    .sort((a, b) => textLength(b) - textLength(a))[0];
  if (description === undefined) return null;
  return { header, date, date_order: 'dmy', sign: 'signed', amount, description: [description], balance: null };
}

export type CsvRead =
  | { kind: 'parsed'; bank: string; rows: ParsedRow[]; skipped: SkippedRow[]; warnings: string[] }
  | { kind: 'mapping_needed'; preview: CsvPreview };

/** The row reader: every bank layout and every user mapping goes through it. */
function readRows(table: Table, layout: Layout): { rows: ParsedRow[]; skipped: SkippedRow[] } {
  const m = layout.mapping;
  const rows: ParsedRow[] = [];
  const skipped: SkippedRow[] = [];
  let headerSeen = !m.header;
  const cell = (r: string[], i: number | null | undefined) => (i == null ? '' : (r[i] ?? ''));
  for (let k = 0; k < table.rows.length; k++) {
    const r = table.rows[k];
    const line = table.lines[k];
    if (isBlank(r)) continue;
    if (!headerSeen) {
      if (layout.headerRow < 0 || k >= layout.headerRow) {
        headerSeen = true;
        continue;
      }
      skipped.push({ line, reason: 'before the header row' });
      continue;
    }
    const dateText = cell(r, m.date);
    const date = parseStatementDate(dateText, m.date_order);
    if (!date) {
      const what = dateText === '' ? 'no date' : `"${dateText}" is not a date`;
      skipped.push({
        line,
        reason: `${what} (${r
          .filter((c) => c !== '')
          .join(', ')
          .slice(0, 80)})`,
      });
      continue;
    }
    const amount = amountOrSkip(
      () => {
        if (m.sign === 'signed' || m.sign === 'inverted') {
          const v = parseCents(cell(r, m.amount));
          return v === null ? null : m.sign === 'inverted' && v !== 0 ? -v : v;
        }
        const d = parseCents(cell(r, m.debit));
        const c = parseCents(cell(r, m.credit));
        if (d === null && c === null) return null;
        if (m.sign === 'split_negative_debit') return (c ?? 0) + (d ?? 0);
        return Math.abs(c ?? 0) - Math.abs(d ?? 0);
      },
      { line, skipped, none: 'no amount' },
    );
    if (amount === undefined) continue;
    let balance: number | null = null;
    try {
      balance = m.balance == null ? null : parseCents(cell(r, m.balance));
    } catch {
      balance = null;
    }
    const description = m.description
      .map((i) => cell(r, i))
      .filter((c) => c !== '')
      .join(' ');
    let bankId: string | null = m.bank_id == null ? null : cell(r, m.bank_id) || null;
    if (layout.receiptInDescription && !bankId) {
      const receipt = /\bReceipt\s+(?:No\.?\s*)?(\d{3,})/i.exec(description);
      if (receipt) bankId = `receipt:${receipt[1]}`;
    }
    const named = cell(r, m.payee);
    const payee = named !== '' ? normalisePayee(named) : normalisePayee(description);
    rows.push({ line, date, amount_cents: amount, description, payee, bank_id: bankId, balance_cents: balance });
  }
  return { rows, skipped };
}

/** Reads CSV text: a recognised bank layout (or the one named by `bank`), else a preview for column mapping. */
export function readCsv(text: string, bank?: CsvBank | null): CsvRead {
  const table = splitCsv(text);
  if (table.rows.every(isBlank)) throw new StatementFileError('empty', 'The file is empty.');
  const layout = bank ? forcedLayout(bank, table.rows) : recogniseLayout(table.rows);
  if (bank && !layout) {
    throw new StatementFileError(
      'bad_mapping',
      `This file does not have the ${bankLabel(bank)} layout (its columns do not match). Choose another bank or map the columns.`,
    );
  }
  if (!layout) {
    const preview = csvPreview(table);
    if (!preview.suggested && !looksTabular(table)) {
      throw new StatementFileError(
        'not_a_statement',
        'This file is not a bank statement: no rows with a date and an amount were found.',
      );
    }
    return { kind: 'mapping_needed', preview };
  }
  return { kind: 'parsed', bank: layout.bank, ...readRows(table, layout), warnings: [] };
}

/** At least two columns and some cell that reads as a date: worth a mapping step. */
function looksTabular(table: Table): boolean {
  const sample = table.rows.filter((r) => !isBlank(r)).slice(0, 30);
  return sample.some((r) => r.length >= 2) && sample.some((r) => r.some((c) => isDate(c)));
}

function csvPreview(table: Table): CsvPreview {
  const rows: CsvPreview['rows'] = [];
  for (let k = 0; k < table.rows.length && rows.length < 20; k++) {
    if (!isBlank(table.rows[k])) rows.push({ line: table.lines[k], cells: table.rows[k] });
  }
  return {
    column_count: Math.max(0, ...rows.map((r) => r.cells.length)),
    rows,
    suggested: suggestMapping(table.rows),
  };
}

/** Reads CSV text with the user's column mapping (the mapping step's live preview and the import both call it). */
export function readCsvWithMapping(text: string, mapping: CsvMapping): { rows: ParsedRow[]; skipped: SkippedRow[] } {
  const parsed = CsvMappingSchema.safeParse(mapping);
  if (!parsed.success) {
    throw new StatementFileError('bad_mapping', `The column mapping is incomplete: ${parsed.error.issues[0].message}.`);
  }
  const table = splitCsv(text);
  if (table.rows.every(isBlank)) throw new StatementFileError('empty', 'The file is empty.');
  const m = parsed.data;
  const width = Math.max(...table.rows.map((r) => r.length));
  const used = [m.date, m.amount, m.debit, m.credit, m.balance, m.bank_id, m.payee, ...m.description];
  if (used.some((i) => i != null && i >= width)) {
    throw new StatementFileError(
      'bad_mapping',
      `The column mapping names a column this file does not have (it has ${width}).`,
    );
  }
  const headerRow = m.header ? table.rows.findIndex((r) => !isBlank(r)) : -1;
  return readRows(table, { bank: 'mapped', headerRow, mapping: m, payeeFallbackToDescription: true });
}

/** Each recognised layout's name as the screens show it. */
export const BANK_NAMES: Readonly<Record<CsvBank, string>> = {
  commbank: 'CommBank',
  westpac: 'Westpac',
  nab: 'NAB',
  anz: 'ANZ',
  ing: 'ING',
  macquarie: 'Macquarie',
  up: 'Up',
  bankwest: 'Bankwest',
  generic: 'Standard',
};

/** A layout's name in a message: the generic layout says what it expects. */
export function bankLabel(bank: string): string {
  if (bank === 'generic') return 'generic (a header with date, amount and description columns)';
  return (BANK_NAMES as Record<string, string>)[bank] ?? bank;
}
