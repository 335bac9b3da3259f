// The dashboard (docs/product.md section 2, Dashboard): net worth, last month's cash flow and spending by category, live
// from the user's local database: the data layer reads the ledger, the engine's dashboardData computes the
// figures (hypothetical scenario entities never count). Amounts show no decimals; a zero shows as $0, without a sign
// or a colour. With no accounts yet it opens with the ways to start (StartChoices), and every empty card says what
// it is for and links to the screen that fills it.
import { lazy, memo, Suspense, useEffect, useState } from 'react';
import { PageFrame } from '../../components/layout/PageFrame';
import { useDb } from '../../data/db-context';
import type { Ledger } from '../../data/repositories/summaries';
import { useLedger } from '../../data/ledger-source';
import { displayedSign, formatMoney, formatPercent, formatSignedMoney } from '../../lib/format/money';
import { Link } from '@tanstack/react-router';
import { useLiveQuery } from 'dexie-react-hooks';
import { StartChoices } from '../../components/start/StartChoices';
import { GUIDED_STEPS, readGuidedStart } from '../../data/guided-start';
import type { DashboardData } from '../../../worker/engine/index';
import { computeDashboard, computedDashboard, DashboardCancelled } from './compute-dashboard';
import '../../components/row-list/money-list.css';
import './dashboard.css';
import { localToday } from '../../lib/dates/local-today';
import { LoadStatus } from '../../components/row-list/LoadStatus';

const keepLedger = (ledger: Ledger) => ledger;
/**
 * The plan-versus-actual card is its own chunk, shown after the figures: its comparison code (and the repositories
 * behind "Re-start the forecast") stays out of the dashboard's first paint.
 */
const PlanVsActualCard = lazy(() => import('./PlanVsActualCard').then((m) => ({ default: m.PlanVsActualCard })));

/** Today's calendar date on this device (YYYY-MM-DD): "last month" is the user's previous calendar month. */
export function DashboardPage() {
  const db = useDb();
  const guided = useLiveQuery(() => readGuidedStart(db), [db]);
  const [attempt, setAttempt] = useState(0);
  const [today] = useState(localToday);
  // The kept ledger (useLedger): coalesced re-reads, so a sync pull's stream of commits must not restart the
  // figures forever; and read once for the screens that show it.
  const state = useLedger(db, attempt, keepLedger);
  const ledger = state.status === 'ready' ? state.data : null;
  // The figures for the latest ledger, computed in slices off the render path; stale results are dropped. Those
  // already computed for this snapshot of the kept ledger show on the first render.
  const [computed, setComputed] = useState<
    { ledger: Ledger; data: DashboardData } | { ledger: Ledger; failed: true } | null
  >(() => {
    const known = ledger && computedDashboard(ledger, today);
    return known && ledger ? { ledger, data: known } : null;
  });
  useEffect(() => {
    if (!ledger) return;
    let superseded = false;
    computeDashboard(ledger, today, () => superseded).then(
      (data) => !superseded && setComputed({ ledger, data }),
      (err: unknown) => {
        if (superseded || err instanceof DashboardCancelled) return;
        console.error('Failed to load dashboard data', err);
        setComputed({ ledger, failed: true });
      },
    );
    return () => {
      superseded = true;
    };
  }, [ledger, today]);
  const failed = state.status === 'error' || (computed !== null && 'failed' in computed && computed.ledger === ledger);
  const data = computed && 'data' in computed ? computed.data : null;

  return (
    <PageFrame title="Dashboard" testId="dashboard">
      <LoadStatus
        status={failed ? 'error' : data ? 'ready' : 'loading'}
        loading="Loading dashboard..."
        failed="Failed to load dashboard data"
        onRetry={() => setAttempt((n) => n + 1)}
      />
      {!failed && data && ledger && ownAccounts(ledger) === 0 && <StartChoices />}
      {!failed && data && ledger && ownAccounts(ledger) > 0 && guided && !guided.completed.includes('finish') && (
        <p className="card dashboard-carry-on">
          You are part-way through setting up your plan (step {GUIDED_STEPS.indexOf(guided.step) + 1} of{' '}
          {GUIDED_STEPS.length}). <Link to="/start">Carry on</Link>
        </p>
      )}
      {!failed && data && <DashboardCards data={data} />}
      {/* After the figures: its read (the ledger and months of transactions) and comparison must not hold them up. */}
      {(failed || data) && (
        <Suspense fallback={null}>
          <PlanVsActualCard />
        </Suspense>
      )}
    </PageFrame>
  );
}

