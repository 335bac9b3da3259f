// The dashboard's plan-versus-actual card: how far ahead or behind the plan the person is over the recent complete
// months (from the transactions), and "Re-start the forecast from today's balances", which sets the accounts to the
// balances the statements show while keeping the earlier balances to compare with and to go back to.
import { Link } from '@tanstack/react-router';
import { useCallback, useState } from 'react';
import { useDb } from '../../data/db-context';
import type { WyrdDb } from '../../data/db';
import { useLiveQuery } from 'dexie-react-hooks';
import { useLiveSnapshot } from '../../data/use-live-snapshot';
import { comparePlanActual } from '../../data/statements/plan-actual-runner';
import { restartFromActual, restartSnapshot, undoRestart } from '../../data/statements/restart';
import { localToday } from '../../lib/dates/local-today';
import { formatMoney, formatMoneyCents } from '../../lib/format/money';
import './plan-vs-actual-card.css';
import { Button } from '../../components/form/controls';
import { useBusyAction } from '../../components/form/use-busy-action';

/** The recent months the card sums. */
const CARD_MONTHS = 3;
const same = <T,>(value: T) => value;
/**
 * What the comparison reads (loadPlanActual). Not meta: the sync engine writes its cursor there after every round,
 * and re-running the comparison for that was a long task on whatever screen the user had moved to.
 */
// The transactions are stored in tx_blocks (data/tx-blocks.ts).
const CARD_TABLES = ['tx_blocks', 'accounts', 'recurring_items', 'categories', 'scenarios', 'events'] as const;

/** How long a sync pull's changes must stop before the card compares again. */
const CARD_SETTLE_MS = 1_500;

export function PlanVsActualCard() {
  const db = useDb();
  const [message, setMessage] = useState<string | null>(null);
  const [today] = useState(localToday);
  const { busy, run } = useBusyAction();
  // Coalesced re-reads (useLiveSnapshot): a sync pull's commits must not compare again after each chunk. The
  // comparison runs in a worker that reads the database itself (comparePlanActual).
  const read = useCallback(
    (from: WyrdDb, signal: AbortSignal) => comparePlanActual(from, today, CARD_MONTHS, signal),
    [today],
  );
  // A pull's transactions are compared once they stop arriving (CARD_SETTLE_MS), not every re-read gap: each
  // comparison reads two years of them, and the pull's writes waited behind those reads.
  const state = useLiveSnapshot(db, 0, read, same, 'Failed to compare the plan with the transactions', CARD_TABLES, {
    settleMs: CARD_SETTLE_MS,
  });
  // Its own live query: it watches the one meta key, not the sync cursor beside it.
  const snapshot = useLiveQuery(() => restartSnapshot(db), [db]);
  const plan = state.status === 'ready' ? state.data : null;
  if (!plan || plan.accountIds.length === 0 || snapshot === undefined) return null;
  const ahead = plan.aheadBy / 100;
  const months = plan.months.length;

  const restart = () =>
    run(
      async () => {
        const s = await restartFromActual(db, today);
        setMessage(
          s
            ? `Forecast re-started from today's balances (${s.balances.length === 1 ? '1 account' : `${s.balances.length} accounts`}).`
            : "Your accounts already have the statements' balances.",
        );
      },
      'Failed to re-start the forecast',
      () => setMessage('Could not re-start the forecast.'),
    );
  const goBack = () =>
    run(
      async () => {
        await undoRestart(db);
        setMessage('Back to the earlier plan.');
      },
      'Failed to go back to the earlier plan',
      () => setMessage('Could not go back to the earlier plan.'),
    );

  const before = snapshot?.balances.reduce((s, b) => s + b.before, 0) ?? 0;
  const after = snapshot?.balances.reduce((s, b) => s + b.after, 0) ?? 0;

  return (
    <section className="card dashboard-card" aria-labelledby="plan-actual-card-title">
      <h2 id="plan-actual-card-title">Plan vs actual</h2>
      {months === 0 ? (
        <p>There is no complete month of transactions to compare yet.</p>
      ) : (
        <p role="status">
          {ahead === 0
            ? `On plan over the last ${months === 1 ? 'month' : `${months} months`}.`
            : `${formatMoney(Math.abs(ahead))} ${ahead > 0 ? 'ahead of' : 'behind'} the plan over the last ${
                months === 1 ? 'month' : `${months} months`
              }.`}
        </p>
      )}
      {snapshot && (
        <p>
          Re-started from the statements&apos; balances on {snapshot.as_of}: those accounts went from{' '}
          {formatMoneyCents(before)} to {formatMoneyCents(after)} in the earlier plan&apos;s place.
        </p>
      )}
      {message && <p role="status">{message}</p>}
      <div className="plan-actual-card-actions">
        <Link to="/transactions/plan" className="button button-ghost">
          See plan vs actual
        </Link>
        <Button type="button" className="button button-ghost" disabled={busy} onClick={() => void restart()}>
          Re-start the forecast from today&apos;s balances
        </Button>
        {snapshot && (
          <Button type="button" className="button button-ghost" disabled={busy} onClick={() => void goBack()}>
            Go back to the earlier plan
          </Button>
        )}
      </div>
    </section>
  );
}
