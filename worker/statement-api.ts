// The statement worker's API as plain functions (tests and the CLI can call the same code without a worker):
// parse the picked files, re-read an unknown CSV with the user's column mapping, plan the import against the
// account's stored transactions, and find recurring series in the stored transactions. Plain data in and out; a
// file's problem is data, never a thrown error, so one bad file does not hide the others' results.
import {
  applyPayeeRules,
  detectRecurring,
  parseStatementFile,
  parseStatementWithMapping,
  planImport,
  StatementFileError,
  type CsvMapping,
  type DetectOptions,
  type ExistingTransaction,
  type ImportPlan,
  type ImportPlanOptions,
  type ParsedRow,
  type ParsedStatement,
  type PlannedRow,
  type ParseStatementOptions,
  type PayeeRule,
  type RecurringSeries,
  type SeriesInput,
  type StatementErrorCode,
  type StatementParseResult,
  type Utf8Decoder,
} from './engine/index';

/**
 * The runtime's strict UTF-8 decoder for the engine (browsers, workers and Node all have TextDecoder): the same
 * text as the engine's own decoder, which the engine, having no TextDecoder, writes out byte by byte.
 */
const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
export const hostUtf8: Utf8Decoder = (bytes) => {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    return null;
  }
};

export type StatementFile = { name: string; bytes: Uint8Array };

/** One picked file's outcome: parsed, waiting for a column mapping, or refused with a message for the user. */
export type FileOutcome =
  StatementParseResult | { kind: 'error'; file_name: string; code: StatementErrorCode | 'internal'; message: string };

/** The import plan with each row's category from the payee rules (null when no rule names its payee). */
export type CategorisedImportPlan = Omit<ImportPlan, 'toAdd'> & {
  toAdd: (PlannedRow & { category_id: string | null })[];
};

export type StatementResult<T> = { ok: true; value: T } | { ok: false; message: string };

function fileError(fileName: string, err: unknown): FileOutcome {
  if (err instanceof StatementFileError)
    return { kind: 'error', file_name: fileName, code: err.code, message: err.message };
  const detail = err instanceof Error ? err.message : String(err);
  return {
    kind: 'error',
    file_name: fileName,
    code: 'internal',
    message: `"${fileName}" could not be read (${detail}).`,
  };
}

export const statementApi = {
  /** Reads each file (format and bank recognised unless `options` names them), in the order given. */
  parseFiles(files: StatementFile[], options: ParseStatementOptions = {}): FileOutcome[] {
    return files.map((f) => {
      try {
        return parseStatementFile(f.bytes, f.name, { ...options, utf8: hostUtf8 });
      } catch (err) {
        return fileError(f.name, err);
      }
    });
  },
  /** Reads a CSV with the user's column mapping: the mapping step's live preview and the import both call it. */
  parseWithMapping(
    file: StatementFile,
    mapping: CsvMapping,
  ): { kind: 'parsed'; file_name: string; statement: ParsedStatement } | FileOutcome {
    try {
      return {
        kind: 'parsed',
        file_name: file.name,
        statement: parseStatementWithMapping(file.bytes, file.name, mapping, hostUtf8),
      };
    } catch (err) {
      return fileError(file.name, err);
    }
  },
  /**
   * The import plan (rows to add with their fingerprints, exact duplicates with reasons, near matches to confirm)
   * for files in import order against the account's stored transactions. The preview and the confirmed import
   * both call this, so what the preview shows is what is written. Payee rules, when given, set the rows' category.
   */
  planImport(
    existing: ExistingTransaction[],
    files: ParsedRow[][],
    options: ImportPlanOptions & { rules?: Pick<PayeeRule, 'payee' | 'category_id'>[] } = {},
  ): StatementResult<CategorisedImportPlan> {
    try {
      const plan = planImport(existing, files, options);
      return { ok: true, value: { ...plan, toAdd: applyPayeeRules(plan.toAdd, options.rules ?? []) } };
    } catch (err) {
      return { ok: false, message: err instanceof Error ? err.message : String(err) };
    }
  },
  /** Recurring series in the transactions (docs/transactions.md, "Recurring detection"), off the page's thread. */
  detectRecurring(rows: SeriesInput[], options: DetectOptions): StatementResult<RecurringSeries[]> {
    try {
      return { ok: true, value: detectRecurring(rows, options) };
    } catch (err) {
      return { ok: false, message: err instanceof Error ? err.message : String(err) };
    }
  },
};

export type StatementApi = typeof statementApi;
