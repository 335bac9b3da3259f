// Pieces the guided start's steps share: a step form's error and submit row, and the row with Back and the step's
// main button.
import type { ReactNode } from 'react';
import { Button } from '../../components/form/controls';
import { FormMessage } from '../../components/form/FormField';

/** The form's error, then its submit button: `add` for a form that adds one entry of a list (it stays on the step). */
export function StepSubmit({
  error,
  busy,
  label,
  busyLabel,
  add = false,
}: {
  error: string | null;
  busy: boolean;
  label: string;
  busyLabel: string;
  add?: boolean;
}) {
  return (
    <>
      {error && <FormMessage type="error">{error}</FormMessage>}
      <div className={add ? 'guided-actions guided-actions-start' : 'guided-actions'}>
        <Button type="submit" variant={add ? 'secondary' : 'primary'} disabled={busy}>
          {busy ? busyLabel : label}
        </Button>
      </div>
    </>
  );
}

/** Back (when there is a step before) and the step's main button. */
export function StepNav({ onBack, children }: { onBack?: () => void; children: ReactNode }) {
  return (
    <div className="guided-actions">
      {onBack && (
        <Button variant="ghost" onClick={onBack}>
          Back
        </Button>
      )}
      {children}
    </div>
  );
}
