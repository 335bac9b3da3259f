// The compare screen's three charts, each 400 px high. They mount one after another (each once the previous one
// has drawn) so no single main-thread task has to initialise and draw all three.
import { memo, useMemo } from 'react';
import { ChartSequence, useCompactCharts, type SequencedChart } from '../../../components/charts/ChartSequence';
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

/** Memoised: the explain month control around it re-renders as its month moves; the charts must not. */
export const CompareCharts = memo(function CompareCharts({
  view,
  todaysDollars,
  onPickDate,
  drawWhenNear = false,
}: {
  view: CompareView;
  todaysDollars: boolean;
  /** A click on a chart picks the date of the point nearest it (explain this number). */
  onPickDate?: (date: string) => void;
  /** Each chart draws only once it nears the viewport (ChartSequence). */
  drawWhenNear?: boolean;
}) {
  const compact = useCompactCharts();
  const charts = useMemo<SequencedChart[]>(() => {
    const input = (pick: (s: CompareView['scenarios'][number]) => SeriesPair): ChartInput => ({
      dates: view.dates,
      series: view.scenarios.map((s) => ({ name: s.name, values: todaysDollars ? pick(s).real : pick(s).nominal })),
      todaysDollars,
      compact,
    });
    const specs: ChartSpec[] = [
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
    return specs.map((c) => ({
      key: c.title,
      title: c.title,
      ariaLabel: c.title,
      option: c.option,
      head: (
        <>
          <h2>{c.title}</h2>
          {c.subtitle && <p className="compare-chart-subtitle">{c.subtitle}</p>}
          {todaysDollars && (
            <p className="compare-chart-real">In today&apos;s dollars ({view.inflation_rate}% a year inflation)</p>
          )}
        </>
      ),
    }));
  }, [view, todaysDollars, compact]);

  return (
    <ChartSequence
      charts={charts}
      height={CHART_HEIGHT}
      className="compare-charts"
      sectionClassName="compare-chart"
      testId="compare-charts"
      drawWhenNear={drawWhenNear}
      onCategoryClick={onPickDate && ((index) => view.dates[index] && onPickDate(view.dates[index]))}
    />
  );
});
