// The statement worker's API: the plain statementApi, plus the import's calls in their small wire form
// (worker/statement-wire.ts): each parsed file's rows are kept under a token that the plan is asked with, and the
// plan answers in columns.
import type { ExistingTransaction, ParsedRow, ParseStatementOptions } from './engine/index';
import { statementApi, type FileOutcome, type StatementFile, type StatementResult } from './statement-api';
import { KeptRows, toWirePlan, type WireFile, type WirePlan } from './statement-wire';

/**
 * A file's outcome; when it was parsed, its rows are kept under `rows_token` and come separately, ROWS_PAGE at a
 * time (keptRows), so that no one message takes the page long to copy: the statement's `rows` is empty and
 * `row_count` says how many there are.
 */
export type KeptOutcome = FileOutcome & { rows_token?: string; row_count?: number };

/** The worker's API for one worker's kept rows (statementWorkerApi is the worker's own). */
export function createStatementWorkerApi() {
  const kept = new KeptRows();
  const withToken = (outcome: FileOutcome): KeptOutcome =>
    outcome.kind === 'parsed'
      ? {
          ...outcome,
          statement: { ...outcome.statement, rows: [] },
          rows_token: kept.keep(outcome.statement.rows),
          row_count: outcome.statement.rows.length,
        }
      : outcome;
  return {
    ...statementApi,
    parseFilesKept(files: StatementFile[], options: ParseStatementOptions = {}): KeptOutcome[] {
      return statementApi.parseFiles(files, options).map(withToken);
    },
    parseWithMappingKept(...args: Parameters<typeof statementApi.parseWithMapping>): KeptOutcome {
      return withToken(statementApi.parseWithMapping(...args));
    },
    /** `count` kept rows of a parsed file from `start` (none when the token is no longer kept). */
    keptRows(token: string, start: number, count: number): ParsedRow[] {
      return kept.resolve([token])?.[0].slice(start, start + count) ?? [];
    },
    /** The plan in columns; `{ ok: false, missing: true }` when a token is no longer kept (send the rows). */
    planImportKept(
      existing: ExistingTransaction[],
      files: WireFile[],
    ): StatementResult<WirePlan> | { ok: false; missing: true; message: string } {
      const rows = kept.resolve(files);
      if (!rows) return { ok: false, missing: true, message: 'The statement rows are no longer kept.' };
      const result = statementApi.planImport(existing, rows);
      return result.ok ? { ok: true, value: toWirePlan(result.value) } : result;
    },
  };
}

export const statementWorkerApi = createStatementWorkerApi();
export type StatementWorkerApi = typeof statementWorkerApi;
