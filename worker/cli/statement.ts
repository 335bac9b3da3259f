// Command-line statement import: `npm run statement -- FILE [FILE ...] [--bank NAME] [--format csv|ofx|qif]
// [--recurring] [--as-of YYYY-MM-DD] [--us-dates]`. Reads the files as if imported in that order into one
// account, with the engine functions the app uses (parseStatementFile, planImport, detectRecurring), and prints
// the account's transactions, the skipped rows, the near matches awaiting confirmation and (with --recurring) the
// recurring series as JSON on stdout (docs/transactions.md, "Command line"); warnings on stderr. Exit 2 with a
// message on bad files or arguments.
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import {
  CSV_BANKS,
  StatementFileError,
  centsToDecimalString,
  detectRecurring,
  parseStatementFile,
  planImport,
  type CsvBank,
  type ParsedStatement,
  type PlannedRow,
  type SeriesInput,
  type StatementFileFormat,
} from '../engine/index';
import { UsageError, asOfArg, parseCliArgs, runWhenInvoked } from './common';

const USAGE =
  'usage: npm run statement -- FILE [FILE ...] [--bank NAME] [--format csv|ofx|qif] [--recurring] [--as-of YYYY-MM-DD] [--us-dates]\n' +
  `         NAME: ${CSV_BANKS.join(', ')} (a CSV layout; overrides the recognised one)\n` +
  '         --us-dates: QIF dates are month first (a "Quicken US" export). See docs/transactions.md.';

/** A row's place in date order: newest-first files are read back to front within a day. */
function newestFirst(s: ParsedStatement): boolean {
  if (s.balance_check) return s.balance_check.order === 'newest_first';
  return s.rows.length > 1 && s.rows[0].date > s.rows[s.rows.length - 1].date;
}

/**
 * Within one day, rows from different files are put in the order their running balances follow (each balance
 * is the previous one plus the row's amount), so an overlap read in either order gives the same list. A day
 * whose rows do not form one such chain keeps the file order.
 */
function followBalances(sorted: PlannedRow[]): PlannedRow[] {
  const out: PlannedRow[] = [];
  for (let i = 0; i < sorted.length;) {
    let j = i + 1;
    while (j < sorted.length && sorted[j].date === sorted[i].date) j++;
    const day = sorted.slice(i, j);
    out.push(...(new Set(day.map((r) => r.file_index)).size > 1 ? (balanceChain(day) ?? day) : day));
    i = j;
  }
  return out;
}

function balanceChain(day: PlannedRow[]): PlannedRow[] | null {
  if (day.some((r) => r.balance_cents == null)) return null;
  const before = (r: PlannedRow) => r.balance_cents! - r.amount_cents;
  const balances = new Set(day.map((r) => r.balance_cents!));
  const starts = day.filter((r) => !balances.has(before(r)));
  if (starts.length !== 1) return null;
  const chain = [starts[0]];
  const left = new Set(day.filter((r) => r !== starts[0]));
  while (left.size > 0) {
    const prev = chain[chain.length - 1].balance_cents!;
    const next = [...left].filter((r) => before(r) === prev);
    if (next.length !== 1) return null;
    chain.push(next[0]);
    left.delete(next[0]);
  }
  return chain;
}

