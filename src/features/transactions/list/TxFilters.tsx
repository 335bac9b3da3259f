// The Transactions list's filter form: search, account, category, dates, sort and "Clear filters".
import type { SortKey } from '../tx-store';
import { Button, NamedOptions, SelectField, TextField } from '../ui';
import type { Lookups } from '../use-tx-lookups';
import type { TxFilters as Filters } from './use-tx-filters';

const SORTS: ReadonlyArray<{ value: SortKey; label: string }> = [
  { value: 'date-desc', label: 'Newest first' },
  { value: 'date-asc', label: 'Oldest first' },
  { value: 'amount-desc', label: 'Largest money in first' },
  { value: 'amount-asc', label: 'Largest money out first' },
];

export function TxFilters({ filters, lookups }: { filters: Filters; lookups: Lookups }) {
  const { values, set, clear } = filters;
  return (
    <form className="tx-filters" role="search" aria-label="Filter transactions" onSubmit={(e) => e.preventDefault()}>
      <TextField
        label="Search"
        type="search"
        value={values.text}
        placeholder="Payee, description or note"
        onChange={(e) => set({ text: e.target.value })}
      />
      <SelectField label="Account" value={values.account} onChange={(e) => set({ account: e.target.value })}>
        <option value="">All accounts</option>
        <NamedOptions items={lookups.accounts} />
      </SelectField>
      <SelectField label="Category" value={values.category} onChange={(e) => set({ category: e.target.value })}>
        <option value="">All categories</option>
        <option value="none">Uncategorised</option>
        <NamedOptions items={lookups.categories} />
      </SelectField>
      <TextField
        label="From"
        type="date"
        value={values.from}
        max={values.to || undefined}
        onChange={(e) => set({ from: e.target.value })}
      />
      <TextField
        label="To"
        type="date"
        value={values.to}
        min={values.from || undefined}
        onChange={(e) => set({ to: e.target.value })}
      />
      <SelectField label="Sort by" value={values.sort} onChange={(e) => set({ sort: e.target.value as SortKey })}>
        {SORTS.map((s) => (
          <option key={s.value} value={s.value}>
            {s.label}
          </option>
        ))}
      </SelectField>
      <Button onClick={clear}>Clear filters</Button>
    </form>
  );
}
