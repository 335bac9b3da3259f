// Reviewing recurring series found in the transactions: each proposal (payee, amount, how often, next date, how
// many times seen, how sure) can be added to Recurring Items (with a name, category and account; its transactions
// are linked to the new item) or dismissed. Items already linked show their recent actual amounts against the plan.
import { Link } from '@tanstack/react-router';
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { PageFrame } from '../../../components/layout/PageFrame';
import { useToast } from '../../../components/toast/ToastProvider';
import { useDb } from '../../../data/db-context';
import { createRecurringItem } from '../../../data/repositories/recurring-items';
import { DataValidationError } from '../../../data/repositories/errors';
import { localToday } from '../../../lib/dates/local-today';
import type { RecurringSeries } from '../engine-types';
import { formatCents, formatDay, plural } from '../tx-format';
import { transactionsTable } from '../tx-store';
import { setRecurringLink } from '../tx-writes';
import type { WyrdDb } from '../../../data/db';
import { Button, SelectField, TextField } from '../ui';
import { useTxLookups, type Lookups } from '../use-tx-lookups';
import { dismissSeries, findSeries, linkedActuals, usualCategory } from './detect';
import '../transactions.css';

export const FREQUENCY_LABELS: Record<string, string> = {
  weekly: 'Weekly',
  fortnightly: 'Fortnightly',
  monthly: 'Monthly',
  quarterly: 'Quarterly',
  yearly: 'Yearly',
};

export function confidenceLabel(c: number): string {
  const pct = Math.round(c * 100);
  return `${c >= 0.8 ? 'Very likely' : c >= 0.6 ? 'Likely' : 'Possible'} (${pct}%)`;
}

type Found =
  | { status: 'idle' }
  | { status: 'running' }
  | { status: 'error'; message: string }
  | { status: 'done'; series: RecurringSeries[] };

export function RecurringReviewPage() {
  const db = useDb();
  const lookups = useTxLookups(db);
  const [found, setFound] = useState<Found>({ status: 'idle' });

  const run = async () => {
    setFound({ status: 'running' });
    try {
      setFound({ status: 'done', series: await findSeries(db, localToday()) });
    } catch (err) {
      console.error('Failed to find recurring items', err);
      setFound({ status: 'error', message: err instanceof Error ? err.message : 'Could not look for recurring items' });
    }
  };
  const drop = (key: string) =>
    setFound((f) => (f.status === 'done' ? { status: 'done', series: f.series.filter((s) => s.key !== key) } : f));

  return (
    <PageFrame
      title="Recurring items from your transactions"
      testId="recurring-review"
      actions={
        <Link to="/transactions" className="button button-ghost">
          Back to transactions
        </Link>
      }
    >
      <p className="money-status">
        Wyrd looks for pay, rent, bills and subscriptions that repeat in your transactions. Add the ones you expect to
        continue: they become Recurring Items in your plan.
      </p>
      <div className="tx-step-actions">
        <Button variant="primary" disabled={found.status === 'running'} onClick={() => void run()}>
          {found.status === 'done' ? 'Look again' : 'Find recurring items'}
        </Button>
      </div>
      {found.status === 'running' && (
        <p className="money-status" role="status">
          Looking through your transactions...
        </p>
      )}
      {found.status === 'error' && (
        <p className="form-message form-message-error" role="alert">
          {found.message}
        </p>
      )}
      {found.status === 'done' && lookups && (
        <section aria-labelledby="tx-found-title" aria-live="polite">
          <h2 id="tx-found-title">
            {found.series.length === 0
              ? 'No new recurring items found'
              : `Found ${plural(found.series.length, 'recurring item')}`}
          </h2>
          <ul className="tx-review-list">
            {found.series.map((s) => (
              <SeriesCard key={s.key} series={s} lookups={lookups} onDone={() => drop(s.key)} />
            ))}
          </ul>
        </section>
      )}
      {lookups && <LinkedItems lookups={lookups} />}
    </PageFrame>
  );
}

function SeriesCard({ series, lookups, onDone }: { series: RecurringSeries; lookups: Lookups; onDone: () => void }) {
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
      <dl className="tx-stats">
        <div>
          <dt>Amount</dt>
          <dd>
            {formatCents(series.amount_cents)}
            {series.variable_amount ? ' (varies)' : ''}
          </dd>
        </div>
        <div>
          <dt>How often</dt>
          <dd>{FREQUENCY_LABELS[series.frequency] ?? series.frequency}</dd>
        </div>
        <div>
          <dt>Next expected</dt>
          <dd>{formatDay(series.next_date)}</dd>
        </div>
        <div>
          <dt>Seen</dt>
          <dd>{plural(series.occurrences, 'time')}</dd>
        </div>
        <div>
          <dt>How sure</dt>
          <dd>{confidenceLabel(series.confidence)}</dd>
        </div>
      </dl>
      <div className="tx-filters">
        <TextField label="Name" value={name} onChange={(e) => setName(e.target.value)} />
        <SelectField label="Category" value={chosenCategory} onChange={(e) => setCategory(e.target.value)}>
          {categories.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </SelectField>
        <SelectField label="Account" value={account} onChange={(e) => setAccount(e.target.value)}>
          {lookups.accounts.map((a) => (
            <option key={a.id} value={a.id}>
              {a.name}
            </option>
          ))}
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

async function firstTransactionDate(db: WyrdDb, series: RecurringSeries): Promise<string | null> {
  const first = series.transaction_ids[0];
  return first ? ((await transactionsTable(db).get(first))?.date ?? null) : null;
}

/** Recurring items linked to transactions: the plan's amount against the latest actual amounts. */
function LinkedItems({ lookups }: { lookups: Lookups }) {
  const db = useDb();
  const data = useLiveQuery(async () => {
    const [items, actuals] = await Promise.all([db.recurring_items.toArray(), linkedActuals(db)]);
    return items.filter((i) => actuals.has(i.id)).map((item) => ({ item, actuals: actuals.get(item.id) ?? [] }));
  }, [db]);
  if (!data || data.length === 0) return null;
  return (
    <section aria-labelledby="tx-linked-title" className="tx-batches">
      <h2 id="tx-linked-title">Planned against actual</h2>
      {data.map(({ item, actuals }) => {
        const planned = Math.round(item.amount * 100);
        return (
          <div key={item.id} className="tx-table-wrap">
            <table className="tx-data-table">
              <caption>
                {item.name} ({lookups.accountName.get(item.account_id) ?? 'Unknown account'}): planned{' '}
                {formatCents(planned)} {FREQUENCY_LABELS[item.frequency]?.toLowerCase()}
              </caption>
              <thead>
                <tr>
                  <th scope="col">Date</th>
                  <th scope="col" className="tx-num">
                    Actual
                  </th>
                  <th scope="col" className="tx-num">
                    Difference from plan
                  </th>
                </tr>
              </thead>
              <tbody>
                {actuals.slice(0, 6).map((a) => (
                  <tr key={a.id}>
                    <td>{formatDay(a.date)}</td>
                    <td className="tx-num">{formatCents(a.amount_cents)}</td>
                    <td className="tx-num">{formatDifference(a.amount_cents - planned)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        );
      })}
    </section>
  );
}

function formatDifference(c: number): string {
  if (c === 0) return 'As planned';
  return c > 0 ? `${formatCents(c)} better` : `${formatCents(-c)} worse`;
}
