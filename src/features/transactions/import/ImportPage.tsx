// Importing statements: choose the account and one or more files, read them in the worker (with progress), map
// the columns of an unknown CSV, then a preview (rows, money in and out, dates, skipped lines, duplicates and the
// possible duplicates to decide one by one). Nothing is written until "Import"; afterwards the account's balance
// can be set from the statement's closing balance.
import { Link } from '@tanstack/react-router';
import { useCallback, useState } from 'react';
import { PageFrame } from '../../../components/layout/PageFrame';
import { FormMessage } from '../../../components/form/FormField';
import { useToast } from '../../../components/toast/ToastProvider';
import { useDb } from '../../../data/db-context';
import { updateAccount } from '../../../data/repositories/accounts';
import { rememberedMapping, rememberMapping } from '../../../data/statements/mapping-memory';
import type { ParsedRow } from '../engine-types';
import { formatCents, formatDay, plural } from '../tx-format';
import { transactionsTable } from '../tx-store';
import { Button, FileField, SelectField } from '../ui';
import { useTxLookups } from '../use-tx-lookups';
import { buildPreview, closingBalance, rowsToWrite, type ImportPreview } from './import-preview';
import { saveConfirmedImport, type SaveResult } from './import-save';
import type { ColumnMapping, CsvPreview, ExistingRow, FileResult, StatementReader } from './import-types';
import { MappingStep } from './MappingStep';
import { PreviewStep } from './PreviewStep';
import { loadStatementReader } from './statement-reader';
import '../transactions.css';

type Step =
  | { kind: 'choose'; error?: string }
  | { kind: 'reading'; done: number; total: number }
  | { kind: 'mapping'; results: FileResult[]; index: number; initial: ColumnMapping | null }
  | { kind: 'preview'; results: FileResult[]; preview: ImportPreview }
  | { kind: 'saving'; done: number; total: number }
  | { kind: 'done'; result: SaveResult; closing: { cents: number; date: string | null } | null; balanceSet: boolean };

/** Days either side of the incoming dates whose stored rows the de-duplication compares with. */
const OVERLAP_DAYS = 7;

/** The first line's cells: a header when the file has one (what a remembered mapping is matched on). */
function headerCells(preview: CsvPreview): string[] {
  return preview.rows[0]?.cells ?? [];
}

function mappingOf(r: FileResult): CsvPreview | null {
  return r.kind === 'mapping_needed' ? r.preview : null;
}

