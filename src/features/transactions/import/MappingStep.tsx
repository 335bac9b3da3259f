// The column-mapping step for a CSV whose layout is not recognised: the user says which column is the date, the
// amount (or debit and credit), the description and the balance; a live preview reads the file with those choices.
import { useEffect, useState } from 'react';
import type { ParsedStatement } from '../engine-types';
import { formatCents, formatDay, plural } from '../tx-format';
import { Button, CheckField, SelectField } from '../ui';
import type { ColumnMapping, CsvPreview, SignConvention, StatementReader } from './import-types';

const PREVIEW_ROWS = 8;

/** A first guess when the reader has none: the first column the date, the second the amount, the third the text. */
export function fallbackMapping(columnCount: number): ColumnMapping {
  return {
    header: true,
    date: 0,
    date_order: 'dmy',
    sign: 'signed',
    amount: Math.min(1, columnCount - 1),
    debit: null,
    credit: null,
    description: [Math.min(2, columnCount - 1)],
    balance: null,
  };
}

const SIGN_LABELS: Record<SignConvention, string> = {
  signed: 'One amount column, money out negative',
  inverted: 'One amount column, money out positive',
  split_unsigned: 'Separate money out and money in columns',
  split_negative_debit: 'Separate columns, money out already negative',
};

const isSplit = (sign: SignConvention) => sign === 'split_unsigned' || sign === 'split_negative_debit';

export function MappingStep({
  fileName,
  preview: csv,
  initial,
  file,
  getReader,
  onConfirm,
  onCancel,
}: {
  fileName: string;
  preview: CsvPreview;
  initial: ColumnMapping | null;
  file: File | undefined;
  getReader: () => Promise<StatementReader>;
  onConfirm: (m: ColumnMapping) => void;
  onCancel: () => void;
}) {
  const [mapping, setMapping] = useState<ColumnMapping>(
    () => initial ?? csv.suggested ?? fallbackMapping(csv.column_count),
  );
  const split = isSplit(mapping.sign);
  const first = csv.rows[0]?.cells ?? [];
  const [preview, setPreview] = useState<{ for: ColumnMapping; statement?: ParsedStatement; error?: string } | null>(
    null,
  );
  const names = Array.from({ length: csv.column_count }, (_, i) =>
    mapping.header && first[i]?.trim() ? first[i].trim() : `Column ${i + 1}`,
  );
  const sample = (mapping.header ? csv.rows.slice(1) : csv.rows).slice(0, 5);
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
            !stale &&
            setPreview({ for: mapping, error: err instanceof Error ? err.message : 'Could not read the file' }),
        );
    }, 150);
    return () => {
      stale = true;
      clearTimeout(timer);
    };
  }, [file, mapping, getReader]);

  const columnSelect = (
    label: string,
    value: number | null,
    onChange: (v: number | null) => void,
    optional = false,
  ) => (
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

  const valid = split ? mapping.debit != null && mapping.credit != null : mapping.amount != null;

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
            {sample.map((row) => (
              <tr key={row.line}>
                {names.map((_, i) => (
                  <td key={i}>{row.cells[i] ?? ''}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="tx-filters">
        <CheckField
          label="The first line is a header"
          checked={mapping.header}
          onChange={(e) => set({ header: e.target.checked })}
        />
        {columnSelect('Date', mapping.date, (v) => set({ date: v ?? 0 }))}
        <SelectField
          label="Dates are written"
          value={mapping.date_order ?? 'dmy'}
          onChange={(e) => set({ date_order: e.target.value as ColumnMapping['date_order'] })}
        >
          <option value="dmy">Day first (31/01/2026)</option>
          <option value="mdy">Month first (01/31/2026)</option>
          <option value="ymd">Year first (2026-01-31)</option>
        </SelectField>
        {columnSelect('Description', mapping.description[0] ?? null, (v) => set({ description: [v ?? 0] }))}
        <SelectField
          label="Amounts"
          value={mapping.sign}
          onChange={(e) => {
            const sign = e.target.value as SignConvention;
            set(
              isSplit(sign)
                ? { sign, amount: null, debit: mapping.debit ?? 1, credit: mapping.credit ?? 2 }
                : { sign, amount: mapping.amount ?? 1, debit: null, credit: null },
            );
          }}
        >
          {(Object.keys(SIGN_LABELS) as SignConvention[]).map((k) => (
            <option key={k} value={k}>
              {SIGN_LABELS[k]}
            </option>
          ))}
        </SelectField>
        {split ? (
          <>
            {columnSelect('Money out (debit)', mapping.debit ?? null, (v) => set({ debit: v }))}
            {columnSelect('Money in (credit)', mapping.credit ?? null, (v) => set({ credit: v }))}
          </>
        ) : (
          columnSelect('Amount', mapping.amount ?? null, (v) => set({ amount: v }))
        )}
        {columnSelect('Balance', mapping.balance ?? null, (v) => set({ balance: v }), true)}
      </div>
      <div aria-live="polite">
        {preview?.error && <p className="form-message form-message-error">{preview.error}</p>}
        {preview?.statement && (
          <div className="tx-table-wrap">
            <table className="tx-data-table">
              <caption>
                Read with these columns: {plural(preview.statement.rows.length, 'transaction')}
                {preview.statement.skipped.length > 0 &&
                  `, ${plural(preview.statement.skipped.length, 'line')} skipped`}
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
