// One fan chart per scenario (net worth percentiles), 300 px high, mounted one after another (each once the previous
// one has drawn) so drawing several never adds up to one long main-thread task.
import { useMemo, useState } from 'react';
import { Chart } from '../../../../components/charts/LazyChart';
import type { UncertaintyResult } from '../../../../../worker/engine/index';
import { fanChartOption } from './fan-chart-option';

export const FAN_CHART_HEIGHT = 300;

function useCompact(): boolean {
  const [compact] = useState(
    () =>
      typeof window !== 'undefined' &&
      typeof window.matchMedia === 'function' &&
      window.matchMedia('(max-width: 600px)').matches,
  );
  return compact;
}

export function FanCharts({ result, todaysDollars }: { result: UncertaintyResult; todaysDollars: boolean }) {
  const compact = useCompact();
  const [drawn, setDrawn] = useState(0);
  const charts = useMemo(
    () =>
      result.scenarios.map((s, index) => ({
        id: s.scenario_id,
        title: `${s.name}: net worth range`,
        option: fanChartOption({
          name: s.name,
          index,
          months: s.sample_months,
          percentiles: todaysDollars ? s.real : s.nominal,
          todaysDollars,
          compact,
        }),
      })),
    [result, todaysDollars, compact],
  );
  return (
    <div
      className="uncertainty-charts"
      data-testid="fan-charts"
      data-charts-drawn={drawn >= charts.length ? 'true' : 'false'}
    >
      {charts.map((c, i) => (
        <section key={c.id} className="compare-chart" aria-label={c.title}>
          <h3>{c.title}</h3>
          {todaysDollars && <p className="compare-chart-real">In today&apos;s dollars</p>}
          {i <= drawn ? (
            <Chart
              option={c.option}
              height={FAN_CHART_HEIGHT}
              ariaLabel={`${c.title}: 10th to 90th and 25th to 75th percentile bands and the median. The table below lists the figures.`}
              onDrawn={() => setDrawn((n) => Math.max(n, i + 1))}
            />
          ) : (
            <div className="chart-placeholder" style={{ height: FAN_CHART_HEIGHT }} aria-hidden="true" />
          )}
        </section>
      ))}
    </div>
  );
}
