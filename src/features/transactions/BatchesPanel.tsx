// The import history under the Transactions list: each confirmed import (when, which files, how many rows, the
// dates they cover) with "Undo import", which removes exactly that import's transactions after a confirmation.
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { useDb } from '../../data/db-context';
import { formatDay, formatStamp, plural } from './tx-format';
import { listBatches, type ImportBatchRow } from './tx-store';
import { undoImport } from './tx-writes';
import { Button } from './ui';
import { useToastAction } from './use-toast-action';

export const UNDO_CONFIRM = 'Remove every transaction this import added? Changes you made to them are lost too.';

export function BatchesPanel() {
  const db = useDb();
  const run = useToastAction();
  const batches = useLiveQuery(() => listBatches(db).catch(() => [] as ImportBatchRow[]), [db]);
  const [busy, setBusy] = useState<string | null>(null);
  if (!batches || batches.length === 0) return null;

  const undo = async (batch: ImportBatchRow) => {
    if (!window.confirm(UNDO_CONFIRM)) return;
    setBusy(batch.id);
    await run(() => undoImport(db, batch.id), {
      log: 'Failed to undo the import',
      failed: 'Could not undo the import',
      done: (removed) => `Import undone: ${plural(removed, 'transaction')} removed`,
    });
    setBusy(null);
  };

  return (
    <section className="tx-batches" aria-labelledby="tx-batches-title">
      <h2 id="tx-batches-title">Imports</h2>
      <ul className="tx-batch-list">
        {batches.map((b) => (
          <li key={b.id} className="card tx-batch">
            <div>
              <p className="tx-batch-title">{b.file_names.join(', ') || 'Import'}</p>
              <p className="money-status">
                Imported {formatStamp(b.imported_at)} · {plural(b.row_count, 'transaction')}
                {b.first_date && b.last_date ? ` · ${formatDay(b.first_date)} to ${formatDay(b.last_date)}` : ''}
                {b.skipped_count > 0 ? ` · ${plural(b.skipped_count, 'line')} skipped` : ''}
              </p>
            </div>
            <Button
              variant="danger"
              disabled={busy === b.id}
              aria-label={`Undo import of ${b.file_names.join(', ') || 'this import'} (${formatStamp(b.imported_at)})`}
              onClick={() => void undo(b)}
            >
              Undo import
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
