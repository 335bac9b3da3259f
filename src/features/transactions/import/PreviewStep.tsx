// The import preview: what will be added and its totals, the dates covered, lines skipped (file, line, why), rows
// already imported, and each possible duplicate for the user to decide (kept unless marked as the same).
import { useMemo, useState } from 'react';
import { formatCents, formatDay, formatSignedCents, plural } from '../tx-format';
import { Button } from '../ui';
import { rowsToWrite, type ImportPreview } from './import-preview';

const SHOWN_ROWS = 100;

export function PreviewStep({
  preview,
  accountName,
  onConfirm,
  onCancel,
}: {
  preview: ImportPreview;
  accountName: string;
  onConfirm: (confirmedSame: ReadonlySet<number>) => void;
  onCancel: () => void;
}) {
  const [same, setSame] = useState<ReadonlySet<number>>(new Set());
  const rows = useMemo(() => rowsToWrite(preview, same), [preview, same]);
  const skipped = preview.files.flatMap((f) => f.skipped.map((s) => ({ ...s, file: f.file_name })));
  const decide = (i: number, isSame: boolean) => {
    const next = new Set(same);
    if (isSame) next.add(i);
    else next.delete(i);
    setSame(next);
  };

  return (
    <section aria-labelledby="tx-preview-title" className="tx-preview">
      <h2 id="tx-preview-title">Check before importing into {accountName}</h2>
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
      <dl className="tx-stats" aria-label="Import totals">
        <div>
          <dt>Transactions to add</dt>
          <dd>{rows.length.toLocaleString('en-AU')}</dd>
        </div>
        <div>
          <dt>Money in</dt>
          <dd>{formatCents(preview.moneyIn)}</dd>
        </div>
        <div>
          <dt>Money out</dt>
          <dd>{formatCents(-preview.moneyOut)}</dd>
        </div>
        <div>
          <dt>Net</dt>
          <dd>{formatSignedCents(preview.net)}</dd>
        </div>
        <div>
          <dt>Dates</dt>
          <dd>
            {preview.firstDate && preview.lastDate
              ? `${formatDay(preview.firstDate)} to ${formatDay(preview.lastDate)}`
              : 'None'}
          </dd>
        </div>
      </dl>
      {preview.duplicates.length > 0 && (
        <details className="card">
          <summary>{plural(preview.duplicates.length, 'transaction')} already imported: skipped</summary>
          <div className="tx-table-wrap">
            <table className="tx-data-table">
              <caption>Already imported</caption>
              <thead>
                <tr>
                  <th scope="col">Line</th>
                  <th scope="col">Date</th>
                  <th scope="col">Description</th>
                  <th scope="col" className="tx-num">
                    Amount
                  </th>
                  <th scope="col">Why</th>
                </tr>
              </thead>
              <tbody>
                {preview.duplicates.slice(0, SHOWN_ROWS).map((d, i) => (
                  <tr key={i}>
                    <td>{d.incoming.line}</td>
                    <td>{formatDay(d.incoming.date)}</td>
                    <td>{d.incoming.description}</td>
                    <td className="tx-num">{formatCents(d.incoming.amount_cents)}</td>
                    <td>{d.reason}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      )}
      {preview.proposed.length > 0 && (
        <section aria-labelledby="tx-proposed-title">
          <h3 id="tx-proposed-title">Possible duplicates ({preview.proposed.length})</h3>
          <p className="money-status">
            These look like transactions already here. Both are kept unless you say they are the same.
          </p>
          <ol className="tx-review-list">
            {preview.proposed.map((p, i) => {
              const isSame = same.has(i);
              const what = `${p.incoming.description}, ${formatDay(p.incoming.date)}, ${formatCents(p.incoming.amount_cents)}`;
              return (
                <li key={i} className="card tx-review">
                  <div>
                    <p>
                      <strong>{what}</strong> (line {p.incoming.line})
                    </p>
                    <p className="money-status">{p.reason}</p>
                    <p>{isSame ? 'Marked as the same: it will not be added.' : 'Kept as a separate transaction.'}</p>
                  </div>
                  <div className="tx-step-actions" role="group" aria-label={`Possible duplicate: ${what}`}>
                    <Button aria-pressed={isSame} onClick={() => decide(i, true)}>
                      Same transaction
                    </Button>
                    <Button aria-pressed={!isSame} onClick={() => decide(i, false)}>
                      Keep both
                    </Button>
                  </div>
                </li>
              );
            })}
          </ol>
        </section>
      )}
      {skipped.length > 0 && (
        <div className="tx-table-wrap">
          <table className="tx-data-table">
            <caption>Lines skipped ({skipped.length})</caption>
            <thead>
              <tr>
                <th scope="col">File</th>
                <th scope="col">Line</th>
                <th scope="col">Why</th>
              </tr>
            </thead>
            <tbody>
              {skipped.slice(0, SHOWN_ROWS).map((s, i) => (
                <tr key={i}>
                  <td>{s.file}</td>
                  <td>{s.line}</td>
                  <td>{s.reason}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className="tx-table-wrap">
        <table className="tx-data-table">
          <caption>
            Transactions to add
            {rows.length > SHOWN_ROWS ? ` (first ${SHOWN_ROWS} of ${rows.length.toLocaleString('en-AU')})` : ''}
          </caption>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Payee</th>
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
            {rows.slice(0, SHOWN_ROWS).map((r) => (
              <tr key={r.key}>
                <td>{formatDay(r.date)}</td>
                <td>{r.payee}</td>
                <td>{r.description}</td>
                <td className="tx-num">{formatCents(r.amount_cents)}</td>
                <td className="tx-num">{r.balance_cents == null ? '' : formatCents(r.balance_cents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="tx-step-actions">
        <Button variant="primary" disabled={rows.length === 0} onClick={() => onConfirm(same)}>
          {rows.length === 0 ? 'Nothing new to import' : `Import ${plural(rows.length, 'transaction')}`}
        </Button>
        <Button onClick={onCancel}>Cancel</Button>
      </div>
    </section>
  );
}

const BANK_NAMES: Record<string, string> = {
  commbank: 'CommBank',
  westpac: 'Westpac',
  nab: 'NAB',
  anz: 'ANZ',
  ing: 'ING',
  macquarie: 'Macquarie',
  up: 'Up',
  bankwest: 'Bankwest',
  generic: 'Standard',
  mapped: 'Your column choices',
};

function describeLayout(bank: string, format: string): string {
  const name = BANK_NAMES[bank] ?? bank;
  return `${name} ${format.toUpperCase()}`;
}
