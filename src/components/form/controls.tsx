// The app's one set of form controls: every button, input, select, text area, checkbox, radio group,
// segmented switch, date input and money input in a feature comes from here, so each is styled once (global.css,
// loaded before any lazy chunk) and looks the same on every screen. A lint rule forbids raw controls in features.
import {
  useId,
  type ButtonHTMLAttributes,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';

const join = (...names: ReadonlyArray<string | false | undefined>) => names.filter(Boolean).join(' ') || undefined;

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'link' | 'danger';

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  ref?: Ref<HTMLButtonElement>;
  /** Adds the shared look ('button button-<variant>'); without it the className given is used as is. */
  variant?: ButtonVariant;
  block?: boolean;
};

/** A button. `variant` gives the shared look; older call sites pass the same classes by hand. */
export function Button({ variant, block, className, ...props }: ButtonProps) {
  const look = variant
    ? join('button', variant !== 'secondary' && `button-${variant}`, block && 'button-block', className)
    : className;
  return <button className={look} {...props} />;
}

export type InputProps = InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> };

/** The control class an input of this type gets: text-like fields, ticks (checkbox and radio) or a slider. */
function inputClass(type: string | undefined): string | undefined {
  if (type === 'checkbox' || type === 'radio') return 'control-check';
  if (type === 'range') return 'control-range';
  if (type === 'file') return 'control-file';
  if (type === 'hidden') return undefined;
  return 'control';
}

/** Any input; its look follows its type. */
export function Input({ className, ...props }: InputProps) {
  return <input className={join(inputClass(props.type), className)} {...props} />;
}

type SelectProps = SelectHTMLAttributes<HTMLSelectElement> & { ref?: Ref<HTMLSelectElement> };

export function Select({ className, ...props }: SelectProps) {
  return <select className={join('control control-select', className)} {...props} />;
}

type TextAreaProps = TextareaHTMLAttributes<HTMLTextAreaElement> & { ref?: Ref<HTMLTextAreaElement> };

export function TextArea({ className, ...props }: TextAreaProps) {
  return <textarea className={join('control control-textarea', className)} {...props} />;
}

/** A checkbox with its label beside it (the whole row is the touch target, at least 44 px high). */
export function Checkbox({
  label,
  hint,
  className,
  ...props
}: Omit<InputProps, 'type'> & { label: ReactNode; hint?: string }) {
  const hintId = useId();
  return (
    <div className={join('checkbox-field', className)}>
      <label className="checkbox">
        <Input type="checkbox" aria-describedby={hint ? hintId : undefined} {...props} />
        <span>{label}</span>
      </label>
      {hint && (
        <small id={hintId} className="field-hint">
          {hint}
        </small>
      )}
    </div>
  );
}

export type Choice<T extends string> = { value: T; label: ReactNode };

type ChoicesProps<T extends string> = {
  name: string;
  value: T;
  choices: ReadonlyArray<Choice<T>>;
  onChange: (value: T) => void;
  disabled?: boolean;
};

/** One native radio a choice, each inside its label (`labelClass` says how the label is drawn). */
function RadioChoices<T extends string>({
  name,
  value,
  choices,
  onChange,
  disabled,
  labelClass,
}: ChoicesProps<T> & { labelClass: (checked: boolean) => string | undefined }) {
  return choices.map((c) => (
    <label key={c.value} className={labelClass(value === c.value)}>
      <Input
        type="radio"
        name={name}
        value={c.value}
        checked={value === c.value}
        disabled={disabled}
        onChange={() => onChange(c.value)}
      />
      {c.label}
    </label>
  ));
}

/** A labelled group of radios (a fieldset with its legend); arrow keys move between the choices. */
export function RadioGroup<T extends string>({
  legend,
  className,
  ...choices
}: ChoicesProps<T> & { legend: string; className?: string }) {
  return (
    <fieldset className={join('radio-group', className)}>
      <legend>{legend}</legend>
      <RadioChoices {...choices} labelClass={() => 'radio'} />
    </fieldset>
  );
}

/**
 * Two to four exclusive choices drawn as one segmented control (native radios underneath: arrow keys move, screen
 * readers announce the group and the choice). Its styles are global, so it never changes look when a lazy chunk
 * arrives.
 */
export function SegmentedSwitch<T extends string>({
  label,
  className,
  ...choices
}: Omit<ChoicesProps<T>, 'disabled'> & { label: string; className?: string }) {
  return (
    <div className={join('segmented', className)} role="radiogroup" aria-label={label}>
      <RadioChoices {...choices} labelClass={(checked) => join('segmented-option', checked && 'segmented-active')} />
    </div>
  );
}

export type LabelledProps = { label: string; hint?: string; error?: string };

export function Labelled({ id, label, hint, error, children }: LabelledProps & { id: string; children: ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children}
      {hint && (
        <small id={`${id}-hint`} className="field-hint">
          {hint}
        </small>
      )}
      {error && (
        <p id={`${id}-error`} className="form-message form-message-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

export const describedBy = (id: string, hint?: string, error?: string) =>
  join(hint && `${id}-hint`, error && `${id}-error`);

/** A labelled control's id (the one given, or a fresh one) and the aria attributes tying it to its hint and error. */
export function useLabelledControl(id: string | undefined, hint?: string, error?: string) {
  const autoId = useId();
  const controlId = id ?? autoId;
  return {
    id: controlId,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(controlId, hint, error),
  } as const;
}

/** A labelled date field (YYYY-MM-DD). */
export function DateInput({ label, hint, error, id, ...props }: Omit<InputProps, 'type'> & LabelledProps) {
  const control = useLabelledControl(id, hint, error);
  return (
    <Labelled id={control.id} label={label} hint={hint} error={error}>
      <Input type="date" {...control} {...props} />
    </Labelled>
  );
}

/** A labelled select from a list of choices. */
export function SelectField<T extends string>({
  label,
  hint,
  error,
  id,
  value,
  choices,
  onValue,
  ...props
}: Omit<SelectProps, 'value' | 'onChange'> &
  LabelledProps & { value: T; choices: ReadonlyArray<{ value: T; label: string }>; onValue: (value: T) => void }) {
  const control = useLabelledControl(id, hint, error);
  return (
    <Labelled id={control.id} label={label} hint={hint} error={error}>
      <Select {...control} value={value} onChange={(e) => onValue(e.target.value as T)} {...props}>
        {choices.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </Select>
    </Labelled>
  );
}
