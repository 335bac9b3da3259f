// The import preview's figures, from the parsed files and the de-duplication plan: what will be added (rows,
// money in and out, net, the dates covered), what is skipped and why, duplicates, and the fuzzy proposals.
import type { SkippedRow } from '../engine-types';
import type { FileResult, ImportPlan, PlannedRow } from './import-types';

export type FileSummary = {
  file_name: string;
  format: string;
  bank: string;
  rows: number;
  skipped: SkippedRow[];
  closing_balance_cents: number | null;
  closing_balance_date: string | null;
};

export type ImportPreview = {
  files: FileSummary[];
  /** Files that are not statements: named with the reason, nothing from them is imported. */
  rejected: { file_name: string; message: string }[];
  toAdd: PlannedRow[];
  duplicates: ImportPlan['duplicates'];
  proposed: ImportPlan['proposed'];
  moneyIn: number;
  moneyOut: number;
  net: number;
  firstDate: string | null;
  lastDate: string | null;
};

export function summariseFiles(results: FileResult[]): Pick<ImportPreview, 'files' | 'rejected'> {
  const files: FileSummary[] = [];
  const rejected: ImportPreview['rejected'] = [];
  for (const r of results) {
    if (r.kind === 'parsed') {
      files.push({
        file_name: r.file_name,
        format: r.statement.format,
        bank: r.statement.bank,
        rows: r.statement.rows.length,
        skipped: r.statement.skipped,
        closing_balance_cents: r.statement.closing_balance_cents ?? null,
        closing_balance_date: r.statement.closing_balance_date ?? null,
      });
    } else if (r.kind === 'rejected') {
      rejected.push({ file_name: r.file_name, message: r.message });
    }
  }
  return { files, rejected };
}

export function buildPreview(results: FileResult[], plan: ImportPlan): ImportPreview {
  let moneyIn = 0;
  let moneyOut = 0;
  let firstDate: string | null = null;
  let lastDate: string | null = null;
  for (const row of plan.toAdd) {
    if (row.amount_cents >= 0) moneyIn += row.amount_cents;
    else moneyOut += row.amount_cents;
    if (firstDate === null || row.date < firstDate) firstDate = row.date;
    if (lastDate === null || row.date > lastDate) lastDate = row.date;
  }
  return {
    ...summariseFiles(results),
    toAdd: plan.toAdd,
    duplicates: plan.duplicates,
    proposed: plan.proposed,
    moneyIn,
    moneyOut,
    net: moneyIn + moneyOut,
    firstDate,
    lastDate,
  };
}

/**
 * The rows to write: every planned row except the incoming side of each proposal the user confirmed as the same
 * transaction (proposals are keyed by their index in `proposed`). Unconfirmed proposals keep both rows.
 */
export function rowsToWrite(preview: ImportPreview, confirmedSame: ReadonlySet<number>): PlannedRow[] {
  if (confirmedSame.size === 0) return preview.toAdd;
  const drop = new Set<string>();
  preview.proposed.forEach((p, i) => {
    if (confirmedSame.has(i)) drop.add(p.incoming.key);
  });
  return preview.toAdd.filter((r) => !drop.has(r.key));
}

/**
 * The balance to offer for the account after an import: a closing balance the file states (the latest one), else
 * the running balance printed on the latest row that has one.
 */
export function closingBalance(
  preview: ImportPreview,
  rows: PlannedRow[],
): { cents: number; date: string | null } | null {
  let best: { cents: number; date: string | null } | null = null;
  for (const f of preview.files) {
    if (f.closing_balance_cents == null) continue;
    if (!best || (f.closing_balance_date ?? '') > (best.date ?? '')) {
      best = { cents: f.closing_balance_cents, date: f.closing_balance_date };
    }
  }
  if (best) return best;
  let latest: PlannedRow | null = null;
  for (const r of rows) {
    if (r.balance_cents == null) continue;
    if (!latest || r.date >= latest.date) latest = r;
  }
  return latest ? { cents: latest.balance_cents as number, date: latest.date } : null;
}
