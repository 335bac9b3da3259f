// Plan versus actual: for each past month, what the plan's recurring items expected against what the transactions
// show, per category and in total, with the variance; and each account's expected against actual month-end balance.
// Months are a tab list (arrow keys, Home, End); each category links to its transactions; bars sit beside the
// figures in the tables, which are the screen's content (no figure is only in a picture).
import { Link } from '@tanstack/react-router';
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { useDb } from '../../../data/db-context';
import { loadPlanActual, type MonthResult } from '../../../data/statements/plan-actual';
import { localToday } from '../../../lib/dates/local-today';
import { SubPageFrame } from '../SubPageFrame';
import { EmptyCard, FailedCard, StatusLine } from '../ui';
import { MonthDetail, MonthsTable } from './MonthDetail';
import { MonthTabs } from './MonthTabs';
import { summaryText } from './plan-text';
import '../transactions.css';

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

  const months = data?.months ?? [];
  const index = Math.max(0, chosen ? months.findIndex((m) => m.month === chosen) : months.length - 1);
  const month = months[index] as MonthResult | undefined;

  return (
    <SubPageFrame title="Plan vs actual" testId="plan-actual">
      {data === undefined && <StatusLine>Comparing your plan with your transactions...</StatusLine>}
      {data === null && <FailedCard>Could not compare the plan with your transactions</FailedCard>}
      {data && months.length === 0 && (
        <EmptyCard>
          <p>There is no complete month of transactions to compare yet.</p>
          <Link to="/transactions/import" className="button button-primary">
            Import statements
          </Link>
        </EmptyCard>
      )}
      {data && month && (
        <>
          <p className="tx-summary" role="status">
            {summaryText(data.aheadBy, months.length)}
          </p>
          <MonthTabs months={months} index={index} choose={setChosen} />
          <div id="tx-month-panel" role="tabpanel" aria-labelledby={`tx-month-${month.month}`}>
            <MonthDetail month={month} />
          </div>
          <MonthsTable months={months} />
        </>
      )}
    </SubPageFrame>
  );
}
