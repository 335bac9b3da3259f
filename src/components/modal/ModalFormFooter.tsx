// The end of an add/edit modal form: the error, an optional detail line, then Cancel and the submit button,
// which reads 'Saving...' and is disabled (with Cancel) while the save runs (spec section 4, Modals).
import { FormMessage } from '../form/FormField';

export function ModalFormFooter({
  error,
  detail,
  saving,
  submitLabel,
  onCancel,
}: {
  error: string;
  detail?: string;
  saving: boolean;
  submitLabel: string;
  onCancel: () => void;
}) {
  return (
    <>
      <FormMessage type="error">{error}</FormMessage>
      {detail && <p className="field-hint">{detail}</p>}
      <div className="modal-actions">
        <button type="button" className="button button-ghost" onClick={onCancel} disabled={saving}>
          Cancel
        </button>
        <button type="submit" className="button button-primary" disabled={saving}>
          {saving ? 'Saving...' : submitLabel}
        </button>
      </div>
    </>
  );
}
