// The import's first step: the account the statements belong to and the files, read on this device.
import { Link } from '@tanstack/react-router';
import { FormMessage } from '../../../components/form/FormField';
import { Button, FileField, NamedOptions, SelectField } from '../ui';
import type { Lookups } from '../use-tx-lookups';
import type { ImportFlow } from './use-import-flow';

export function ChooseStep({ flow, lookups, error }: { flow: ImportFlow; lookups: Lookups; error?: string }) {
  return (
    <form
      className="card form"
      aria-label="Choose statements"
      onSubmit={(e) => {
        e.preventDefault();
        void flow.read();
      }}
    >
      {lookups.accounts.length === 0 ? (
        <p>
          Add the account these statements belong to first. <Link to="/accounts">Go to Accounts</Link>
        </p>
      ) : (
        <>
          <SelectField label="Account" value={flow.account} onChange={(e) => flow.setAccount(e.target.value)}>
            <option value="">Choose an account</option>
            <NamedOptions items={lookups.accounts} />
          </SelectField>
          <FileField label="Statement files (CSV, OFX, QFX or QIF)" onFiles={flow.setFiles} />
          <p className="field-hint">
            Files are read on this device. Only the transactions you import are saved and synced.
          </p>
          <FormMessage type="error">{error}</FormMessage>
          <div className="tx-step-actions">
            <Button type="submit" variant="primary">
              Read {flow.files.length > 1 ? `${flow.files.length} files` : 'file'}
            </Button>
          </div>
        </>
      )}
    </form>
  );
}

/** Reading or saving: how far through, as text and a progress bar. */
export function Progress({ label, done, total }: { label: string; done: number; total: number }) {
  const pct = total > 0 ? Math.round((done / total) * 100) : 0;
  return (
    <div className="card">
      <p id="tx-progress-label">{label}</p>
      <progress aria-labelledby="tx-progress-label" max={100} value={pct} aria-valuetext={`${done} of ${total}`} />
    </div>
  );
}