function shiftDate(iso: string, days: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export function ImportPage({ accountId, reader: injected }: { accountId?: string; reader?: StatementReader } = {}) {
  const db = useDb();
  const showToast = useToast();
  const lookups = useTxLookups(db);
  const [account, setAccount] = useState(accountId ?? '');
  const [files, setFiles] = useState<File[]>([]);
  const [step, setStep] = useState<Step>({ kind: 'choose' });

  const getReader = useCallback(() => (injected ? Promise.resolve(injected) : loadStatementReader()), [injected]);

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
    let min = incoming[0].date;
    let max = incoming[0].date;
    for (const r of incoming) {
      if (r.date < min) min = r.date;
      if (r.date > max) max = r.date;
    }
    const stored = await transactionsTable(db)
      .where('[account_id+date]')
      .between([account, shiftDate(min, -OVERLAP_DAYS)], [account, shiftDate(max, OVERLAP_DAYS)], true, true)
      .toArray();
    const existing: ExistingRow[] = stored.map((t) => ({
      id: t.id,
      date: t.date,
      amount_cents: t.amount_cents,
      description: t.description,
      payee: t.payee,
      bank_id: t.bank_id ?? null,
      balance_cents: t.balance_cents ?? null,
      fingerprint: t.fingerprint ?? null,
    }));
    const p = await reader.planImport(existing, perFile);
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
      const results = await reader.parseFiles(files, (done, total) => setStep({ kind: 'reading', done, total }));
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
    try {
      await updateAccount(db, account, { current_balance: cents / 100 });
      showToast('Account balance updated', 'success');
      setStep({ ...step, balanceSet: true });
    } catch (err) {
      console.error('Failed to set the balance', err);
      showToast('Could not update the balance', 'error');
    }
  };

  const accountName = lookups?.accountName.get(account) ?? 'the account';

  return (
    <PageFrame
      title="Import statements"
      testId="import"
      actions={
        <Link to="/transactions" className="button button-ghost">
          Back to transactions
        </Link>
      }
    >
      {step.kind === 'choose' && lookups && (
        <form
          className="card form"
          aria-label="Choose statements"
          onSubmit={(e) => {
            e.preventDefault();
            void read();
          }}
        >
          {lookups.accounts.length === 0 ? (
            <p>
              Add the account these statements belong to first. <Link to="/accounts">Go to Accounts</Link>
            </p>
          ) : (
            <>
              <SelectField label="Account" value={account} onChange={(e) => setAccount(e.target.value)}>
                <option value="">Choose an account</option>
                {lookups.accounts.map((a) => (
                  <option key={a.id} value={a.id}>
                    {a.name}
                  </option>
                ))}
              </SelectField>
              <FileField label="Statement files (CSV, OFX, QFX or QIF)" onFiles={setFiles} />
              <p className="field-hint">
                Files are read on this device. Only the transactions you import are saved and synced.
              </p>
              <FormMessage type="error">{step.error}</FormMessage>
              <div className="tx-step-actions">
                <Button type="submit" variant="primary">
                  Read {files.length > 1 ? `${files.length} files` : 'file'}
                </Button>
              </div>
            </>
          )}
        </form>
      )}
      {step.kind === 'reading' && (
        <Progress
          label={`Reading file ${Math.min(step.done + 1, step.total)} of ${step.total}`}
          done={step.done}
          total={step.total}
        />
      )}
      {step.kind === 'mapping' && mappingOf(step.results[step.index]) && (
        <MappingStep
          key={step.index}
          fileName={step.results[step.index].file_name}
          preview={mappingOf(step.results[step.index]) as CsvPreview}
          initial={step.initial}
          file={files.find((f) => f.name === step.results[step.index].file_name)}
          getReader={getReader}
          onCancel={() => setStep({ kind: 'choose' })}
          onConfirm={(m) => void mapped(m)}
        />
      )}
      {step.kind === 'preview' && (
        <PreviewStep
          preview={step.preview}
          accountName={accountName}
          onCancel={() => setStep({ kind: 'choose' })}
          onConfirm={(same) => void confirm(step.preview, same)}
        />
      )}
      {step.kind === 'saving' && (
        <Progress label={`Saving ${plural(step.total, 'transaction')}`} done={step.done} total={step.total} />
      )}
      {step.kind === 'done' && (
        <div className="card" data-step="done">
          <h2>Import finished</h2>
          <p role="status">
            Added {plural(step.result.added, 'transaction')} to {accountName}.
            {step.result.transfers > 0 && ` Linked ${plural(step.result.transfers, 'transfer')} between your accounts.`}
          </p>
          {step.closing && !step.balanceSet && (
            <div className="tx-offer">
              <p>
                The statement&apos;s closing balance is {formatCents(step.closing.cents)}
                {step.closing.date ? ` on ${formatDay(step.closing.date)}` : ''}.
              </p>
              <Button variant="primary" onClick={() => void setBalance(step.closing!.cents)}>
                Set {accountName}&apos;s balance to {formatCents(step.closing.cents)}
              </Button>
            </div>
          )}
          {step.balanceSet && <p>{accountName}&apos;s balance is now the statement&apos;s closing balance.</p>}
          <div className="tx-step-actions">
            <Link to="/transactions" search={{ account }} className="button button-primary">
              See the transactions
            </Link>
            <Link to="/transactions/recurring" className="button button-ghost">
              Find recurring items
            </Link>
            <Button onClick={() => setStep({ kind: 'choose' })}>Import more</Button>
          </div>
        </div>
      )}
    </PageFrame>
  );
}

function Progress({ label, done, total }: { label: string; done: number; total: number }) {
  const pct = total > 0 ? Math.round((done / total) * 100) : 0;
  return (
    <div className="card">
      <p id="tx-progress-label">{label}</p>
      <progress aria-labelledby="tx-progress-label" max={100} value={pct} aria-valuetext={`${done} of ${total}`} />
    </div>
  );
}
