// The end of a form: its messages, then the submit button (disabled, showing its busy label, while the submit
// runs), either alone or in an actions row after Cancel. One piece, so every form ends the same way.
import type { ReactNode } from 'react';
import { FormMessage } from './FormField';
import { Button } from './controls';

export type SubmitProps = {
  label: string;
  busyLabel: string;
  busy: boolean;
  error?: string | null;
  /** A line under the error, such as the detail of a refused save. */
  detail?: string;
  success?: string;
  info?: string;
};

function FormMessages({ error, detail, success, info }: Omit<SubmitProps, 'label' | 'busyLabel' | 'busy'>) {
  return (
    <>
      <FormMessage type="error">{error}</FormMessage>
      {detail && <p className="field-hint">{detail}</p>}
      <FormMessage type="success">{success}</FormMessage>
      <FormMessage type="info">{info}</FormMessage>
    </>
  );
}

function SubmitButton({
  label,
  busyLabel,
  busy,
  block,
}: Pick<SubmitProps, 'label' | 'busyLabel' | 'busy'> & { block?: boolean }) {
  return (
    <Button
      type="submit"
      className={block ? 'button button-primary button-block' : 'button button-primary'}
      disabled={busy}
    >
      {busy ? busyLabel : label}
    </Button>
  );
}

/** The messages, then the submit button on its own row (`block` stretches it across the form). */
export function FormSubmit({ block, ...props }: SubmitProps & { block?: boolean }) {
  return (
    <>
      <FormMessages {...props} />
      <SubmitButton {...props} block={block} />
    </>
  );
}

/**
 * The messages, then an actions row: Cancel (disabled while busy), or `cancel` in its place (a link, say), and the
 * submit button. `className` names the row ('form-actions' on a page, 'modal-actions' in a modal).
 */
export function FormActions({
  onCancel,
  cancel,
  className = 'form-actions',
  ...props
}: SubmitProps & { onCancel?: () => void; cancel?: ReactNode; className?: string }) {
  return (
    <>
      <FormMessages {...props} />
      <div className={className}>
        {cancel ?? (
          <Button type="button" className="button button-ghost" onClick={onCancel} disabled={props.busy}>
            Cancel
          </Button>
        )}
        <SubmitButton {...props} />
      </div>
    </>
  );
}
