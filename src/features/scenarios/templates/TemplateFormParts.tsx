// The template form's heading (with Smart Create's note when it filled the form in) and the new scenario's fields.
import { useId } from 'react';
import type { Template } from '../../../../worker/engine/index';
import { Input, TextArea } from '../../../components/form/controls';
import type { SmartCreateHandoff } from './template-catalogue';

type HeadProps = { template: Template; handoff: SmartCreateHandoff | null };

export function TemplateHead({ template, handoff }: HeadProps) {
  return (
    <>
      <div className="template-form-head">
        <span className="template-icon" aria-hidden="true">
          {template.icon}
        </span>
        <p>{template.description}</p>
      </div>
      {handoff && (
        <div className="ai-banner" role="status">
          <p>
            <strong>✨ AI-generated.</strong> Smart Create filled in this form from your description. Check the details
            before creating the scenario.
          </p>
          {handoff.notes && handoff.notes.length > 0 && (
            <ul className="ai-notes">
              {handoff.notes.map((note) => (
                <li key={note}>{note}</li>
              ))}
            </ul>
          )}
        </div>
      )}
    </>
  );
}

type FieldsProps = {
  name: string;
  description: string;
  disabled: boolean;
  error: string | undefined;
  onName: (name: string) => void;
  onDescription: (description: string) => void;
};

export function ScenarioFields({ name, description, disabled, error, onName, onDescription }: FieldsProps) {
  const ids = useId();
  return (
    <>
      <div className="field">
        <label htmlFor={`${ids}-name`}>Scenario Name *</label>
        <Input
          id={`${ids}-name`}
          value={name}
          maxLength={200}
          disabled={disabled}
          onChange={(e) => onName(e.target.value)}
          aria-invalid={error ? true : undefined}
        />
        {error && (
          <small className="field-error" role="alert">
            {error}
          </small>
        )}
      </div>
      <div className="field">
        <label htmlFor={`${ids}-description`}>Description</label>
        <TextArea
          id={`${ids}-description`}
          value={description}
          rows={2}
          disabled={disabled}
          onChange={(e) => onDescription(e.target.value)}
        />
      </div>
    </>
  );
}
