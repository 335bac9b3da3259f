// The parts of the import preview that only report: files refused, each file's layout, the totals, the rows
// already imported and the lines skipped.
import { BANK_NAMES } from '../../../../worker/engine/index';
import { formatCents, formatDay, formatSignedCents, plural } from '../tx-format';
import { DataTable, Stats } from '../ui';
import type { ImportPreview } from './import-preview';
import { formatCount } from '../../../lib/format/money';

/** Rows shown in the preview's long tables. */
export const SHOWN_ROWS = 100;

function describeLayout(bank: string, format: string): string {
  const name = bank === 'mapped' ? 'Your column choices' : ((BANK_NAMES as Record<string, string>)[bank] ?? bank);
  return `${name} ${format.toUpperCase()}`;
}

/** Files refused, and what each read file was recognised as. */
export function PreviewFiles({ preview }: { preview: ImportPreview }) {
  return (
    <>
      {preview.rejected.length > 0 && (
        <div className="card money-error" role="alert">
          {preview.rejected.map((r) => (
            <p key={r.file_name}>
              {r.file_name}: {r.message} Nothing from this file will be imported.
            </p>
          ))}
        </div>
      )}
      <ul>
        {preview.files.map((f) => (
          <li key={f.file_name}>
            {f.file_name}: {describeLayout(f.bank, f.format)}, {plural(f.rows, 'transaction')}
          </li>
        ))}
      </ul>
    </>
  );
}

export function PreviewTotals({ preview, adding }: { preview: ImportPreview; adding: number }) {
  const dates =
    preview.firstDate && preview.lastDate
      ? `${formatDay(preview.firstDate)} to ${formatDay(preview.lastDate)}`
      : 'None';
  return (
    <Stats
      label="Import totals"
      items={[
        { term: 'Transactions to add', value: formatCount(adding) },
        { term: 'Money in', value: formatCents(preview.moneyIn) },
        { term: 'Money out', value: formatCents(-preview.moneyOut) },
        { term: 'Net', value: formatSignedCents(preview.net) },
        { term: 'Dates', value: dates },
      ]}
    />
  );
}

export function DuplicatesTable({ duplicates }: { duplicates: ImportPreview['duplicates'] }) {
  if (duplicates.length === 0) return null;
  return (
    <details className="card">
      <summary>{plural(duplicates.length, 'transaction')} already imported: skipped</summary>
      <DataTable
        caption="Already imported"
        columns={['Line', 'Date', 'Description', { label: 'Amount', num: true }, 'Why']}
      >
        {duplicates.slice(0, SHOWN_ROWS).map((d, i) => (
          <tr key={i}>
            <td>{d.incoming.line}</td>
            <td>{formatDay(d.incoming.date)}</td>
            <td>{d.incoming.description}</td>
            <td className="tx-num">{formatCents(d.incoming.amount_cents)}</td>
            <td>{d.reason}</td>
          </tr>
        ))}
      </DataTable>
    </details>
  );
}

export function SkippedTable({ preview }: { preview: ImportPreview }) {
  const skipped = preview.files.flatMap((f) => f.skipped.map((s) => ({ ...s, file: f.file_name })));
  if (skipped.length === 0) return null;
  return (
    <DataTable caption={`Lines skipped (${skipped.length})`} columns={['File', 'Line', 'Why']}>
      {skipped.slice(0, SHOWN_ROWS).map((s, i) => (
        <tr key={i}>
          <td>{s.file}</td>
          <td>{s.line}</td>
          <td>{s.reason}</td>
        </tr>
      ))}
    </DataTable>
  );
}
