// What the import screens need from the statement reader (parsing in a worker, de-duplication planning), as one
// interface: the app wires the statement worker's client to it, tests pass an in-process or fake one. The shapes
// follow the engine's parser and planner (docs/transactions.md).
import type { ParsedRow, ParsedStatement, ProposedMatch } from '../engine-types';

export type SignConvention = 'signed' | 'inverted' | 'split_unsigned' | 'split_negative_debit';

/** How the user says an unknown CSV's columns are laid out (0-based column indexes). */
export type ColumnMapping = {
  header: boolean;
  date: number;
  date_order?: 'dmy' | 'ymd' | 'mdy';
  sign: SignConvention;
  amount?: number | null;
  debit?: number | null;
  credit?: number | null;
  description: number[];
  balance?: number | null;
  bank_id?: number | null;
  payee?: number | null;
};

export type CsvPreview = {
  column_count: number;
  rows: { line: number; cells: string[] }[];
  suggested: ColumnMapping | null;
};

export type FileResult =
  | { kind: 'parsed'; file_name: string; statement: ParsedStatement }
  | { kind: 'mapping_needed'; file_name: string; preview: CsvPreview }
  /** Not a statement (or unreadable): the message is for the user; nothing from the file is imported. */
  | { kind: 'rejected'; file_name: string; message: string };

/** A stored row the planner compares incoming rows with. */
export type ExistingRow = {
  id: string;
  date: string;
  amount_cents: number;
  description: string;
  payee?: string | null;
  bank_id?: string | null;
  balance_cents?: number | null;
  fingerprint?: string | null;
};

/** An incoming row as planned: its fingerprint and `<file index>:<line>` key. */
export type PlannedRow = ParsedRow & { fingerprint: string; file_index: number; key: string };

export type ImportPlan = {
  toAdd: PlannedRow[];
  duplicates: { incoming: PlannedRow; existing_id: string; reason: string }[];
  /** Near matches for the user to confirm; every incoming row named here is also in toAdd. */
  proposed: (ProposedMatch & { incoming: PlannedRow; days_apart?: number })[];
};

export type StatementReader = {
  parseFiles: (files: File[], onProgress?: (done: number, total: number) => void) => Promise<FileResult[]>;
  parseWithMapping: (file: File, mapping: ColumnMapping) => Promise<ParsedStatement>;
  /** `files`: the parsed rows of each file, in import order. */
  planImport: (existing: ExistingRow[], files: ParsedRow[][]) => Promise<ImportPlan>;
};
