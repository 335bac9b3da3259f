// The import's steps and what moves between them: read the chosen files (with progress), ask for the columns of
// each unknown CSV (a remembered mapping first), plan against the stored rows and preview, save what the user
// confirms, then offer the statement's closing balance. Nothing is written before "Import".
import { useCallback, useEffect, useState } from 'react';
import { useToast } from '../../../components/toast/ToastProvider';
import { useDb } from '../../../data/db-context';
import { updateAccount } from '../../../data/repositories/accounts';
import { rememberedMapping, rememberMapping } from '../../../data/statements/mapping-memory';
import type { ParsedRow } from '../engine-types';
import { plural } from '../tx-format';
import { useToastAction } from '../use-toast-action';
import { buildPreview, closingBalance, rowsToWrite, type ImportPreview } from './import-preview';
import { saveConfirmedImport, type SaveResult } from './import-save';
import { storedAround } from './import-stored';
import type { ColumnMapping, CsvPreview, FileResult, StatementReader } from './import-types';
import { loadStatementReader } from './statement-reader';
import { measured } from '../../../lib/perf/user-timing';

export type Step =
  | { kind: 'choose'; error?: string }
  | { kind: 'reading'; done: number; total: number }
  | { kind: 'mapping'; results: FileResult[]; index: number; initial: ColumnMapping | null }
  | { kind: 'preview'; results: FileResult[]; preview: ImportPreview }
  | { kind: 'saving'; done: number; total: number }
  | { kind: 'done'; result: SaveResult; closing: { cents: number; date: string | null } | null; balanceSet: boolean };

/** The first line's cells: a header when the file has one (what a remembered mapping is matched on). */
export function headerCells(preview: CsvPreview): string[] {
  return preview.rows[0]?.cells ?? [];
}

export function useImportFlow(accountId: string | undefined, injected: StatementReader | undefined) {
  const db = useDb();
  const showToast = useToast();
  const run = useToastAction();
  const [account, setAccount] = useState(accountId ?? '');
  const [files, setFiles] = useState<File[]>([]);
  const [step, setStep] = useState<Step>({ kind: 'choose' });

  const getReader = useCallback(() => (injected ? Promise.resolve(injected) : loadStatementReader()), [injected]);
  // The reader (and its worker) starts while the user picks files, so 'Read file' does not wait for it.
  useEffect(() => {
    void getReader().catch(() => undefined);
  }, [getReader]);

  /** Plans the import against the account's stored rows around the incoming dates, and shows the preview. */
  const plan = async (results: FileResult[]) => {
    const reader = await getReader();
    const perFile: ParsedRow[][] = results.flatMap((r) => (r.kind === 'parsed' ? [r.statement.rows] : []));
    const incoming = perFile.flat();
    if (incoming.length === 0) {
      const rejected = results.flatMap((r) => (r.kind === 'rejected' ? [`${r.file_name}: ${r.message}`] : []));
      setStep({
        kind: 'choose',
        error: `${rejected.length > 0 ? rejected.join(' ') : 'No transactions were found in the chosen files.'} Nothing was imported.`,
      });
      return;
    }
    const stored = await measured('wyrd:import:stored', () => storedAround(db, account, incoming));
    const p = await measured('wyrd:import:plan', () => reader.planImport(stored, perFile));
    setStep({ kind: 'preview', results, preview: buildPreview(results, p) });
  };

  /** Continues after the files are read (or one more file mapped): the next file needing a mapping, else the plan. */
  const next = async (results: FileResult[]) => {
    const index = results.findIndex((r) => r.kind === 'mapping_needed');
    if (index === -1) return plan(results);
    const remembered = await rememberedMapping<ColumnMapping>(db, account);
    const r = results[index];
    const sameColumns =
      remembered &&
      r.kind === 'mapping_needed' &&
      remembered.columns.join('\u0000') === headerCells(r.preview).join('\u0000');
    setStep({ kind: 'mapping', results, index, initial: sameColumns ? remembered.mapping : null });
  };

  const read = async () => {
    if (!account) return setStep({ kind: 'choose', error: 'Choose the account these statements belong to.' });
    if (files.length === 0) return setStep({ kind: 'choose', error: 'Choose one or more statement files.' });
    setStep({ kind: 'reading', done: 0, total: files.length });
    try {
      const reader = await getReader();
      const results = await measured('wyrd:import:parse', () =>
        reader.parseFiles(files, (done, total) => setStep({ kind: 'reading', done, total })),
      );
      await next(results);
    } catch (err) {
      console.error('Failed to read the statements', err);
      setStep({
        kind: 'choose',
        error: `Could not read the files: ${err instanceof Error ? err.message : 'unknown error'}. Nothing was imported.`,
      });
    }
  };

  const mapped = async (mapping: ColumnMapping) => {
    if (step.kind !== 'mapping') return;
    const r = step.results[step.index];
    if (r.kind !== 'mapping_needed') return;
    const file = files.find((f) => f.name === r.file_name);
    if (!file) return;
    try {
      const reader = await getReader();
      const statement = await reader.parseWithMapping(file, mapping);
      await rememberMapping(db, account, headerCells(r.preview), mapping);
      const results = step.results.slice();
      results[step.index] = { file_name: r.file_name, kind: 'parsed', statement };
      await next(results);
    } catch (err) {
      console.error('Failed to read with the mapping', err);
      showToast('Could not read the file with these columns', 'error');
    }
  };

  const confirm = async (preview: ImportPreview, confirmedSame: ReadonlySet<number>) => {
    const rows = rowsToWrite(preview, confirmedSame);
    setStep({ kind: 'saving', done: 0, total: rows.length });
    try {
      const result = await saveConfirmedImport(db, {
        accountId: account,
        preview,
        rows,
        onProgress: (done, total) => setStep({ kind: 'saving', done, total }),
      });
      showToast(`Imported ${plural(result.added, 'transaction')}`, 'success');
      setStep({ kind: 'done', result, closing: closingBalance(preview, rows), balanceSet: false });
    } catch (err) {
      console.error('Failed to import', err);
      showToast('Could not save the import. Nothing was imported.', 'error');
      setStep({ kind: 'preview', results: [], preview });
    }
  };

  const setBalance = async (cents: number) => {
    if (step.kind !== 'done') return;
    const updated = await run(() => updateAccount(db, account, { current_balance: cents / 100 }), {
      log: 'Failed to set the balance',
      failed: 'Could not update the balance',
      done: () => 'Account balance updated',
    });
    if (updated) setStep({ ...step, balanceSet: true });
  };

  const restart = () => setStep({ kind: 'choose' });
  return { account, setAccount, files, setFiles, step, getReader, read, mapped, confirm, setBalance, restart };
}

export type ImportFlow = ReturnType<typeof useImportFlow>;
