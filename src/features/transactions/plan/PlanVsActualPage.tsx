// Plan versus actual: for each past month, what the plan's recurring items expected against what the transactions
// show, per category and in total, with the variance; and each account's expected against actual month-end balance.
// Months are a tab list (arrow keys, Home, End); each category links to its transactions; bars sit beside the
// figures in the tables, which are the screen's content (no figure is only in a picture).
import { Link } from '@tanstack/react-router';
import { useLiveQuery } from 'dexie-react-hooks';
import { useRef, useState, type KeyboardEvent } from 'react';
import { PageFrame } from '../../../components/layout/PageFrame';
import { useDb } from '../../../data/db-context';
import { loadPlanActual, type MonthResult } from '../../../data/statements/plan-actual';
import { localToday } from '../../../lib/dates/local-today';
import type { TimingNote } from '../../../../worker/engine/index';
import { formatCents, formatDay, formatMonth } from '../tx-format';
import { Button } from '../ui';
import '../transactions.css';

export function varianceText(c: number, kind: 'net' | 'balance' = 'net'): string {
  if (c === 0) return 'On plan';
  const word = kind === 'balance' ? (c > 0 ? 'higher' : 'lower') : c > 0 ? 'better' : 'worse';
  return `${formatCents(Math.abs(c))} ${word}`;
}

export function PlanVsActualPage() {
  const db = useDb();
  const [today] = useState(localToday);
  const data = useLiveQuery(
    () =>
      loadPlanActual(db, today).catch((err: unknown) => {
        console.error('Failed to compare the plan with the transactions', err);
        return null;
      }),
    [db, today],
  );
  const [chosen, setChosen] = useState<string | null>(null);
  const tabs = useRef<Array<HTMLButtonElement | null>>([]);

  const months = data?.months ?? [];
  const index = Math.max(0, chosen ? months.findIndex((m) => m.month === chosen) : months.length - 1);
  const month = months[index] as MonthResult | undefined;

  const onKey = (e: KeyboardEvent) => {
    const to =
      e.key === 'ArrowRight' || e.key === 'ArrowDown'
        ? index + 1
        : e.key === 'ArrowLeft' || e.key === 'ArrowUp'
          ? index - 1
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? months.length - 1
              : null;
    if (to === null) return;
    e.preventDefault();
    const next = Math.min(months.length - 1, Math.max(0, to));
    setChosen(months[next].month);
    tabs.current[next]?.focus();
  };

  return (
    <PageFrame
      title="Plan vs actual"
      testId="plan-actual"
      actions={
        <Link to="/transactions" className="button button-ghost">
          Back to transactions
        </Link>
      }
    >
      {data === undefined && (
        <p className="money-status" role="status">
          Comparing your plan with your transactions...
        </p>
      )}
      {data === null && (
        <div className="card money-error" role="alert">
          <p>Could not compare the plan with your transactions</p>
        </div>
      )}
      {data && months.length === 0 && (
        <div className="card money-empty">
          <p>There is no complete month of transactions to compare yet.</p>
          <Link to="/transactions/import" className="button button-primary">
            Import statements
          </Link>
        </div>
      )}
      {data && month && (
        <>
          <p className="tx-summary" role="status">
            {summaryText(data.aheadBy, months.length)}
          </p>
          <div className="tx-months" role="tablist" aria-label="Month" onKeyDown={onKey}>
            {months.map((m, i) => (
              <Button
                key={m.month}
                ref={(el) => {
                  tabs.current[i] = el;
                }}
                role="tab"
                id={`tx-month-${m.month}`}
                aria-selected={i === index}
                aria-controls="tx-month-panel"
                tabIndex={i === index ? 0 : -1}
                variant={i === index ? 'primary' : 'ghost'}
                onClick={() => setChosen(m.month)}
              >
                {formatMonth(m.month)}
              </Button>
            ))}
          </div>
          <div id="tx-month-panel" role="tabpanel" aria-labelledby={`tx-month-${month.month}`}>
            <MonthDetail month={month} />
          </div>
          <MonthsTable months={months} />
        </>
      )}
    </PageFrame>
  );
}

function summaryText(aheadBy: number, n: number): string {
  const span = n === 1 ? 'Last month' : `Over the last ${n} months`;
  if (aheadBy === 0) return `${span} you were exactly on plan.`;
  return `${span} you were ${formatCents(Math.abs(aheadBy))} ${aheadBy > 0 ? 'ahead of' : 'behind'} the plan.`;
}

function lastDay(month: string): string {
  const [y, m] = month.split('-').map(Number);
  return `${month}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, '0')}`;
}

