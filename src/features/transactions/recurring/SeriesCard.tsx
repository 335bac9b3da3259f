// One detected recurring series for review: its facts, a name, category and account to add it to Recurring Items
// with (its transactions are then linked to the new item), or dismiss it.
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { useToast } from '../../../components/toast/ToastProvider';
import type { WyrdDb } from '../../../data/db';
import { useDb } from '../../../data/db-context';
import { DataValidationError } from '../../../data/repositories/errors';
import { createRecurringItem } from '../../../data/repositories/recurring-items';
import type { RecurringSeries } from '../engine-types';
import { formatCents, formatDay, plural } from '../tx-format';
import { setRecurringLink } from '../tx-writes';
import { Button, NamedOptions, SelectField, Stats, TextField } from '../ui';
import type { Lookups } from '../use-tx-lookups';
import { dismissSeries, usualCategory } from './detect';
import { confidenceLabel, FREQUENCY_LABELS } from './labels';

async function firstTransactionDate(db: WyrdDb, series: RecurringSeries): Promise<string | null> {
  const first = series.transaction_ids[0];
  return first ? ((await db.transactions.get(first))?.date ?? null) : null;
}

export function SeriesCard({
  series,
  lookups,
  onDone,
}: {
  series: RecurringSeries;
  lookups: Lookups;
  onDone: () => void;
}) {
  const db = useDb();
  const showToast = useToast();
  const type = series.amount_cents >= 0 ? 'income' : 'expense';
  const categories = lookups.categories.filter((c) => c.type === type);
  const usual = useLiveQuery(() => usualCategory(db, series.transaction_ids), [db, series.transaction_ids]);
  const [name, setName] = useState(series.payee);
  const [category, setCategory] = useState<string | null>(null);
  const [account, setAccount] = useState(series.account_id);
  const [busy, setBusy] = useState(false);
  const fallback = categories.find((c) => /^other/i.test(c.name))?.id ?? categories[0]?.id ?? '';
  const chosenCategory = category ?? (usual && categories.some((c) => c.id === usual) ? usual : fallback);
  const frequency = FREQUENCY_LABELS[series.frequency] ?? series.frequency;
  const heading = `${series.payee}: ${formatCents(series.amount_cents)} ${FREQUENCY_LABELS[series.frequency]?.toLowerCase() ?? series.frequency}`;

  const accept = async () => {
    setBusy(true);
    try {
      const firstDate = await firstTransactionDate(db, series);
      const item = await createRecurringItem(db, {
        name: name.trim() || series.payee,
        amount: series.amount_cents / 100,
        frequency: series.frequency,
        start_date: firstDate ?? series.next_date,
        account_id: account,
        category_id: chosenCategory,
        is_active: true,
      });
      await setRecurringLink(db, series.transaction_ids, item.id);
      showToast(`Added ${item.name} to Recurring Items`, 'success');
      onDone();
    } catch (err) {
      console.error('Failed to add the recurring item', err);
      showToast(
        err instanceof DataValidationError
          ? `Could not add it: ${err.errors.map((e) => `${e.field} ${e.message}`).join('; ')}`
          : 'Could not add the recurring item',
        'error',
      );
      setBusy(false);
    }
  };
  const dismiss = async () => {
    await dismissSeries(db, series.key);
    onDone();
  };

  return (
    <li className="card" aria-label={heading}>
      <h3>{heading}</h3>
      <Stats
        items={[
          { term: 'Amount', value: `${formatCents(series.amount_cents)}${series.variable_amount ? ' (varies)' : ''}` },
          { term: 'How often', value: frequency },
          { term: 'Next expected', value: formatDay(series.next_date) },
          { term: 'Seen', value: plural(series.occurrences, 'time') },
          { term: 'How sure', value: confidenceLabel(series.confidence) },
        ]}
      />
      <div className="tx-filters">
        <TextField label="Name" value={name} onChange={(e) => setName(e.target.value)} />
        <SelectField label="Category" value={chosenCategory} onChange={(e) => setCategory(e.target.value)}>
          <NamedOptions items={categories} />
        </SelectField>
        <SelectField label="Account" value={account} onChange={(e) => setAccount(e.target.value)}>
          <NamedOptions items={lookups.accounts} />
        </SelectField>
      </div>
      <div className="tx-step-actions">
        <Button
          variant="primary"
          disabled={busy || !chosenCategory}
          onClick={() => void accept()}
          aria-label={`Add ${series.payee} to Recurring Items`}
        >
          Add to Recurring Items
        </Button>
        <Button disabled={busy} onClick={() => void dismiss()} aria-label={`Dismiss ${series.payee}`}>
          Dismiss
        </Button>
      </div>
    </li>
  );
}
