// One month of plan versus actual: its totals, each category (linking to its transactions) with bars, the planned
// payments that did not go to plan, and each account's expected against actual balance at the month's end; and
// the table of every month.
import { Link } from '@tanstack/react-router';
import type { MonthResult } from '../../../data/statements/plan-actual';
import { formatCents, formatMonth } from '../tx-format';
import { Stats } from '../ui';
import { ComparisonTable } from './ComparisonTable';
import { timingText, varianceText } from './plan-text';

function lastDay(month: string): string {
  const [y, m] = month.split('-').map(Number);
  return `${month}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, '0')}`;
}

const varianceClass = (c: number | null) => (c !== null && c < 0 ? 'tx-num money-negative' : 'tx-num');

/** The categories of one month, each linking to its transactions in that month, with bars drawn beside. */
function CategoryTable({ month }: { month: MonthResult }) {
  const max = Math.max(1, ...month.categories.flatMap((c) => [Math.abs(c.expected), Math.abs(c.actual)]));
  const from = `${month.month}-01`;
  const to = lastDay(month.month);
  const foot = (
    <tr>
      <th scope="row">Total</th>
      <td className="tx-num">{formatCents(month.expectedNet)}</td>
      <td className="tx-num">{formatCents(month.actualNet)}</td>
      <td className="tx-num">{varianceText(month.variance)}</td>
      <td aria-hidden="true" />
    </tr>
  );
  return (
    <ComparisonTable
      caption={`${formatMonth(month.month)} by category`}
      first="Category"
      expected="Expected"
      bar
      foot={foot}
    >
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
          <td className={varianceClass(c.variance)}>{varianceText(c.variance)}</td>
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
    </ComparisonTable>
  );
}

export function MonthDetail({ month }: { month: MonthResult }) {
  return (
    <>
      <Stats
        label={`${formatMonth(month.month)} totals`}
        items={[
          { term: 'Plan expected', value: formatCents(month.expectedNet) },
          { term: 'Actual', value: formatCents(month.actualNet) },
          {
            term: 'Difference',
            value: varianceText(month.variance),
            className: month.variance < 0 ? 'money-negative' : 'money-positive',
          },
        ]}
      />
      <CategoryTable month={month} />
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
      <ComparisonTable caption={`Account balances at the end of ${formatMonth(month.month)}`} first="Account">
        {month.accounts.map((a) => (
          <tr key={a.account_id}>
            <th scope="row">{a.name}</th>
            <td className="tx-num">{a.expected === null ? 'Not known' : formatCents(a.expected)}</td>
            <td className="tx-num">{a.actual === null ? 'Not known' : formatCents(a.actual)}</td>
            <td className={varianceClass(a.variance)}>
              {a.variance === null ? '' : varianceText(a.variance, 'balance')}
            </td>
          </tr>
        ))}
      </ComparisonTable>
    </>
  );
}

export function MonthsTable({ months }: { months: MonthResult[] }) {
  return (
    <ComparisonTable caption="Every month" first="Month">
      {months.map((m) => (
        <tr key={m.month}>
          <th scope="row">{formatMonth(m.month)}</th>
          <td className="tx-num">{formatCents(m.expectedNet)}</td>
          <td className="tx-num">{formatCents(m.actualNet)}</td>
          <td className={varianceClass(m.variance)}>{varianceText(m.variance)}</td>
        </tr>
      ))}
    </ComparisonTable>
  );
}
