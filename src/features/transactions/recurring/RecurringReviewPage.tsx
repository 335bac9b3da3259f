// Reviewing recurring series found in the transactions: each proposal (payee, amount, how often, next date, how
// many times seen, how sure) can be added to Recurring Items (with a name, category and account; its transactions
// are linked to the new item) or dismissed. Items already linked show their recent actual amounts against the plan.
import { useDb } from '../../../data/db-context';
import { SubPageFrame } from '../SubPageFrame';
import { plural } from '../tx-format';
import { Button, StatusLine } from '../ui';
import { useTxLookups } from '../use-tx-lookups';
import { LinkedItems } from './LinkedItems';
import { SeriesCard } from './SeriesCard';
import { useRecurringReview } from './use-recurring-review';
import '../transactions.css';

export function RecurringReviewPage() {
  const db = useDb();
  const lookups = useTxLookups(db);
  const { found, run, drop } = useRecurringReview(db);

  return (
    <SubPageFrame title="Recurring items from your transactions" testId="recurring-review">
      <p className="money-status">
        Wyrd looks for pay, rent, bills and subscriptions that repeat in your transactions. Add the ones you expect to
        continue: they become Recurring Items in your plan.
      </p>
      <div className="tx-step-actions">
        <Button variant="primary" disabled={found.status === 'running'} onClick={() => void run()}>
          {found.status === 'done' ? 'Look again' : 'Find recurring items'}
        </Button>
      </div>
      {found.status === 'running' && <StatusLine>Looking through your transactions...</StatusLine>}
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
    </SubPageFrame>
  );
}