/** Accounts the user entered or their baseline made (a what-if scenario's are hypothetical). */
function ownAccounts(ledger: Ledger): number {
  return ledger.accounts.filter((a) => !a.scenario_event_id).length;
}

/** A signed figure: +$1,234 in green, -$1,234 in red, and $0 plain. */
function Signed({ value, className }: { value: number; className: string }) {
  const sign = displayedSign(value);
  const tone = sign > 0 ? 'money-positive' : sign < 0 ? 'money-negative' : 'dashboard-zero';
  return <span className={`${className} ${tone}`}>{sign === 0 ? formatMoney(0) : formatSignedMoney(value)}</span>;
}

/** An unsigned figure coloured by its role, plain when it is $0. */
function toned(value: number, tone: string): string | undefined {
  return displayedSign(value) === 0 ? undefined : tone;
}

const DashboardCards = memo(function DashboardCards({ data }: { data: DashboardData }) {
  const { net_worth: nw, cash_flow: cf, spending_by_category: spending } = data;
  return (
    <div className="dashboard-grid">
      <section className="card dashboard-card" aria-labelledby="dash-net-worth">
        <h2 id="dash-net-worth">Net Worth</h2>
        <p className="dashboard-total-line">
          <Signed value={nw.net_worth} className="dashboard-total" />
        </p>
        {nw.total_assets === 0 && nw.total_liabilities === 0 && (
          <p className="dashboard-empty">
            What you own minus what you owe. <Link to="/accounts">Add your accounts</Link> to see it.
          </p>
        )}
        <dl className="dashboard-figures">
          <div>
            <dt>Total Assets</dt>
            <dd>{formatMoney(nw.total_assets)}</dd>
          </div>
          <div>
            <dt>Total Liabilities</dt>
            <dd>{formatMoney(Math.abs(nw.total_liabilities))}</dd>
          </div>
        </dl>
      </section>
      <section className="card dashboard-card" aria-labelledby="dash-cash-flow">
        <h2 id="dash-cash-flow">Cash Flow (Last Month)</h2>
        <dl className="dashboard-figures">
          <div>
            <dt>Total Income</dt>
            <dd className={toned(cf.total_income, 'money-positive')}>{formatMoney(cf.total_income)}</dd>
          </div>
          <div>
            <dt>Total Expenses</dt>
            <dd className={toned(cf.total_expenses, 'money-negative')}>{formatMoney(cf.total_expenses)}</dd>
          </div>
          <div>
            <dt>Net Cash Flow</dt>
            <dd>
              <Signed value={cf.net_cash_flow} className="dashboard-figure" />
            </dd>
          </div>
        </dl>
        {cf.total_income === 0 && cf.total_expenses === 0 && (
          <p className="dashboard-empty">
            Money in and out last month, from your pay and regular bills.{' '}
            <Link to="/recurring-items">Add your pay and bills</Link>
          </p>
        )}
      </section>
      <section className="card dashboard-card dashboard-spending" aria-labelledby="dash-spending">
        <h2 id="dash-spending">Spending by Category (Last Month)</h2>
        {spending.categories.length === 0 ? (
          <>
            <p className="money-status">No spending data available</p>
            <p className="dashboard-empty">
              Where last month&apos;s spending went, by category, from your regular bills.{' '}
              <Link to="/recurring-items">Add a bill</Link>
            </p>
          </>
        ) : (
          <ul className="spending-list" aria-labelledby="dash-spending">
            {spending.categories.map((c) => (
              <li key={c.category_id} className="spending-item">
                <div className="spending-line">
                  <span className="spending-name">{c.category_name}</span>
                  <span className="spending-amount">{formatMoney(c.amount)}</span>
                  <span className="spending-percent">{formatPercent(c.percentage)}</span>
                </div>
                <div className="spending-bar" aria-hidden="true">
                  <div
                    className="spending-bar-fill"
                    style={{ width: `${Math.min(100, Math.max(0, c.percentage))}%` }}
                  />
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
});
