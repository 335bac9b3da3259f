// The controls and small building blocks the transaction screens use, built on the shared controls
// (src/components/form/controls): labelled fields whose label may be visually hidden where a column heading says
// it, a bare row checkbox, a file picker, options for named rows, a data table, a list of figures and the
// loading, failed and empty states.
import { useId, type ComponentProps, type ReactNode } from 'react';
import {
  Button as SharedButton,
  Checkbox as SharedCheckbox,
  Input,
  Select,
  type ButtonVariant,
} from '../../components/form/controls';

export function Button({
  variant = 'ghost',
  type = 'button',
  ...rest
}: ComponentProps<typeof SharedButton> & { variant?: ButtonVariant }) {
  return <SharedButton variant={variant} type={type} {...rest} />;
}

type Labelled = { label: string; hideLabel?: boolean };

/** A field's frame: the label (for screen readers only with `hideLabel`) above its control. */
function Field({
  id,
  label,
  hideLabel = false,
  className,
  children,
}: Labelled & { id: string; className?: string; children: ReactNode }) {
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label htmlFor={id} className={hideLabel ? 'visually-hidden' : undefined}>
        {label}
      </label>
      {children}
    </div>
  );
}

/** A labelled select; `hideLabel` keeps the label for screen readers only. */
export function SelectField({
  label,
  hideLabel,
  children,
  id,
  className,
  ...rest
}: ComponentProps<typeof Select> & Labelled & { children: ReactNode }) {
  const auto = useId();
  const selectId = id ?? auto;
  return (
    <Field id={selectId} label={label} hideLabel={hideLabel} className={className}>
      <Select id={selectId} {...rest}>
        {children}
      </Select>
    </Field>
  );
}

export function TextField({
  label,
  hideLabel,
  hint,
  id,
  className,
  ...rest
}: ComponentProps<typeof Input> & Labelled & { hint?: string }) {
  const auto = useId();
  const inputId = id ?? auto;
  return (
    <Field id={inputId} label={label} hideLabel={hideLabel} className={className}>
      <Input id={inputId} aria-describedby={hint ? `${inputId}-hint` : undefined} {...rest} />
      {hint && (
        <small id={`${inputId}-hint`} className="field-hint">
          {hint}
        </small>
      )}
    </Field>
  );
}

/** A bare checkbox named for screen readers (a row's "select", "select all"). */
export function Checkbox({ label, ...rest }: Omit<ComponentProps<typeof Input>, 'type'> & { label: string }) {
  return <Input type="checkbox" aria-label={label} {...rest} />;
}

/** A checkbox with its text beside it. */
export function CheckField(props: ComponentProps<typeof SharedCheckbox>) {
  return <SharedCheckbox {...props} />;
}

export function FileField({
  label,
  onFiles,
  ...rest
}: Omit<ComponentProps<typeof Input>, 'type' | 'onChange'> & { label: string; onFiles: (files: File[]) => void }) {
  const id = useId();
  return (
    <Field id={id} label={label}>
      <Input
        id={id}
        type="file"
        multiple
        accept=".csv,.ofx,.qfx,.qif,.txt,text/csv"
        onChange={(e) => onFiles(Array.from(e.currentTarget.files ?? []))}
        {...rest}
      />
    </Field>
  );
}

/** One `<option>` per named row (an account, a category), valued by its id. */
export function NamedOptions({ items }: { items: ReadonlyArray<{ id: string; name: string }> }) {
  return items.map((item) => (
    <option key={item.id} value={item.id}>
      {item.name}
    </option>
  ));
}

/** A column of a data table: `num` right-aligns figures; `decorative` is a column of drawn bars, hidden from readers. */
export type Column = { label: ReactNode; num?: boolean; decorative?: boolean };

/** A captioned table of figures in its scrolling frame; `children` are the body's rows, `after` notes under it. */
export function DataTable({
  caption,
  columns,
  foot,
  after,
  children,
}: {
  caption: ReactNode;
  columns: ReadonlyArray<Column | string>;
  foot?: ReactNode;
  after?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="tx-table-wrap">
      <table className="tx-data-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            {columns.map((c, i) => {
              const col = typeof c === 'string' ? { label: c } : c;
              return (
                <th
                  key={i}
                  scope="col"
                  className={col.num ? 'tx-num' : undefined}
                  aria-hidden={col.decorative ? 'true' : undefined}
                >
                  {col.label}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>{children}</tbody>
        {foot && <tfoot>{foot}</tfoot>}
      </table>
      {after}
    </div>
  );
}

/** A row of labelled figures (totals, a series' facts). */
export function Stats({
  label,
  items,
}: {
  label?: string;
  items: ReadonlyArray<{ term: string; value: ReactNode; className?: string }>;
}) {
  return (
    <dl className="tx-stats" aria-label={label}>
      {items.map((item) => (
        <div key={item.term}>
          <dt>{item.term}</dt>
          <dd className={item.className}>{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A line saying what is happening (loading, looking, comparing), announced politely. */
export function StatusLine({ children }: { children: ReactNode }) {
  return (
    <p className="money-status" role="status">
      {children}
    </p>
  );
}

/** A card saying a read failed, announced at once. */
export function FailedCard({ children }: { children: ReactNode }) {
  return (
    <div className="card money-error" role="alert">
      <p>{children}</p>
    </div>
  );
}

/** The card a screen shows when it has nothing to list yet. */
export function EmptyCard({ children }: { children: ReactNode }) {
  return <div className="card money-empty">{children}</div>;
}
