// The profile's 'Data' tab: download all of the user's data as the backup JSON file the forecast CLI reads,
// and import such a file: read and validated completely in a worker first (every problem listed with its JSON
// path; the page stays responsive and shows progress), confirmed, then applied all or nothing.
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { FormMessage } from '../../components/form/FormField';
import { useDb } from '../../data/db-context';
import {
  backupFileName,
  exportBackupJson,
  importCheckedBackup,
  type BackupProblem,
  type ImportCounts,
} from '../../data/backup';
import { checkBackupFile } from '../../data/backup-check';
import './profile.css';
import { localToday } from '../../lib/dates/local-today';
import { Button, Input } from '../../components/form/controls';

export const IMPORT_CONFIRM =
  'Importing replaces all of your current data (accounts, recurring items, categories, scenarios and assumptions) with the contents of this file. This cannot be undone. Continue?';

/** Today's local calendar date as YYYY-MM-DD (for the file name). */
function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

export function importSummary(counts: ImportCounts): string {
  return `Import complete: ${plural(counts.accounts, 'account')}, ${plural(counts.recurring_items, 'recurring item')}, ${plural(counts.categories, 'category', 'categories')} and ${plural(counts.scenarios, 'scenario')}.`;
}

export function DataTab() {
  const db = useDb();
  const inputId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [exporting, setExporting] = useState(false);
  const [exportMessage, setExportMessage] = useState<{ type: 'error' | 'success'; text: string } | null>(null);
  const [importing, setImporting] = useState(false);
  /** What the import is doing, for the progress line: reading, checking, or saving (with a fraction). */
  const [stage, setStage] = useState<{ text: string; value?: number } | null>(null);
  const [importMessage, setImportMessage] = useState<{ type: 'error' | 'success' | 'info'; text: string } | null>(null);
  const [problems, setProblems] = useState<BackupProblem[]>([]);

  const exportData = async () => {
    setExportMessage(null);
    setExporting(true);
    try {
      const json = await exportBackupJson(db);
      const url = URL.createObjectURL(new Blob([json], { type: 'application/json' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = backupFileName(localToday());
      document.body.append(link);
      link.click();
      link.remove();
      // Revoked later: some browsers read the blob after click() returns.
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      setExportMessage({ type: 'success', text: `Downloaded ${link.download}` });
    } catch (err) {
      console.error('Failed to export data', err);
      setExportMessage({ type: 'error', text: 'Failed to export data' });
    } finally {
      setExporting(false);
    }
  };

  const importFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    setImportMessage(null);
    setProblems([]);
    if (!file) return;
    setImporting(true);
    setStage({ text: 'Reading the file...' });
    try {
      const checked = await checkBackupFile(file, (s) =>
        setStage({ text: s === 'reading' ? 'Reading the file...' : 'Checking the file...' }),
      );
      setStage(null);
      if (!checked.ok) {
        setProblems(checked.errors);
        setImportMessage({
          type: 'error',
          text: `${file.name} cannot be imported. Nothing was changed. Problems found: ${checked.errors.length}`,
        });
        return;
      }
      if (!window.confirm(IMPORT_CONFIRM)) {
        setImportMessage({ type: 'info', text: 'Import cancelled. Nothing was changed.' });
        return;
      }
      setStage({ text: 'Importing...', value: 0 });
      let shown = 0;
      const result = await importCheckedBackup(db, checked.file, {
        onProgress: (written, total) => {
          // A re-render per whole percent, not per chunk of rows.
          const value = Math.min(1, written / Math.max(1, total));
          if (value - shown >= 0.01 || value === 1) {
            shown = value;
            setStage({ text: 'Importing...', value });
          }
        },
      });
      setImportMessage({ type: 'success', text: importSummary(result.counts) });
    } catch (err) {
      console.error('Failed to import data', err);
      setImportMessage({ type: 'error', text: 'Failed to import data. Nothing was changed.' });
    } finally {
      setImporting(false);
      setStage(null);
      // The same file can be chosen again after fixing it.
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  return (
    <div className="data-tab">
      <section aria-labelledby="data-export-title" className="data-section">
        <h2 id="data-export-title">Export your data</h2>
        <p>
          Download all of your accounts, recurring items, categories, scenarios and assumptions as a JSON backup file.
        </p>
        <Button type="button" className="button button-primary" onClick={() => void exportData()} disabled={exporting}>
          {exporting ? 'Exporting...' : 'Export data'}
        </Button>
        {exportMessage && <FormMessage type={exportMessage.type}>{exportMessage.text}</FormMessage>}
      </section>
      <section aria-labelledby="data-import-title" className="data-section">
        <h2 id="data-import-title">Import a backup</h2>
        <p>Choose a Wyrd backup file. It is checked completely first; importing replaces all of your current data.</p>
        <div className="field">
          <label htmlFor={inputId}>Import data</label>
          <Input
            ref={fileInput}
            id={inputId}
            type="file"
            accept="application/json,.json"
            className="file-input"
            disabled={importing}
            aria-describedby={problems.length > 0 ? `${inputId}-problems` : undefined}
            onChange={(e) => void importFile(e)}
          />
        </div>
        {importing && stage && (
          <div className="import-progress">
            <p role="status">{stage.text}</p>
            <progress
              aria-label="Import progress"
              max={1}
              {...(stage.value === undefined ? {} : { value: stage.value })}
            />
          </div>
        )}
        {importMessage && <FormMessage type={importMessage.type}>{importMessage.text}</FormMessage>}
        {problems.length > 0 && (
          <ul id={`${inputId}-problems`} className="import-problems" aria-label="Import problems">
            {problems.map((p, i) => (
              <li key={`${p.path}-${i}`}>
                <code>{p.path}</code>: {p.message}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