export function runCli(argv: string[]): { code: number; stdout: string; stderr: string } {
  try {
    const { values, positionals } = parseCliArgs(argv, {
      bank: { type: 'string' },
      format: { type: 'string' },
      recurring: { type: 'boolean', default: false },
      'as-of': { type: 'string' },
      'us-dates': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    });
    if (values.help) return { code: 0, stdout: `${USAGE}\n`, stderr: '' };
    if (positionals.length === 0) throw new UsageError('FILE is required');
    const bank = values.bank?.toLowerCase();
    if (bank !== undefined && !(CSV_BANKS as readonly string[]).includes(bank)) {
      throw new UsageError(`--bank: must be one of ${CSV_BANKS.join(', ')} (got "${values.bank}")`);
    }
    const format = values.format?.toLowerCase();
    if (format !== undefined && !['csv', 'ofx', 'qfx', 'qif'].includes(format)) {
      throw new UsageError(`--format: must be csv, ofx or qif (got "${values.format}")`);
    }
    const asOf = asOfArg(values['as-of']);

    const statements: { file: string; statement: ParsedStatement }[] = [];
    for (const file of positionals) {
      let bytes: Uint8Array;
      try {
        bytes = new Uint8Array(readFileSync(file));
      } catch (err) {
        throw new UsageError(`cannot read ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
      }
      let result;
      try {
        result = parseStatementFile(bytes, basename(file), {
          format: format === undefined ? null : format === 'qfx' ? 'ofx' : (format as StatementFileFormat),
          bank: (bank as CsvBank | undefined) ?? null,
          qif_date_order: values['us-dates'] ? 'mdy' : 'dmy',
        });
      } catch (err) {
        if (err instanceof StatementFileError)
          return { code: 2, stdout: '', stderr: `statement: ${file}: ${err.message}\n` };
        throw err;
      }
      if (result.kind === 'mapping_needed') {
        const first = result.preview.rows
          .slice(0, 3)
          .map((r) => `  line ${r.line}: ${r.cells.join(' | ')}`)
          .join('\n');
        return {
          code: 2,
          stdout: '',
          stderr:
            `statement: ${file}: this CSV layout is not recognised; name it with --bank ` +
            `(${CSV_BANKS.join(', ')}) or map its columns in the app. First rows:\n${first}\n`,
        };
      }
      statements.push({ file, statement: result.statement });
    }

    const plan = planImport(
      [],
      statements.map((s) => s.statement.rows),
    );
    const several = statements.length > 1;
    const fileName = (i: number) => statements[i].file;
    const order = new Map<string, number>();
    statements.forEach((s, fi) => {
      const reverse = newestFirst(s.statement);
      s.statement.rows.forEach((r, i) => order.set(`${fi}:${r.line}`, reverse ? -i : i));
    });
    const rows: PlannedRow[] = followBalances(
      [...plan.toAdd].sort(
        (a, b) =>
          (a.date < b.date ? -1 : a.date > b.date ? 1 : 0) ||
          a.file_index - b.file_index ||
          order.get(a.key)! - order.get(b.key)!,
      ),
    );
    const byKey = new Map(plan.toAdd.map((r) => [r.key, r]));
    const brief = (r: PlannedRow) => ({
      date: r.date,
      amount: centsToDecimalString(r.amount_cents),
      description: r.description,
      file: basename(fileName(r.file_index)),
      line: r.line,
    });
    const distinct = (xs: string[]) => [...new Set(xs)].join(',');
    const out: Record<string, unknown> = {
      format: distinct(statements.map((s) => s.statement.format)),
      bank: distinct(statements.map((s) => s.statement.bank)),
      transactions: rows.map((r) => ({
        date: r.date,
        amount: centsToDecimalString(r.amount_cents),
        description: r.description,
        payee: r.payee,
        balance: r.balance_cents == null ? null : centsToDecimalString(r.balance_cents),
        bank_id: r.bank_id,
      })),
      skipped: statements.flatMap((s) =>
        s.statement.skipped.map((k) => ({
          line: k.line,
          reason: several ? `${basename(s.file)}: ${k.reason}` : k.reason,
        })),
      ),
    };
    if (values.recurring) {
      const series: SeriesInput[] = rows.map((r) => ({
        id: r.key,
        account_id: 'account',
        date: r.date,
        amount_cents: r.amount_cents,
        payee: r.payee,
      }));
      out.recurring = detectRecurring(series, { as_of: asOf }).map((s) => ({
        payee: s.payee,
        amount: centsToDecimalString(s.amount_cents),
        frequency: s.frequency,
        next_date: s.next_date,
        occurrences: s.occurrences,
        confidence: s.confidence,
      }));
    }
    // In the order of the transactions they concern, like the transactions themselves.
    const position = new Map(rows.map((r, i) => [r.key, i]));
    const proposed = [...plan.proposed].sort((a, b) => position.get(a.incoming.key)! - position.get(b.incoming.key)!);
    out.proposed_matches = proposed.map((p) => {
      const other = byKey.get(p.existing_id);
      return {
        transaction: brief(p.incoming),
        possible_duplicate_of: other ? brief(other) : { id: p.existing_id },
        days_apart: p.days_apart,
        reason: p.reason,
      };
    });
    // Warnings (a running balance that breaks, repeated bank ids, a --bank that does not apply) go to stderr,
    // so stdout stays the JSON alone.
    const warnings = statements.flatMap((s) => (s.statement.warnings ?? []).map((w) => `statement: ${s.file}: ${w}\n`));
    return { code: 0, stdout: `${JSON.stringify(out, null, 2)}\n`, stderr: warnings.join('') };
  } catch (err) {
    if (err instanceof UsageError) return { code: 2, stdout: '', stderr: `statement: ${err.message}\n${USAGE}\n` };
    throw err;
  }
}

runWhenInvoked(/statement\.ts$/, runCli);
