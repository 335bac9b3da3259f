// The shared dollar-amount fields (kept out of controls.tsx so the landing page's controls do not pull in the
// money formatting and the engine module behind it).
import { formatAmountInput } from '../../lib/format/money';
import { Input, Labelled, useLabelledControl, type InputProps, type LabelledProps } from './controls';
import { FormField } from './FormField';

/**
 * A required amount in an add/edit modal, typed as a positive number (the form applies the sign): a decimal
 * keypad on phones and thousands separators as you type; read the number with parseAmountInput.
 */
export function AmountField({
  value,
  onValue,
  ...field
}: {
  label: string;
  name: string;
  hint: string;
  value: string;
  onValue: (text: string) => void;
}) {
  return (
    <FormField
      required
      inputMode="decimal"
      autoComplete="off"
      value={value}
      onValue={(text) => onValue(formatAmountInput(text))}
      {...field}
    />
  );
}

/**
 * A labelled dollar amount: a '$' before it, a decimal keypad on phones, thousands separators as you type
 * (formatAmountInput). `value` is the text shown; read the number with parseAmountInput.
 */
export function MoneyInput({
  label,
  hint,
  error,
  id,
  value,
  onValue,
  ...props
}: Omit<InputProps, 'type' | 'value' | 'onChange'> &
  LabelledProps & { value: string; onValue: (text: string) => void }) {
  const control = useLabelledControl(id, hint, error);
  return (
    <Labelled id={control.id} label={label} hint={hint} error={error}>
      <div className="money-input">
        <span aria-hidden="true">$</span>
        <Input
          {...control}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          value={value}
          onChange={(e) => onValue(formatAmountInput(e.target.value))}
          {...props}
        />
      </div>
    </Labelled>
  );
}
