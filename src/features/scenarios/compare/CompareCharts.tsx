// The compare screen's three charts, each 400 px high. They mount one after another (each once the previous one
// has drawn) so no single main-thread task has to initialise and draw all three.
import { memo, useMemo, useState } from 'react';
import { Chart } from '../../../components/charts/LazyChart';
import {
  capitalGrowthOption,
  cashFlowOption,
  netWorthOption,
  type ChartInput,
  type ChartOption,
} from '../../../components/charts/chart-options';
import type { CompareView, SeriesPair } from '../../../../worker/engine/index';

export const CHART_HEIGHT = 400;

type ChartSpec = { title: string; subtitle?: string; option: ChartOption };

function useCompact(): boolean {
  const [compact] = useState(
    () =>
      typeof window !== 'undefined' &&
      typeof window.matchMedia === 'function' &&
      window.matchMedia('(max-width: 600px)').matches,
  );
  return compact;
}

/** Memoised: the explain month control around it re-renders as its month moves; the charts must not. */
export const CompareCharts = memo(function CompareCharts({
  view,
  todaysDollars,
  onPickDate,
}: {
  view: CompareView;
  todaysDollars: boolean;
  /** A click on a chart picks the date of the point nearest it (explain this number). */
  onPickDate?: (date: string) => void;
}) {
  const compact = useCompact();
  const [drawn, setDrawn] = useState(0);
  const charts = useMemo<ChartSpec[]>(() => {
    const input = (pick: (s: CompareView['scenarios'][number]) => SeriesPair): ChartInput => ({
      dates: view.dates,
      series: view.scenarios.map((s) => ({ name: s.name, values: todaysDollars ? pick(s).real : pick(s).nominal })),
      todaysDollars,
      compact,
    });
    return [
      { title: 'Net Worth Projection', option: netWorthOption(input((s) => s.net_worth)) },
      {
        title: 'Monthly Capital Growth',
        subtitle: 'Shows property/asset appreciation over time',
        option: capitalGrowthOption(input((s) => s.capital_growth)),
      },
      {
        title: 'Monthly Cash Flow Projection',
        subtitle: 'Shows income minus expenses (green = positive, orange/red = negative)',
        option: cashFlowOption(input((s) => s.cash_flow)),
      },
    ];
  }, [view, todaysDollars, compact]);

  return (
    <div
      className="compare-charts"
      data-testid="compare-charts"
      data-charts-drawn={drawn >= charts.length ? 'true' : 'false'}
    >
      {charts.map((c, i) => (
        <section key={c.title} className="compare-chart" aria-label={c.title}>
          <h2>{c.title}</h2>
          {c.subtitle && <p className="compare-chart-subtitle">{c.subtitle}</p>}
          {todaysDollars && (
            <p className="compare-chart-real">In today&apos;s dollars ({view.inflation_rate}% a year inflation)</p>
          )}
          {i <= drawn ? (
            <Chart
              option={c.option}
              height={CHART_HEIGHT}
              ariaLabel={c.title}
              onDrawn={() => setDrawn((n) => Math.max(n, i + 1))}
              onCategoryClick={onPickDate && ((index) => view.dates[index] && onPickDate(view.dates[index]))}
            />
          ) : (
            <div className="chart-placeholder" style={{ height: CHART_HEIGHT }} aria-hidden="true" />
          )}
        </section>
      ))}
    </div>
  );
});
