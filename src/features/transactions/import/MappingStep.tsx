// The column-mapping step for a CSV whose layout is not recognised: the user says which column is the date, the
// amount (or debit and credit), the description and the balance; a live preview reads the file with those choices.
import { useState } from 'react';
import { plural } from '../tx-format';
import { Button, DataTable } from '../ui';
import type { ColumnMapping, CsvPreview, StatementReader } from './import-types';
import { isSplit, MappingFields } from './MappingFields';
import { StatementRowsTable } from './StatementRowsTable';
import { useMappingPreview } from './use-mapping-preview';

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
  const preview = useMappingPreview(file, mapping, getReader);
  const first = csv.rows[0]?.cells ?? [];
  const names = Array.from({ length: csv.column_count }, (_, i) =>
    mapping.header && first[i]?.trim() ? first[i].trim() : `Column ${i + 1}`,
  );
  const sample = (mapping.header ? csv.rows.slice(1) : csv.rows).slice(0, 5);
  const set = (patch: Partial<ColumnMapping>) => setMapping((m) => ({ ...m, ...patch }));
  const valid = isSplit(mapping.sign) ? mapping.debit != null && mapping.credit != null : mapping.amount != null;
  const statement = preview?.statement;

  return (
    <section className="card" aria-labelledby="tx-mapping-title">
      <h2 id="tx-mapping-title">Which columns are which?</h2>
      <p>
        Wyrd does not recognise the layout of {fileName}. Choose its columns once; they are remembered for this account.
      </p>
      <DataTable caption="The first lines of the file" columns={names}>
        {sample.map((row) => (
          <tr key={row.line}>
            {names.map((_, i) => (
              <td key={i}>{row.cells[i] ?? ''}</td>
            ))}
          </tr>
        ))}
      </DataTable>
      <MappingFields mapping={mapping} names={names} set={set} />
      <div aria-live="polite">
        {preview?.error && <p className="form-message form-message-error">{preview.error}</p>}
        {statement && (
          <StatementRowsTable
            caption={
              <>
                Read with these columns: {plural(statement.rows.length, 'transaction')}
                {statement.skipped.length > 0 && `, ${plural(statement.skipped.length, 'line')} skipped`}
              </>
            }
            rows={statement.rows.slice(0, PREVIEW_ROWS)}
            rowKey={(r) => r.line}
            after={statement.skipped.slice(0, 3).map((s) => (
              <p key={s.line} className="money-status">
                Line {s.line}: {s.reason}
              </p>
            ))}
          />
        )}
      </div>
      <div className="tx-step-actions">
        <Button
          variant="primary"
          disabled={!valid || !statement || statement.rows.length === 0}
          onClick={() => onConfirm(mapping)}
        >
          Use these columns
        </Button>
        <Button onClick={onCancel}>Cancel</Button>
      </div>
    </section>
  );
}
