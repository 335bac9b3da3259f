// The projection's results: the today's-dollars note, one summary card per scenario, and the three charts (a month
// picked on a chart opens its explanation).
import { CompareCharts } from './CompareCharts';
import { ExplainMonth } from './explain/ExplainMonth';
import { SummaryCard } from './SummaryCard';
import type { CompareResult } from './use-compare-run';

type Props = { result: CompareResult; running: boolean; todaysDollars: boolean };

export function CompareResults({ result, running, todaysDollars }: Props) {
  return (
    <div className="compare-results" aria-busy={running} data-testid="compare-results" data-years={result.view.years}>
      {todaysDollars && (
        <p className="compare-real-note" role="note">
          Figures in today&apos;s dollars: deflated by {result.view.inflation_rate}% a year inflation from{' '}
          {result.view.as_of}.
        </p>
      )}
      <div className="compare-cards">
        {result.view.scenarios.map((s, i) => (
          <SummaryCard
            key={s.scenario_id}
            scenario={s}
            index={i}
            years={result.view.years}
            todaysDollars={todaysDollars}
          />
        ))}
      </div>
      <ExplainMonth key={result.run} view={result.view}>
        {(pickDate) => (
          <CompareCharts
            key={`${result.run}-${todaysDollars ? 'real' : 'nominal'}`}
            view={result.view}
            todaysDollars={todaysDollars}
            onPickDate={pickDate}
            drawWhenNear={result.opening}
          />
        )}
      </ExplainMonth>
    </div>
  );
}
