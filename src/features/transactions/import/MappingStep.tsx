// The column-mapping step for a CSV whose layout is not recognised: the user says which column is the date, the
// amount (or debit and credit), the description and the balance; a live preview reads the file with those choices.
import { useEffect, useState } from 'react';
import type { ParsedStatement } from '../engine-types';
import { formatCents, formatDay, plural } from '../tx-format';
import { Button, CheckField, SelectField } from '../ui';
import type { ColumnMapping, StatementReader } from './import-types';

const PREVIEW_ROWS = 8;

/** A first guess from the header names, so a typical file needs few changes. */
export function guessMapping(columns: string[]): ColumnMapping {
  const find = (re: RegExp) => {
    const i = columns.findIndex((c) => re.test(c));
    return i === -1 ? null : i;
  };
  const debit = find(/debit|withdraw|money out/i);
  const credit = find(/credit|deposit|money in/i);
  const amount = debit !== null && credit !== null ? null : (find(/amount|value/i) ?? 1);
  return {
    has_header: columns.some((c) => /[a-z]{3}/i.test(c) && !/^\d/.test(c)),
    date: find(/date/i) ?? 0,
    date_format: 'auto',
    amount,
    debit: amount === null ? debit : null,
    credit: amount === null ? credit : null,
    description: find(/desc|narr|detail|memo|particular|payee/i) ?? 2,
    balance: find(/balance/i),
  };
}

export function MappingStep({
  fileName,
  columns,
  sample,
  initial,
  file,
  getReader,
  onConfirm,
  onCancel,
}: {
  fileName: string;
  columns: string[];
  sample: string[][];
  initial: ColumnMapping | null;
  file: File | undefined;
  getReader: () => Promise<StatementReader>;
  onConfirm: (m: ColumnMapping) => void;
  onCancel: () => void;
}) {
  const [mapping, setMapping] = useState<ColumnMapping>(() => initial ?? guessMapping(columns));
  const [split, setSplit] = useState(mapping.amount === null);
  const [preview, setPreview] = useState<{ for: ColumnMapping; statement?: ParsedStatement; error?: string } | null>(
    null,
  );
  const names = columns.map((c, i) => (c.trim() ? c : `Column ${i + 1}`));
  const set = (patch: Partial<ColumnMapping>) => setMapping((m) => ({ ...m, ...patch }));

  // Live preview: read the file with the current choices (in the worker), the latest choices winning.
  useEffect(() => {
    if (!file) return;
    let stale = false;
    const timer = setTimeout(() => {
      getReader()
        .then((r) => r.parseWithMapping(file, mapping))
        .then(
          (statement) => !stale && setPreview({ for: mapping, statement }),
          (err: unknown) =>
            !stale && setPreview({ for: mapping, error: err instanceof Error ? err.message : 'Could not read the file' }),
        );
    }, 150);
    return () => {
      stale = true;
      clearTimeout(timer);
    };
  }, [file, mapping, getReader]);

  const columnSelect = (label: string, value: number | null, onChange: (v: number | null) => void, optional = false) => (
    <SelectField
      label={label}
      value={value === null ? '' : String(value)}
      onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))}
    >
      {optional && <option value="">None</option>}
      {names.map((n, i) => (
        <option key={i} value={i}>
          {n}
        </option>
      ))}
    </SelectField>
  );

  const valid =
    mapping.date !== null &&
    mapping.description !== null &&
    (split ? mapping.debit !== null || mapping.credit !== null : mapping.amount !== null);

  return (
    <section className="card" aria-labelledby="tx-mapping-title">
      <h2 id="tx-mapping-title">Which columns are which?</h2>
      <p>
        Wyrd does not recognise the layout of {fileName}. Choose its columns once; they are remembered for this account.
      </p>
      <div className="tx-table-wrap">
        <table className="tx-data-table">
          <caption>The first lines of the file</caption>
          <thead>
            <tr>
              {names.map((n, i) => (
                <th key={i} scope="col">
                  {n}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {sample.slice(0, 5).map((cells, r) => (
              <tr key={r}>
                {names.map((_, i) => (
                  <td key={i}>{cells[i] ?? ''}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="tx-filters">
        <CheckField
          label="The first line is a header"
          checked={mapping.has_header}
          onChange={(e) => set({ has_header: e.target.checked })}
        />
        {columnSelect('Date', mapping.date, (v) => set({ date: v ?? 0 }))}
        <SelectField
          label="Dates are written"
          value={mapping.date_format}
          onChange={(e) => set({ date_format: e.target.value as ColumnMapping['date_format'] })}
        >
          <option value="auto">Work it out</option>
          <option value="dmy">Day first (31/01/2026)</option>
          <option value="mdy">Month first (01/31/2026)</option>
          <option value="ymd">Year first (2026-01-31)</option>
        </SelectField>
        {columnSelect('Description', mapping.description, (v) => set({ description: v ?? 0 }))}
        <CheckField
          label="Money in and money out are separate columns"
          checked={split}
          onChange={(e) => {
            setSplit(e.target.checked);
            set(
              e.target.checked
                ? { amount: null, debit: mapping.debit ?? 1, credit: mapping.credit ?? 2 }
                : { amount: mapping.amount ?? 1, debit: null, credit: null },
            );
          }}
        />
        {split ? (
          <>
            {columnSelect('Money out (debit)', mapping.debit, (v) => set({ debit: v }), true)}
            {columnSelect('Money in (credit)', mapping.credit, (v) => set({ credit: v }), true)}
          </>
        ) : (
          columnSelect('Amount (money out negative)', mapping.amount, (v) => set({ amount: v }))
        )}
        {columnSelect('Balance', mapping.balance, (v) => set({ balance: v }), true)}
      </div>
      <div aria-live="polite">
        {preview?.error && <p className="form-message form-message-error">{preview.error}</p>}
        {preview?.statement && (
          <div className="tx-table-wrap">
            <table className="tx-data-table">
              <caption>
                Read with these columns: {plural(preview.statement.rows.length, 'transaction')}
                {preview.statement.skipped.length > 0 && `, ${plural(preview.statement.skipped.length, 'line')} skipped`}
              </caption>
              <thead>
                <tr>
                  <th scope="col">Date</th>
                  <th scope="col">Description</th>
                  <th scope="col" className="tx-num">
                    Amount
                  </th>
                  <th scope="col" className="tx-num">
                    Balance
                  </th>
                </tr>
              </thead>
              <tbody>
                {preview.statement.rows.slice(0, PREVIEW_ROWS).map((r) => (
                  <tr key={r.line}>
                    <td>{formatDay(r.date)}</td>
                    <td>{r.description}</td>
                    <td className="tx-num">{formatCents(r.amount_cents)}</td>
                    <td className="tx-num">{r.balance_cents == null ? '' : formatCents(r.balance_cents)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            {preview.statement.skipped.slice(0, 3).map((s) => (
              <p key={s.line} className="money-status">
                Line {s.line}: {s.reason}
              </p>
            ))}
          </div>
        )}
      </div>
      <div className="tx-step-actions">
        <Button
          variant="primary"
          disabled={!valid || !preview?.statement || preview.statement.rows.length === 0}
          onClick={() => onConfirm(mapping)}
        >
          Use these columns
        </Button>
        <Button onClick={onCancel}>Cancel</Button>
      </div>
    </section>
  );
}
