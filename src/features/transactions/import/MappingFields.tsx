// The column choices of the mapping step: header line, date column and order, description, how amounts are
// written (one signed column or separate money out and in), the amount columns and the balance.
import { CheckField, SelectField } from '../ui';
import type { ColumnMapping, SignConvention } from './import-types';

const SIGN_LABELS: Record<SignConvention, string> = {
  signed: 'One amount column, money out negative',
  inverted: 'One amount column, money out positive',
  split_unsigned: 'Separate money out and money in columns',
  split_negative_debit: 'Separate columns, money out already negative',
};

export const isSplit = (sign: SignConvention) => sign === 'split_unsigned' || sign === 'split_negative_debit';

/** A choice of one of the file's columns (or none, when optional). */
function ColumnSelect({
  label,
  names,
  value,
  onChange,
  optional = false,
}: {
  label: string;
  names: string[];
  value: number | null;
  onChange: (v: number | null) => void;
  optional?: boolean;
}) {
  return (
    <SelectField
      label={label}
      value={value === null ? '' : String(value)}
      onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))}
    >
      {optional && <option value="">None</option>}
      {names.map((n, i) => (
        <option key={i} value={i}>
          {n}
        </option>
      ))}
    </SelectField>
  );
}

export function MappingFields({
  mapping,
  names,
  set,
}: {
  mapping: ColumnMapping;
  names: string[];
  set: (patch: Partial<ColumnMapping>) => void;
}) {
  const column = (label: string, value: number | null, onChange: (v: number | null) => void, optional = false) => (
    <ColumnSelect label={label} names={names} value={value} onChange={onChange} optional={optional} />
  );
  return (
    <div className="tx-filters">
      <CheckField
        label="The first line is a header"
        checked={mapping.header}
        onChange={(e) => set({ header: e.target.checked })}
      />
      {column('Date', mapping.date, (v) => set({ date: v ?? 0 }))}
      <SelectField
        label="Dates are written"
        value={mapping.date_order ?? 'dmy'}
        onChange={(e) => set({ date_order: e.target.value as ColumnMapping['date_order'] })}
      >
        <option value="dmy">Day first (31/01/2026)</option>
        <option value="mdy">Month first (01/31/2026)</option>
        <option value="ymd">Year first (2026-01-31)</option>
      </SelectField>
      {column('Description', mapping.description[0] ?? null, (v) => set({ description: [v ?? 0] }))}
      <SelectField
        label="Amounts"
        value={mapping.sign}
        onChange={(e) => {
          const sign = e.target.value as SignConvention;
          set(
            isSplit(sign)
              ? { sign, amount: null, debit: mapping.debit ?? 1, credit: mapping.credit ?? 2 }
              : { sign, amount: mapping.amount ?? 1, debit: null, credit: null },
          );
        }}
      >
        {(Object.keys(SIGN_LABELS) as SignConvention[]).map((k) => (
          <option key={k} value={k}>
            {SIGN_LABELS[k]}
          </option>
        ))}
      </SelectField>
      {isSplit(mapping.sign) ? (
        <>
          {column('Money out (debit)', mapping.debit ?? null, (v) => set({ debit: v }))}
          {column('Money in (credit)', mapping.credit ?? null, (v) => set({ credit: v }))}
        </>
      ) : (
        column('Amount', mapping.amount ?? null, (v) => set({ amount: v }))
      )}
      {column('Balance', mapping.balance ?? null, (v) => set({ balance: v }), true)}
    </div>
  );
}
