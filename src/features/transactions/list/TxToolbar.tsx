// Above the Transactions list: how many rows match and are selected, "Select all", and the bulk category change.
import { plural } from '../tx-format';
import { Button, NamedOptions, SelectField } from '../ui';
import type { Lookups } from '../use-tx-lookups';
import type { BulkRecategorise } from './use-bulk-recategorise';
import { formatCount } from '../../../lib/format/money';

export function TxToolbar({ count, bulk, lookups }: { count: number; bulk: BulkRecategorise; lookups: Lookups }) {
  const { selected } = bulk;
  return (
    <div className="tx-toolbar">
      <p role="status" className="money-status">
        {plural(count, 'transaction')}
        {selected.size > 0 && `, ${formatCount(selected.size)} selected`}
      </p>
      <Button onClick={() => void bulk.selectAll()}>Select all {formatCount(count)}</Button>
      {selected.size > 0 && (
        <div className="tx-bulk" role="group" aria-label="Change selected">
          <SelectField
            label="Category for selected"
            value={bulk.category}
            onChange={(e) => bulk.setCategory(e.target.value)}
          >
            <option value="">Choose a category</option>
            <option value="none">Uncategorised</option>
            <NamedOptions items={lookups.categories} />
          </SelectField>
          <Button variant="primary" disabled={bulk.busy || !bulk.category} onClick={() => void bulk.apply()}>
            Apply to {plural(selected.size, 'transaction')}
          </Button>
          <Button onClick={() => bulk.setSelected(new Set())}>Clear selection</Button>
        </div>
      )}
    </div>
  );
}
