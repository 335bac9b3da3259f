// QIF statements (Quicken Interchange Format): `!Type:Bank` (or CCard, Cash, Oth A/L) records of D (date), T or U
// (amount), P (payee), M (memo), N (number) lines, each record ended by `^`. Small enough to read by hand.
// Dates are day first (dd/mm/yy, d/m'yy, dd/mm/yyyy); month first only when the caller chooses 'mdy'
// (the "Quicken US" export).
import { StatementFileError } from './errors';
import { normalisePayee } from './payee';
import type { ParsedRow, SkippedRow } from './types';
import { amountOrSkip, parseCents, parseStatementDate, type DateOrder } from './values';

/** True when the text starts like QIF (a !Type or !Account line, or D/T records ended by ^). */
export function looksLikeQif(text: string): boolean {
  const head = text
    .replace(/^\uFEFF/, '')
    .trimStart()
    .slice(0, 500);
  return /^!(Type|Account|Option|Clear)/i.test(head) || (/^D.+\n/m.test(head) && /^\^\s*$/m.test(text.slice(0, 4000)));
}

const BANK_TYPES = ['bank', 'ccard', 'cash', 'oth a', 'oth l'];

export function readQif(text: string, order: DateOrder = 'dmy'): { rows: ParsedRow[]; skipped: SkippedRow[] } {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const rows: ParsedRow[] = [];
  const skipped: SkippedRow[] = [];
  let section: string | null = 'bank';
  let sawType = false;
  let record: Record<string, string> = {};
  let recordLine = 0;

  const finish = (endLine: number) => {
    const fields = record;
    const line = recordLine || endLine;
    record = {};
    recordLine = 0;
    if (Object.keys(fields).length === 0) return;
    if (section === null) return;
    const date = fields.D ? parseStatementDate(fields.D, order) : null;
    if (!date) {
      skipped.push({ line, reason: fields.D ? `"${fields.D}" is not a date` : 'no date (D line)' });
      return;
    }
    const amount = amountOrSkip(() => parseCents(fields.T ?? fields.U ?? ''), {
      line,
      skipped,
      none: 'no amount (T line)',
    });
    if (amount === undefined) return;
    const payee = fields.P ?? '';
    const memo = fields.M ?? '';
    const description = payee && memo && !payee.includes(memo) ? `${payee} ${memo}` : payee || memo;
    const number = (fields.N ?? '').trim();
    rows.push({
      line,
      date,
      amount_cents: amount,
      description,
      payee: normalisePayee(payee || memo),
      // Cheque and reference numbers only; words like "ATM" or "EFT" in N are not an id.
      bank_id: /^\d{1,20}$/.test(number) ? `N:${number}` : null,
      balance_cents: null,
    });
  };

  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i];
    const lineNo = i + 1;
    const l = raw.trim();
    if (l === '') continue;
    if (l.startsWith('!')) {
      const type = /^!Type:\s*(.+)$/i.exec(l);
      if (type) {
        sawType = true;
        const t = type[1].trim().toLowerCase();
        section = BANK_TYPES.includes(t) ? t : null;
        if (t.startsWith('invst')) {
          throw new StatementFileError(
            'unsupported',
            'This QIF file is an investment account (!Type:Invst); only bank and card transactions can be imported.',
          );
        }
      } else if (/^!Account/i.test(l)) {
        section = 'account';
      }
      continue;
    }
    if (section === 'account') {
      // The !Account block lists account details, ended by ^; the transactions' !Type follows it.
      if (l === '^') section = null;
      continue;
    }
    if (l === '^') {
      finish(lineNo);
      continue;
    }
    const code = l[0].toUpperCase();
    const value = l.slice(1).trim();
    if (recordLine === 0) recordLine = lineNo;
    // Split lines (S, E, $) and categories (L) belong to the record but are not read.
    if ('DTUPMN'.includes(code) && record[code] === undefined) record[code] = value;
  }
  finish(lines.length);
  if (!sawType && rows.length === 0) {
    throw new StatementFileError('not_a_statement', 'This QIF file has no transactions in it.');
  }
  return { rows, skipped };
}
