// Statement files to rows: bytes are decoded, the format recognised by content (CSV, OFX/QFX, QIF; the caller may
// name it), the file read, bank ids checked for repeats and the running balance checked. A file that is not a
// statement throws StatementFileError with a message for the user and yields nothing.
import { bankLabel, readCsv, readCsvWithMapping, type CsvBank, type CsvMapping, type CsvPreview } from './csv';
import { decodeStatementBytes, type Utf8Decoder } from './decode';
import { StatementFileError } from './errors';
import { looksLikeOfx, readOfx } from './ofx';
import { looksLikeQif, readQif } from './qif';
import type { BalanceCheck, ParsedRow, ParsedStatement, SkippedRow } from './types';
import type { DateOrder } from './values';

export type StatementFileFormat = 'csv' | 'ofx' | 'qif';

export type ParseStatementOptions = {
  /** Read the file as this format instead of recognising it ('qfx' files are 'ofx'). */
  format?: StatementFileFormat | null;
  /** Read a CSV with this bank's layout instead of recognising it (checked against the file's columns). */
  bank?: CsvBank | null;
  /** QIF dates: day first (default) or month first for a "Quicken US" export. */
  qif_date_order?: DateOrder;
  /** The host's UTF-8 decoder (set by the worker, not sent by the page): the same text, faster. */
  utf8?: Utf8Decoder;
};

export type StatementParseResult =
  | { kind: 'parsed'; file_name: string; statement: ParsedStatement }
  /** An unknown CSV layout: the column-mapping step shows `preview`, then calls parseStatementWithMapping. */
  | { kind: 'mapping_needed'; file_name: string; format: 'csv'; encoding: string; preview: CsvPreview };

function startsWith(bytes: Uint8Array, ...prefix: number[]): boolean {
  return prefix.every((b, i) => bytes[i] === b);
}

/** Rejects files that are plainly something else, with a message saying what they are. */
function rejectNonText(bytes: Uint8Array): void {
  const notStatement = (what: string) =>
    new StatementFileError(
      'not_a_statement',
      `This file is ${what}, not a bank statement. Export the account's transactions from your bank as CSV, OFX, QFX or QIF.`,
    );
  if (startsWith(bytes, 0x25, 0x50, 0x44, 0x46)) throw notStatement('a PDF');
  if (startsWith(bytes, 0x50, 0x4b, 0x03, 0x04)) throw notStatement('a compressed or Excel (.xlsx) file');
  if (startsWith(bytes, 0xd0, 0xcf, 0x11, 0xe0)) throw notStatement('an Excel (.xls) or Office file');
  if (startsWith(bytes, 0x89, 0x50, 0x4e, 0x47) || startsWith(bytes, 0xff, 0xd8, 0xff)) throw notStatement('an image');
  const utf16 = startsWith(bytes, 0xff, 0xfe) || startsWith(bytes, 0xfe, 0xff);
  if (!utf16) {
    let control = 0;
    const n = Math.min(bytes.length, 4096);
    for (let i = 0; i < n; i++) {
      const b = bytes[i];
      if (b === 0) throw notStatement('a binary file');
      if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c) control += 1;
    }
    if (control > n / 20) throw notStatement('a binary file');
  }
}

/** The format by content: OFX/QFX markers, QIF headers, else CSV. */
export function detectFormat(text: string): StatementFileFormat {
  if (looksLikeOfx(text)) return 'ofx';
  if (looksLikeQif(text)) return 'qif';
  return 'csv';
}

/**
 * Within one file a bank id must name one row: ids that repeat (some exports reuse them) are dropped from those
 * rows, which are then matched by their content, so no genuine row is taken for a duplicate.
 */
function dropRepeatedBankIds(rows: ParsedRow[]): { rows: ParsedRow[]; warning: string | null } {
  const counts = new Map<string, number>();
  for (const r of rows) if (r.bank_id) counts.set(r.bank_id, (counts.get(r.bank_id) ?? 0) + 1);
  let dropped = 0;
  const out = rows.map((r) => {
    if (r.bank_id && (counts.get(r.bank_id) ?? 0) > 1) {
      dropped += 1;
      return { ...r, bank_id: null };
    }
    return r;
  });
  return {
    rows: out,
    warning:
      dropped > 0
        ? `${dropped} rows share a bank id with another row; they are matched by their content instead.`
        : null,
  };
}

/**
 * Checks the running balance: in date order each balance is the previous one plus the row's amount. The file's
 * order (oldest or newest first) is the one more consecutive pairs agree with. Null when under two rows have one.
 */
