// Recurring items linked to transactions: the plan's amount against the latest actual amounts.
import { useLiveQuery } from 'dexie-react-hooks';
import { useDb } from '../../../data/db-context';
import { formatCents, formatDay } from '../tx-format';
import { DataTable } from '../ui';
import type { Lookups } from '../use-tx-lookups';
import { linkedActuals } from './detect';
import { FREQUENCY_LABELS } from './labels';

function formatDifference(c: number): string {
  if (c === 0) return 'As planned';
  return c > 0 ? `${formatCents(c)} better` : `${formatCents(-c)} worse`;
}

export function LinkedItems({ lookups }: { lookups: Lookups }) {
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
          <DataTable
            key={item.id}
            caption={
              <>
                {item.name} ({lookups.accountName.get(item.account_id) ?? 'Unknown account'}): planned{' '}
                {formatCents(planned)} {FREQUENCY_LABELS[item.frequency]?.toLowerCase()}
              </>
            }
            columns={['Date', { label: 'Actual', num: true }, { label: 'Difference from plan', num: true }]}
          >
            {actuals.slice(0, 6).map((a) => (
              <tr key={a.id}>
                <td>{formatDay(a.date)}</td>
                <td className="tx-num">{formatCents(a.amount_cents)}</td>
                <td className="tx-num">{formatDifference(a.amount_cents - planned)}</td>
              </tr>
            ))}
          </DataTable>
        );
      })}
    </section>
  );
}
