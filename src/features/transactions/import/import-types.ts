// What the import screens need from the statement reader (parsing in a worker, de-duplication planning), as one
// interface: the app wires the real worker client to it, tests pass an in-process or fake one.
import type { ParsedRow, ParsedStatement, ProposedMatch } from '../engine-types';

/** How the user says an unknown CSV's columns are laid out (0-based column indexes). */
export type ColumnMapping = {
  has_header: boolean;
  date: number;
  date_format: 'auto' | 'dmy' | 'mdy' | 'ymd';
  /** One signed amount column, or separate debit (money out) and credit (money in) columns. */
  amount: number | null;
  debit: number | null;
  credit: number | null;
  description: number;
  balance: number | null;
};

export type FileResult =
  | { file_name: string; kind: 'parsed'; statement: ParsedStatement }
  | { file_name: string; kind: 'mapping-needed'; columns: string[]; sample: string[][] }
  | { file_name: string; kind: 'not-a-statement'; message: string };

/** A stored row the planner compares incoming rows with. */
export type ExistingRow = {
  id: string;
  date: string;
  amount_cents: number;
  description: string;
  bank_id?: string | null;
  balance_cents?: number | null;
  fingerprint?: string | null;
};

export type ImportPlan = {
  toAdd: ParsedRow[];
  /** Rows already stored (or repeated across the chosen files), with why. */
  duplicates: { row: ParsedRow; reason: string }[];
  proposed: ProposedMatch[];
};

export type StatementReader = {
  parseFiles: (files: File[], onProgress?: (done: number, total: number) => void) => Promise<FileResult[]>;
  parseWithMapping: (file: File, mapping: ColumnMapping) => Promise<ParsedStatement>;
  planImport: (existing: ExistingRow[], incoming: ParsedRow[]) => Promise<ImportPlan>;
  /** The row's de-duplication fingerprint, stored with it. */
  fingerprint: (row: ParsedRow) => string;
};
