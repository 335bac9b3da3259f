// The end of an add/edit modal form: the error, an optional detail line, then Cancel and the submit button,
// which reads 'Saving...' and is disabled (with Cancel) while the save runs (spec section 4, Modals).
import { FormActions } from '../form/FormActions';

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
    <FormActions
      className="modal-actions"
      error={error}
      detail={detail}
      busy={saving}
      label={submitLabel}
      busyLabel="Saving..."
      onCancel={onCancel}
    />
  );
}