function MonthDetail({ month }: { month: MonthResult }) {
  const max = Math.max(1, ...month.categories.flatMap((c) => [Math.abs(c.expected), Math.abs(c.actual)]));
  const from = `${month.month}-01`;
  const to = lastDay(month.month);
  return (
    <>
      <dl className="tx-stats" aria-label={`${formatMonth(month.month)} totals`}>
        <div>
          <dt>Plan expected</dt>
          <dd>{formatCents(month.expectedNet)}</dd>
        </div>
        <div>
          <dt>Actual</dt>
          <dd>{formatCents(month.actualNet)}</dd>
        </div>
        <div>
          <dt>Difference</dt>
          <dd className={month.variance < 0 ? 'money-negative' : 'money-positive'}>{varianceText(month.variance)}</dd>
        </div>
      </dl>
      <div className="tx-table-wrap">
        <table className="tx-data-table">
          <caption>{formatMonth(month.month)} by category</caption>
          <ComparisonHead first="Category" expected="Expected" bar />
          <tbody>
            {month.categories.map((c) => (
              <tr key={c.category_id ?? 'none'}>
                <th scope="row">
                  <Link
                    to="/transactions"
                    search={{ category: c.category_id ?? 'none', from, to }}
                    aria-label={`${c.name}: see ${formatMonth(month.month)} transactions`}
                  >
                    {c.name}
                  </Link>
                </th>
                <td className="tx-num">{formatCents(c.expected)}</td>
                <td className="tx-num">{formatCents(c.actual)}</td>
                <td className={c.variance < 0 ? 'tx-num money-negative' : 'tx-num'}>{varianceText(c.variance)}</td>
                <td aria-hidden="true">
                  <span className="tx-bar" style={{ width: `${(Math.abs(c.expected) / max) * 6}rem` }} />
                  <br />
                  <span
                    className={c.variance < 0 ? 'tx-bar tx-bar-over' : 'tx-bar'}
                    style={{ width: `${(Math.abs(c.actual) / max) * 6}rem`, opacity: 0.6 }}
                  />
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">Total</th>
              <td className="tx-num">{formatCents(month.expectedNet)}</td>
              <td className="tx-num">{formatCents(month.actualNet)}</td>
              <td className="tx-num">{varianceText(month.variance)}</td>
              <td aria-hidden="true" />
            </tr>
          </tfoot>
        </table>
      </div>
      {month.timing.length > 0 && (
        <section aria-labelledby="tx-timing-title">
          <h3 id="tx-timing-title">Planned payments that did not go to plan</h3>
          <ul>
            {month.timing.map((t) => (
              <li key={`${t.item_id}-${t.expected_date}`}>{timingText(t)}</li>
            ))}
          </ul>
        </section>
      )}
      <div className="tx-table-wrap">
        <table className="tx-data-table">
          <caption>Account balances at the end of {formatMonth(month.month)}</caption>
          <ComparisonHead first="Account" />
          <tbody>
            {month.accounts.map((a) => (
              <tr key={a.account_id}>
                <th scope="row">{a.name}</th>
                <td className="tx-num">{a.expected === null ? 'Not known' : formatCents(a.expected)}</td>
                <td className="tx-num">{a.actual === null ? 'Not known' : formatCents(a.actual)}</td>
                <td className={a.variance !== null && a.variance < 0 ? 'tx-num money-negative' : 'tx-num'}>
                  {a.variance === null ? '' : varianceText(a.variance, 'balance')}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** The column heads the plan-versus-actual tables share; `bar` adds the unlabelled column of drawn bars. */
function ComparisonHead({
  first,
  expected = 'Plan expected',
  bar = false,
}: {
  first: string;
  expected?: string;
  bar?: boolean;
}) {
  return (
    <thead>
      <tr>
        <th scope="col">{first}</th>
        <th scope="col" className="tx-num">
          {expected}
        </th>
        <th scope="col" className="tx-num">
          Actual
        </th>
        <th scope="col" className="tx-num">
          Difference
        </th>
        {bar && <th scope="col" aria-hidden="true" />}
      </tr>
    </thead>
  );
}

function timingText(t: TimingNote): string {
  const due = `${t.name} (${formatCents(t.expected_cents)}, due ${formatDay(t.expected_date)})`;
  const days = Math.abs(t.days_off ?? 0);
  const span = days === 1 ? '1 day' : `${days} days`;
  if (t.status === 'early') return `${due}: paid ${span} early, ${formatDay(t.actual_date ?? t.expected_date)}`;
  if (t.status === 'late') return `${due}: paid ${span} late, ${formatDay(t.actual_date ?? t.expected_date)}`;
  if (t.status === 'pending') return `${due}: not paid yet`;
  return `${due}: not paid`;
}

function MonthsTable({ months }: { months: MonthResult[] }) {
  return (
    <div className="tx-table-wrap">
      <table className="tx-data-table">
        <caption>Every month</caption>
        <ComparisonHead first="Month" />
        <tbody>
          {months.map((m) => (
            <tr key={m.month}>
              <th scope="row">{formatMonth(m.month)}</th>
              <td className="tx-num">{formatCents(m.expectedNet)}</td>
              <td className="tx-num">{formatCents(m.actualNet)}</td>
              <td className={m.variance < 0 ? 'tx-num money-negative' : 'tx-num'}>{varianceText(m.variance)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
