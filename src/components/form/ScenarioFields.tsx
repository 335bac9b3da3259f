// A scenario's name and description fields, with the builder's baseline checkbox when asked for: shared by the
// list's Create Scenario modal, the builder's Scenario Details, the detail screen's inline edit and the template
// form; the create forms' body; and the labelled text field with its error line that they and the event form's name
// field use.
import { useId, type ReactNode } from 'react';
import { FormActions } from './FormActions';
import { Input, TextArea, type InputProps } from './controls';
import type { ScenarioDraft, useCreateScenarioForm } from './use-create-scenario-form';

type TextFieldProps = Omit<InputProps, 'id' | 'value' | 'onChange'> & {
  id: string;
  label: string;
  value: string;
  onValue: (value: string) => void;
  /** Shown under the field (and marks it invalid). */
  error?: string;
};

/** A labelled one-line text field (up to 200 characters) with its error under it. */
export function TextField({ id, label, value, onValue, error, ...input }: TextFieldProps) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <Input
        id={id}
        value={value}
        maxLength={200}
        onChange={(e) => onValue(e.target.value)}
        aria-invalid={error ? true : undefined}
        {...input}
      />
      {error && (
        <small className="field-error" role="alert">
          {error}
        </small>
      )}
    </div>
  );
}

export function ScenarioFields({
  idPrefix,
  nameLabel,
  draft,
  disabled,
  nameError,
  descriptionRows = 3,
  baseline,
  autoFocus,
}: {
  idPrefix: string;
  /** 'Name *' in the create forms, 'Scenario Name' in the inline edit, 'Scenario Name *' on the template form. */
  nameLabel: string;
  draft: ScenarioDraft;
  disabled: boolean;
  /** The template form shows a missing name under the field; the others above their buttons. */
  nameError?: string;
  descriptionRows?: number;
  baseline?: { checked: boolean; onChange: (checked: boolean) => void };
  autoFocus?: boolean;
}) {
  return (
    <>
      <TextField
        id={`${idPrefix}-name`}
        label={nameLabel}
        value={draft.name}
        onValue={draft.setName}
        error={nameError}
        disabled={disabled}
        autoFocus={autoFocus}
      />
      <div className="field">
        <label htmlFor={`${idPrefix}-description`}>Description</label>
        <TextArea
          id={`${idPrefix}-description`}
          value={draft.description}
          rows={descriptionRows}
          onChange={(e) => draft.setDescription(e.target.value)}
          disabled={disabled}
        />
      </div>
      {baseline && (
        <div className="field field-checkbox">
          <label>
            <Input
              type="checkbox"
              checked={baseline.checked}
              onChange={(e) => baseline.onChange(e.target.checked)}
              disabled={disabled}
            />
            This is my baseline (current situation)
          </label>
        </div>
      )}
    </>
  );
}

/**
 * The body of the two create forms (the list's Create Scenario modal and the builder's Scenario Details): the
 * fields, then the error and Cancel and Create Scenario.
 */
export function CreateScenarioForm({
  form,
  baseline,
  autoFocus,
  cancel,
  onCancel,
}: {
  form: ReturnType<typeof useCreateScenarioForm>;
  baseline?: { checked: boolean; onChange: (checked: boolean) => void };
  autoFocus?: boolean;
  /** What stands for Cancel (a link back), or onCancel for the Cancel button. */
  cancel?: ReactNode;
  onCancel?: () => void;
}) {
  const ids = useId();
  return (
    <form className="form" onSubmit={form.submit} noValidate>
      <ScenarioFields
        idPrefix={ids}
        nameLabel="Name *"
        draft={form.draft}
        disabled={form.saving}
        baseline={baseline}
        autoFocus={autoFocus}
      />
      <FormActions
        error={form.error}
        busy={form.saving}
        label="Create Scenario"
        busyLabel="Creating..."
        cancel={cancel}
        onCancel={onCancel}
      />
    </form>
  );
}