export function checkRunningBalance(rows: readonly ParsedRow[]): BalanceCheck | null {
  const pairs: [ParsedRow, ParsedRow][] = [];
  for (let i = 1; i < rows.length; i++) {
    if (rows[i - 1].balance_cents != null && rows[i].balance_cents != null) pairs.push([rows[i - 1], rows[i]]);
  }
  if (pairs.length === 0) return null;
  const oldestFirst = (a: ParsedRow, b: ParsedRow) => a.balance_cents! + b.amount_cents === b.balance_cents;
  const newestFirst = (a: ParsedRow, b: ParsedRow) => b.balance_cents! + a.amount_cents === a.balance_cents;
  const up = pairs.filter(([a, b]) => oldestFirst(a, b)).length;
  const down = pairs.filter(([a, b]) => newestFirst(a, b)).length;
  const datesDescend = rows[0].date > rows[rows.length - 1].date;
  const order: BalanceCheck['order'] = up > down || (up === down && !datesDescend) ? 'oldest_first' : 'newest_first';
  const breaks: BalanceCheck['breaks'] = [];
  for (const [a, b] of pairs) {
    if (order === 'oldest_first' && !oldestFirst(a, b)) {
      breaks.push({ line: b.line, expected_cents: a.balance_cents! + b.amount_cents, found_cents: b.balance_cents! });
    } else if (order === 'newest_first' && !newestFirst(a, b)) {
      breaks.push({ line: a.line, expected_cents: b.balance_cents! + a.amount_cents, found_cents: a.balance_cents! });
    }
  }
  return { order, checked: pairs.length, breaks };
}

function finish(
  format: StatementFileFormat,
  bank: string,
  rows: ParsedRow[],
  skipped: SkippedRow[],
  encoding: string,
  warnings: string[],
  closing?: { cents: number | null; date: string | null },
): ParsedStatement {
  const ids = dropRepeatedBankIds(rows);
  const check = checkRunningBalance(ids.rows);
  let closingCents = closing?.cents ?? null;
  let closingDate = closing?.date ?? null;
  if (closingCents === null && check) {
    const withBalance = ids.rows.filter((r) => r.balance_cents != null);
    const latest = check.order === 'oldest_first' ? withBalance[withBalance.length - 1] : withBalance[0];
    closingCents = latest.balance_cents;
    closingDate = latest.date;
  }
  if (check && check.breaks.length > 0) {
    warnings.push(
      `The running balance does not follow the amounts at ${check.breaks.length} row${check.breaks.length === 1 ? '' : 's'} ` +
        `(first at line ${check.breaks[0].line}): rows may be missing or out of order.`,
    );
  }
  return {
    format,
    bank,
    rows: ids.rows,
    skipped,
    closing_balance_cents: closingCents,
    closing_balance_date: closingDate,
    balance_check: check,
    warnings: ids.warning ? [...warnings, ids.warning] : warnings,
    encoding,
  };
}

/** Reads one statement file. Throws StatementFileError (with a message for the user) when it is not one. */
export function parseStatementFile(
  bytes: Uint8Array,
  fileName: string,
  options: ParseStatementOptions = {},
): StatementParseResult {
  if (bytes.length === 0) throw new StatementFileError('empty', `"${fileName}" is empty.`);
  rejectNonText(bytes);
  const { text, encoding } = decodeStatementBytes(bytes, options.utf8);
  if (text.trim() === '') throw new StatementFileError('empty', `"${fileName}" is empty.`);
  const format = options.format ?? detectFormat(text);
  const warnings: string[] = [];
  if (options.bank && format !== 'csv') {
    warnings.push(
      `The ${bankLabel(options.bank)} layout applies to CSV files; this ${format.toUpperCase()} file was read as ${format.toUpperCase()}.`,
    );
  }
  if (format === 'ofx') {
    const r = readOfx(text);
    const statement = finish('ofx', 'ofx', r.rows, r.skipped, encoding, [...warnings, ...r.warnings], {
      cents: r.closing_balance_cents,
      date: r.closing_balance_date,
    });
    return { kind: 'parsed', file_name: fileName, statement };
  }
  if (format === 'qif') {
    const r = readQif(text, options.qif_date_order ?? 'dmy');
    return {
      kind: 'parsed',
      file_name: fileName,
      statement: finish('qif', 'qif', r.rows, r.skipped, encoding, warnings),
    };
  }
  const r = readCsv(text, options.bank ?? null);
  if (r.kind === 'mapping_needed') {
    return { kind: 'mapping_needed', file_name: fileName, format: 'csv', encoding, preview: r.preview };
  }
  if (r.rows.length === 0 && r.skipped.length > 0 && !options.bank) {
    throw new StatementFileError(
      'not_a_statement',
      `No transactions could be read from "${fileName}" (${r.skipped.length} rows skipped; first, line ${r.skipped[0].line}: ${r.skipped[0].reason}).`,
    );
  }
  return {
    kind: 'parsed',
    file_name: fileName,
    statement: finish('csv', r.bank, r.rows, r.skipped, encoding, [...warnings, ...r.warnings]),
  };
}

/** Reads a CSV with the user's column mapping (the mapping step's live preview and the import both call it). */
export function parseStatementWithMapping(
  bytes: Uint8Array,
  fileName: string,
  mapping: CsvMapping,
  utf8?: Utf8Decoder,
): ParsedStatement {
  if (bytes.length === 0) throw new StatementFileError('empty', `"${fileName}" is empty.`);
  rejectNonText(bytes);
  const { text, encoding } = decodeStatementBytes(bytes, utf8);
  const r = readCsvWithMapping(text, mapping);
  return finish('csv', 'mapped', r.rows, r.skipped, encoding, []);
}
