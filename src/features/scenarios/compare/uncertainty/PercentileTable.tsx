// The fan charts' text alternative: each scenario's net worth percentiles at yearly points, in a disclosure that
// renders its tables only once opened.
import { useState } from 'react';
import { formatCount, formatMoney } from '../../../../lib/format/money';
import type { UncertaintyResult } from '../../../../../worker/engine/index';
import { shortMonth } from '../SummaryCard';
import { yearlyIndices } from './fan-chart-option';

export function PercentileTables({ result, todaysDollars }: { result: UncertaintyResult; todaysDollars: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <details className="uncertainty-tables" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>{open ? 'Hide table' : 'Show table'}</summary>
      {open &&
        result.scenarios.map((s) => {
          const p = todaysDollars ? s.real : s.nominal;
          return (
            <div key={s.scenario_id} className="uncertainty-table-wrap">
              <table className="uncertainty-table" data-testid="percentile-table">
                <caption>
                  {s.name}: net worth percentiles{todaysDollars ? " in today's dollars" : ''}, {formatCount(s.trials)}{' '}
                  trials
                </caption>
                <thead>
                  <tr>
                    <th scope="col">Month</th>
                    <th scope="col">10th</th>
                    <th scope="col">25th</th>
                    <th scope="col">Median</th>
                    <th scope="col">75th</th>
                    <th scope="col">90th</th>
                  </tr>
                </thead>
                <tbody>
                  {yearlyIndices(s.sample_months).map((i) => (
                    <tr key={s.sample_months[i]}>
                      <th scope="row">{shortMonth(s.sample_months[i])}</th>
                      <td>{formatMoney(p.p10[i])}</td>
                      <td>{formatMoney(p.p25[i])}</td>
                      <td>{formatMoney(p.p50[i])}</td>
                      <td>{formatMoney(p.p75[i])}</td>
                      <td>{formatMoney(p.p90[i])}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          );
        })}
    </details>
  );
}
