// The event form's template and name fields and its buttons.
import { useId, useMemo } from 'react';
import type { Template } from '../../../../worker/engine/index';
import { FormMessage } from '../../../components/form/FormField';
import { Button, Select } from '../../../components/form/controls';
import { TextField } from '../../../components/form/ScenarioFields';
import { templatesForScenario } from './template-values';

export const LOAD_FORM_FAILED = 'Failed to load form data. Please try again.';
export const LOAD_TEMPLATE_FAILED = 'Failed to load template details.';

type TemplateProps = {
  templateId: string;
  template: Template | null;
  editing: boolean;
  isBaseline: boolean;
  disabled: boolean;
  error: string | undefined;
  onChange: (templateId: string) => void;
};

/** The template list (fixed when editing) and the chosen template's description. */
export function TemplateField(props: TemplateProps) {
  const { templateId, template, editing, isBaseline, disabled, error, onChange } = props;
  const ids = useId();
  // When editing, the template is fixed: the list keeps the event's own template even where it is no longer offered.
  const fixed = editing ? templateId : undefined;
  const options = useMemo(() => templatesForScenario(isBaseline, fixed), [isBaseline, fixed]);
  return (
    <div className="field">
      <label htmlFor={`${ids}-template`}>Template *</label>
      <Select
        id={`${ids}-template`}
        value={templateId}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value)}
        aria-describedby={editing ? `${ids}-template-note` : undefined}
        aria-invalid={error ? true : undefined}
      >
        <option value="">Select a template</option>
        {options.map((t) => (
          <option key={t.template_id} value={t.template_id}>
            {t.icon} {t.name}
          </option>
        ))}
      </Select>
      {editing && (
        <small id={`${ids}-template-note`} className="field-hint">
          Template cannot be changed when editing
        </small>
      )}
      {error && (
        <small className="field-error" role="alert">
          {error}
        </small>
      )}
      {template && (
        <small className="field-hint">
          {isBaseline && template.baseline_description ? template.baseline_description : template.description}
        </small>
      )}
    </div>
  );
}

type NameProps = {
  name: string;
  placeholder: string | undefined;
  disabled: boolean;
  error: string | undefined;
  onChange: (name: string) => void;
};

export function NameField({ name, placeholder, disabled, error, onChange }: NameProps) {
  const ids = useId();
  return (
    <TextField
      id={`${ids}-name`}
      label="Event Name"
      type="text"
      value={name}
      placeholder={placeholder}
      disabled={disabled}
      onValue={onChange}
      error={error}
    />
  );
}

/** The form's data failed to load: the message and a way out. */
export function LoadFailed({ message, onClose }: { message: string; onClose: () => void }) {
  return (
    <>
      <FormMessage type="error">{message}</FormMessage>
      <div className="form-actions">
        <Button type="button" className="button button-ghost" onClick={onClose}>
          Cancel
        </Button>
      </div>
    </>
  );
}

type ActionsProps = { editing: boolean; saving: boolean; ready: boolean; onClose: () => void };

export function FormActions({ editing, saving, ready, onClose }: ActionsProps) {
  return (
    <div className="form-actions">
      <Button type="button" className="button button-ghost" onClick={onClose} disabled={saving}>
        Cancel
      </Button>
      <Button type="submit" className="button button-primary" disabled={saving || !ready}>
        {saving ? (editing ? 'Updating...' : 'Creating...') : editing ? 'Update Event' : 'Create Event'}
      </Button>
    </div>
  );
}
