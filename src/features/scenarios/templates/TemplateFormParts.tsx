// The template form's heading, with Smart Create's note when it filled the form in.
import type { Template } from '../../../../worker/engine/index';
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
