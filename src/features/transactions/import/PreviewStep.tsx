// The import preview: what will be added and its totals, the dates covered, lines skipped (file, line, why), rows
// already imported, and each possible duplicate for the user to decide (kept unless marked as the same).
import { useMemo, useState } from 'react';
import { plural } from '../tx-format';
import { Button } from '../ui';
import { rowsToWrite, type ImportPreview } from './import-preview';
import { DuplicatesTable, PreviewFiles, PreviewTotals, SHOWN_ROWS, SkippedTable } from './PreviewParts';
import { ProposedList } from './ProposedList';
import { StatementRowsTable } from './StatementRowsTable';
import { formatCount } from '../../../lib/format/money';

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
  const decide = (i: number, isSame: boolean) => {
    const next = new Set(same);
    if (isSame) next.add(i);
    else next.delete(i);
    setSame(next);
  };

  return (
    <section aria-labelledby="tx-preview-title" className="tx-preview">
      <h2 id="tx-preview-title">Check before importing into {accountName}</h2>
      <PreviewFiles preview={preview} />
      <PreviewTotals preview={preview} adding={rows.length} />
      <DuplicatesTable duplicates={preview.duplicates} />
      <ProposedList proposed={preview.proposed} same={same} decide={decide} />
      <SkippedTable preview={preview} />
      <StatementRowsTable
        caption={`Transactions to add${rows.length > SHOWN_ROWS ? ` (first ${SHOWN_ROWS} of ${formatCount(rows.length)})` : ''}`}
        rows={rows.slice(0, SHOWN_ROWS)}
        rowKey={(r) => r.key}
        withPayee
      />
      <div className="tx-step-actions">
        <Button variant="primary" disabled={rows.length === 0} onClick={() => onConfirm(same)}>
          {rows.length === 0 ? 'Nothing new to import' : `Import ${plural(rows.length, 'transaction')}`}
        </Button>
        <Button onClick={onCancel}>Cancel</Button>
      </div>
    </section>
  );
}
