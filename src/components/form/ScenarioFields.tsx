// A scenario's name and description fields, with the builder's baseline checkbox when asked for: shared by the
// list's Create Scenario modal, the builder's Scenario Details and the detail screen's inline edit.
import { Input, TextArea } from './controls';

export function ScenarioFields({
  idPrefix,
  nameLabel,
  name,
  description,
  onName,
  onDescription,
  disabled,
  baseline,
  autoFocus,
}: {
  idPrefix: string;
  /** 'Name *' in the create forms, 'Scenario Name' in the inline edit. */
  nameLabel: string;
  name: string;
  description: string;
  onName: (value: string) => void;
  onDescription: (value: string) => void;
  disabled: boolean;
  baseline?: { checked: boolean; onChange: (checked: boolean) => void };
  autoFocus?: boolean;
}) {
  return (
    <>
      <div className="field">
        <label htmlFor={`${idPrefix}-name`}>{nameLabel}</label>
        <Input
          id={`${idPrefix}-name`}
          value={name}
          maxLength={200}
          onChange={(e) => onName(e.target.value)}
          disabled={disabled}
          autoFocus={autoFocus}
        />
      </div>
      <div className="field">
        <label htmlFor={`${idPrefix}-description`}>Description</label>
        <TextArea
          id={`${idPrefix}-description`}
          value={description}
          rows={3}
          onChange={(e) => onDescription(e.target.value)}
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
